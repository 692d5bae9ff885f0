/** A labelled checkbox with a line of help under its label, for the create form's choices. */
import { type ReactNode, useId } from 'react';

/** Props of `Checkbox`. */
export interface CheckboxProps {
  label: string;
  /** What the choice does, read with the label (`aria-describedby`). */
  hint?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** A native checkbox (keyboard and screen readers for free) with its label and hint. */
export function Checkbox({ label, hint, checked, onChange, disabled }: CheckboxProps) {
  const id = useId();
  return (
    <div className="console-projects-choice">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <div className="console-projects-choice-text">
        <label htmlFor={id} className="console-projects-choice-label">
          {label}
        </label>
        {hint && (
          <span id={`${id}-hint`} className="console-muted console-projects-choice-hint">
            {hint}
          </span>
        )}
      </div>
    </div>
  );
}
