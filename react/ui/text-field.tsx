/** A labelled input with its error message tied to it for assistive technology. */
import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

/** Props of `TextField`. */
export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The field's error; shown under it and announced through `aria-describedby`. */
  error?: string;
  /** Something inside the field after the input, such as a visibility toggle. */
  trailing?: ReactNode;
  /**
   * Something that belongs to the field, under it and its error: a `TextLink` such as 'Forgot
   * password?', which then sits at the field's end in small type.
   */
  below?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  /** Receives the input's id, e.g. for a toggle's `aria-controls`. */
  id?: string;
}

/** A labelled input. */
export function TextField({
  label,
  error,
  trailing,
  below,
  inputRef,
  id,
  className,
  ...input
}: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <div
      className={['signet-field', className].filter(Boolean).join(' ')}
      data-invalid={error ? '' : undefined}
    >
      <label className="signet-label" htmlFor={inputId}>
        {label}
      </label>
      <div className="signet-input-row">
        <input
          {...input}
          ref={inputRef}
          id={inputId}
          className="signet-input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {trailing}
      </div>
      {error && (
        <p className="signet-field-error" id={errorId}>
          {error}
        </p>
      )}
      {below}
    </div>
  );
}
