/**
 * The password plugin's reset pages: forgot-password (ask for the email) and password-reset (the
 * page the emailed link opens: choose a new password).
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { usePluginApi } from '../../react/hooks.js';
import { MessageCard } from '../../react/message-card.js';
import { EmailSentCard, PasswordResetCard } from '../../react/message-cards.js';
import type { HandlerRouteProps } from '../../react/screens.js';
import { Button } from '../../react/ui/button.js';
import { FullPage } from '../../react/ui/full-page.js';
import { PasswordField } from '../../react/ui/password-field.js';
import { Spinner } from '../../react/ui/spinner.js';
import { TextField } from '../../react/ui/text-field.js';
import { useAuthSubmit } from '../../react/use-auth-submit.js';
import { verificationErrorMessage } from '../../react/verification-error-message.js';
import type { PasswordApi } from './index.js';
import { emailError, MESSAGES, newPasswordError } from './validation.js';

/** `/handler/forgot-password`: emails a reset link, then shows the emailSent card. */
export function ForgotPasswordPage(_props: HandlerRouteProps) {
  const api = usePluginApi<PasswordApi>('password');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState(false);
  const { pending, submit } = useAuthSubmit(async () => {
    const invalid = emailError(email);
    setError(invalid);
    if (invalid) return;
    const result = await api.sendResetCode({ email: email.trim() });
    if (result.status === 'error') setError(result.error.message);
    else setSent(true);
  });
  if (sent) {
    return (
      <FullPage>
        <EmailSentCard />
      </FullPage>
    );
  }
  return (
    <FullPage>
      <section className="signet-card">
        <h1 className="signet-card-title">Reset your password</h1>
        <form
          className="signet-form"
          noValidate
          data-form="forgot-password"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            void submit();
          }}
        >
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            error={error}
            onChange={(e) => {
              setEmail(e.target.value);
              setError(undefined);
            }}
          />
          <Button type="submit" variant="primary" loading={pending}>
            Send reset email
          </Button>
        </form>
      </section>
    </FullPage>
  );
}

/** `/handler/password-reset?code=…`: checks the code, then takes the new password. */
export function PasswordResetPage({ searchParams }: HandlerRouteProps) {
  const api = usePluginApi<PasswordApi>('password');
  const code = searchParams.get('code') ?? '';
  const [codeState, setCodeState] = useState<'checking' | 'valid' | string>(
    code ? 'checking' : 'This reset link is missing its code.',
  );
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});
  const [done, setDone] = useState(false);
  const checked = useRef(false);

  useEffect(() => {
    if (!code || checked.current) return;
    checked.current = true;
    api
      .checkResetCode(code)
      .then((r) => setCodeState(r.status === 'ok' ? 'valid' : verificationErrorMessage(r.error)))
      .catch((e: unknown) => setCodeState(verificationErrorMessage(e)));
  }, [api, code]);

  const { pending, submit } = useAuthSubmit(async () => {
    const found = {
      password: newPasswordError(password),
      repeat: !repeat
        ? MESSAGES.passwordRepeatEmpty
        : repeat !== password
          ? MESSAGES.passwordMismatch
          : undefined,
    };
    setErrors(found);
    if (found.password || found.repeat) return;
    const result = await api.resetPassword({ code, password });
    if (result.status === 'ok') setDone(true);
    else if (result.error.is('VERIFICATION_ERROR')) setCodeState(verificationErrorMessage(result.error));
    else setErrors({ password: result.error.message });
  });

  if (done) {
    return (
      <FullPage>
        <PasswordResetCard />
      </FullPage>
    );
  }
  if (codeState !== 'valid') {
    return (
      <FullPage>
        {codeState === 'checking' ? (
          <MessageCard title="Checking your link…">
            <Spinner />
          </MessageCard>
        ) : (
          <MessageCard title="This reset link cannot be used">
            <p role="alert">{codeState}</p>
          </MessageCard>
        )}
      </FullPage>
    );
  }
  return (
    <FullPage>
      <section className="signet-card">
        <h1 className="signet-card-title">Choose a new password</h1>
        <form
          className="signet-form"
          noValidate
          data-form="password-reset"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            void submit();
          }}
        >
          <PasswordField
            label="New password"
            name="password"
            autoComplete="new-password"
            value={password}
            error={errors.password}
            onChange={(e) => {
              setPassword(e.target.value);
              setErrors({});
            }}
          />
          <PasswordField
            label="Repeat new password"
            name="passwordRepeat"
            autoComplete="new-password"
            value={repeat}
            error={errors.repeat}
            onChange={(e) => {
              setRepeat(e.target.value);
              setErrors({});
            }}
          />
          <Button type="submit" variant="primary" loading={pending}>
            Reset password
          </Button>
        </form>
      </section>
    </FullPage>
  );
}
