/** An email input: 'Email' label, the email keyboard on phones, no auto-capitalising or spell-check. */
import { TextField, type TextFieldProps } from './text-field.js';

/** Props of `EmailField`; `label` and `name` default to 'Email' and `email`. */
export type EmailFieldProps = Omit<TextFieldProps, 'type' | 'label'> & { label?: string };

/** A labelled email input; pass `autoComplete` ('username' on sign-in, 'email' elsewhere). */
export function EmailField(props: EmailFieldProps) {
  return (
    <TextField
      label="Email"
      name="email"
      type="email"
      inputMode="email"
      autoCapitalize="off"
      spellCheck={false}
      {...props}
    />
  );
}
