/** A password input with a button that shows or hides the characters. */
import { useId, useState } from 'react';
import { TextField, type TextFieldProps } from './text-field.js';

/** Props of `PasswordField`. */
export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

/** A password field; the toggle keeps focus order natural and says what it will do. */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const generated = useId();
  const id = props.id ?? generated;
  return (
    <TextField
      {...props}
      id={id}
      type={visible ? 'text' : 'password'}
      // Stop browsers from auto-capitalising or correcting a password shown as text.
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      className={['signet-password', props.className].filter(Boolean).join(' ')}
      trailing={
        <button
          type="button"
          className="signet-password-toggle"
          aria-controls={id}
          aria-label={visible ? 'Hide password' : 'Show password'}
          title={visible ? 'Hide password' : 'Show password'}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}

function EyeIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

function EyeOffIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M10.6 5.1A10.4 10.4 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.2M6.6 6.6C3.7 8.5 2 12 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2M3 3l18 18"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
