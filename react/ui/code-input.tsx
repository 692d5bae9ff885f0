/**
 * A code typed into one slot per character (an emailed sign-in code, an authenticator app's
 * code): only the characters the code can hold, upper-cased as typed, a pasted code fills every
 * slot, Backspace and the arrow keys move between slots.
 */
import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';

/** Keeps letters and digits, upper-cased. */
export const normalizeCode = (text: string) => text.replace(/[^a-z0-9]/gi, '').toUpperCase();
/** Keeps digits. */
const digitsOnly = (text: string) => text.replace(/[^0-9]/g, '');

/** Props of `CodeInput`. */
export interface CodeInputProps {
  length: number;
  value: string;
  onChange(value: string): void;
  disabled?: boolean;
  /** Accessible name of the group, e.g. 'Sign-in code'. */
  label: string;
  invalid?: boolean;
  describedBy?: string;
  /** Which characters the code holds: letters and digits (default), or digits only. */
  kind?: 'alphanumeric' | 'numeric';
}

/** A row of one-character inputs that behaves as one field. */
export function CodeInput({
  length,
  value,
  onChange,
  disabled,
  label,
  invalid,
  describedBy,
  kind = 'alphanumeric',
}: CodeInputProps) {
  const normalize = kind === 'numeric' ? digitsOnly : normalizeCode;
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  const focus = (index: number) => inputs.current[Math.max(0, Math.min(length - 1, index))]?.focus();

  const setFrom = (index: number, text: string) => {
    const chars = normalize(text);
    if (!chars) return;
    const next = (value.slice(0, index) + chars).slice(0, length);
    onChange(next);
    focus(next.length);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      const at = value[index] ? index : index - 1;
      if (at >= 0) onChange(value.slice(0, at));
      focus(at);
    } else if (event.key === 'ArrowLeft') focus(index - 1);
    else if (event.key === 'ArrowRight') focus(index + 1);
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    setFrom(index, event.clipboardData.getData('text'));
  };

  return (
    <fieldset
      className="signet-code-input"
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
    >
      <legend className="signet-visually-hidden">{label}</legend>
      {Array.from({ length }, (_, index) => (
        <input
          // The slots are positional: their order never changes.
          // biome-ignore lint/suspicious/noArrayIndexKey: slots are identified by position.
          key={index}
          ref={(el) => {
            inputs.current[index] = el;
          }}
          className="signet-code-slot"
          aria-label={`${label}, character ${index + 1} of ${length}`}
          inputMode={kind === 'numeric' ? 'numeric' : 'text'}
          autoCapitalize={kind === 'numeric' ? 'off' : 'characters'}
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          spellCheck={false}
          maxLength={length}
          disabled={disabled}
          value={value[index] ?? ''}
          onFocus={(e) => e.target.select()}
          onChange={(e) => setFrom(Math.min(index, value.length), e.target.value)}
          onKeyDown={(e) => onKeyDown(index, e)}
          onPaste={(e) => onPaste(index, e)}
          autoFocus={index === 0}
        />
      ))}
    </fieldset>
  );
}
