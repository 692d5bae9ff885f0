/**
 * The six digits of an authenticator app, as both totp screens ask for them (completing a sign-in,
 * confirming an enrolment): they submit themselves once all are typed, a spinner shows while the
 * code is checked, and a refusal shows under them, tied to the field for assistive technology.
 */
import { useId } from 'react';
import { CodeInput, FieldError, Spinner } from '../../react/index.js';

/** Digits in a TOTP code. */
export const TOTP_CODE_LENGTH = 6;

/** Props of `AuthenticatorCodeField`. */
export interface AuthenticatorCodeFieldProps {
  value: string;
  onChange(value: string): void;
  /** Called with the code once all six digits are there. */
  onComplete(code: string): void;
  pending: boolean;
  message: string | null;
}

/** The authenticator-code field. */
export function AuthenticatorCodeField({
  value,
  onChange,
  onComplete,
  pending,
  message,
}: AuthenticatorCodeFieldProps) {
  const messageId = useId();
  return (
    <>
      <CodeInput
        kind="numeric"
        length={TOTP_CODE_LENGTH}
        value={value}
        onChange={(next) => {
          onChange(next);
          if (next.length === TOTP_CODE_LENGTH) onComplete(next);
        }}
        disabled={pending}
        label="Authenticator code"
        invalid={!!message}
        describedBy={message ? messageId : undefined}
      />
      {pending && <Spinner />}
      <FieldError id={messageId}>{message}</FieldError>
    </>
  );
}
