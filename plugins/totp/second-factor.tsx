/**
 * The second-factor slot's screen for TOTP: 'Enter the code from your authenticator app', six
 * digits that submit themselves once all are typed, 'Invalid TOTP code' when the server refuses
 * one (an empty code included), and a way to use a recovery code instead. On a callback page a
 * failure says to sign in again. Cancel drops the attempt and returns to the first factor.
 */
import { useState } from 'react';
import { SignetError } from '../../core/index.js';
import {
  Button,
  FieldError,
  Form,
  FormIntro,
  type SecondFactorProps,
  TextButton,
  TextField,
  useApp,
  useAuthSubmit,
  usePluginApi,
  verificationErrorMessage,
} from '../../react/index.js';
import { AuthenticatorCodeField } from './code-field.js';
import { INVALID_TOTP_CODE_MESSAGE, totp } from './index.js';

/** The words for a failed second factor. */
function failureMessage(error: unknown, place: SecondFactorProps['place']): string {
  if (error instanceof SignetError && error.code === 'INVALID_TOTP_CODE') {
    return place === 'callback'
      ? `${INVALID_TOTP_CODE_MESSAGE}. Please try signing in again.`
      : INVALID_TOTP_CODE_MESSAGE;
  }
  return verificationErrorMessage(error);
}

/** Asks for the TOTP code (or a recovery code) of the sign-in waiting for it. */
export function TotpSecondFactor({ place }: SecondFactorProps) {
  const api = usePluginApi(totp);
  const app = useApp();
  const [mode, setMode] = useState<'app' | 'recovery'>('app');
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState('');
  const [message, setMessage] = useState<string | null>(null);

  const verify = useAuthSubmit(async (typed: string) => {
    setMessage(null);
    const result = await api.verify(typed).catch((error: unknown) => ({ status: 'error' as const, error }));
    if (result.status === 'error') {
      // Start the slots over, so the next code is typed from the first.
      setCode('');
      setMessage(failureMessage(result.error, place));
    }
  });

  const switchTo = (next: 'app' | 'recovery') => {
    setMode(next);
    setMessage(null);
  };
  if (mode === 'recovery') {
    return (
      <Form name="totp-recovery" onSubmit={() => void verify.submit(recovery)}>
        <FormIntro>Enter one of your recovery codes</FormIntro>
        <TextField
          label="Recovery code"
          name="recovery-code"
          autoComplete="off"
          spellCheck={false}
          autoFocus
          value={recovery}
          onChange={(event) => setRecovery(event.target.value)}
        />
        <FieldError>{message}</FieldError>
        <Button type="submit" variant="primary" loading={verify.pending}>
          Verify
        </Button>
        <TextButton onClick={() => switchTo('app')}>Use your authenticator app instead</TextButton>
      </Form>
    );
  }

  return (
    <Form name="totp-code" onSubmit={() => void verify.submit(code)}>
      <FormIntro>Enter the code from your authenticator app</FormIntro>
      <AuthenticatorCodeField
        value={code}
        onChange={(value) => {
          setCode(value);
          setMessage(null);
        }}
        onComplete={(value) => void verify.submit(value)}
        pending={verify.pending}
        message={message}
      />
      <TextButton onClick={() => switchTo('recovery')}>Use a recovery code</TextButton>
      <TextButton onClick={() => app.cancelPendingSignIn()}>Cancel</TextButton>
    </Form>
  );
}
