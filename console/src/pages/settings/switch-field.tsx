/**
 * A setting that is on or off, saved as soon as it is flipped: a checkbox with the switch role,
 * its label and a line saying what it does, and the refusal in words under it.
 */
import { type ReactNode, useId, useState } from 'react';
import { FieldError } from 'signet/react';
import './switch-field.css';

/** Props of `SwitchField`. */
export interface SwitchFieldProps {
  label: string;
  /** What turning it on does, in a sentence. */
  description?: ReactNode;
  checked: boolean;
  /** Why it cannot be changed now; the switch is disabled and says so. */
  disabledReason?: string;
  /** Saves the new value; resolves to the refusal in words, or null. */
  onChange(checked: boolean): Promise<string | null>;
}

/** An on/off setting. */
export function SwitchField({ label, description, checked, disabledReason, onChange }: SwitchFieldProps) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const describedBy = [
    description && `${id}-description`,
    disabledReason && `${id}-reason`,
    error && `${id}-error`,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="console-settings-switch">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="console-settings-switch-input"
        checked={checked}
        aria-checked={checked}
        disabled={busy || Boolean(disabledReason)}
        aria-describedby={describedBy || undefined}
        onChange={async (event) => {
          const next = event.target.checked;
          setBusy(true);
          setError(null);
          setError(await onChange(next));
          setBusy(false);
        }}
      />
      <div className="console-settings-switch-text">
        <label htmlFor={id} className="console-settings-switch-label">
          {label}
        </label>
        {description && (
          <p id={`${id}-description`} className="console-muted console-settings-switch-description">
            {description}
          </p>
        )}
        {disabledReason && (
          <p id={`${id}-reason`} className="console-settings-switch-reason">
            {disabledReason}
          </p>
        )}
        <FieldError id={`${id}-error`}>{error}</FieldError>
      </div>
    </div>
  );
}
