/**
 * The password plugin's reset pages: forgot-password (ask for the email) and password-reset (the
 * page the emailed link opens: choose a new password).
 */

import { useState } from 'react';
import {
  Button,
  Card,
  callShowingFailure,
  EmailField,
  EmailSentCard,
  Form,
  FormError,
  FullPage,
  type HandlerRouteProps,
  MessageCard,
  PasswordField,
  PasswordResetCard,
  Spinner,
  useAuthSubmit,
  useFormFields,
  useLinkCode,
  usePluginApi,
  verificationErrorMessage,
} from '../../react/index.js';
import { password } from './index.js';
import { emailError, newPasswordError, passwordRepeatError } from './validation.js';

/** `/handler/forgot-password`: emails a reset link, then shows the emailSent card. */
export function ForgotPasswordPage(_props: HandlerRouteProps) {
  const api = usePluginApi(password);
  const form = useFormFields({ email: '' });
  const [sent, setSent] = useState(false);
  const { pending, submit } = useAuthSubmit(async () => {
    const { email } = form.values;
    const invalid = emailError(email);
    form.setErrors({ email: invalid });
    if (invalid) return;
    if (await callShowingFailure(form, 'email', () => api.sendResetCode({ email: email.trim() }))) {
      setSent(true);
    }
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
      <Card title="Reset your password">
        <Form name="forgot-password" onSubmit={() => void submit()}>
          <EmailField autoComplete="email" {...form.field('email')} />
          <FormError>{form.formError}</FormError>
          <Button type="submit" variant="primary" loading={pending}>
            Send reset email
          </Button>
        </Form>
      </Card>
    </FullPage>
  );
}

/** `/handler/password-reset?code=…`: checks the code, then takes the new password. */
export function PasswordResetPage({ searchParams }: HandlerRouteProps) {
  const api = usePluginApi(password);
  const code = searchParams.get('code') ?? '';
  // The code is only checked here; it is used up when the new password is sent.
  const [codeState, setCodeState] = useLinkCode(
    code,
    (c) => api.checkResetCode(c),
    'This reset link is missing its code.',
  );
  // The two fields are checked against each other, so editing either clears both messages.
  const form = useFormFields({ password: '', repeat: '' }, { linked: [['password', 'repeat']] });
  const [done, setDone] = useState(false);

  const { pending, submit } = useAuthSubmit(async () => {
    const { password, repeat } = form.values;
    const found = { password: newPasswordError(password), repeat: passwordRepeatError(password, repeat) };
    form.setErrors(found);
    if (found.password || found.repeat) return;
    const reset = await callShowingFailure(form, 'password', async () => {
      const result = await api.resetPassword({ code, password });
      // A used-up or expired code is the link's failure, not the password's: the page says so.
      if (result.status === 'error' && result.error.is('VERIFICATION_ERROR')) {
        setCodeState({ status: 'failed', message: verificationErrorMessage(result.error) });
        return { status: 'ok' as const, data: false };
      }
      return result.status === 'ok' ? { status: 'ok' as const, data: true } : result;
    });
    if (reset?.data) setDone(true);
  });

  if (done) {
    return (
      <FullPage>
        <PasswordResetCard />
      </FullPage>
    );
  }
  if (codeState.status !== 'done') {
    return (
      <FullPage>
        {codeState.status === 'working' ? (
          <MessageCard title="Checking your link…">
            <Spinner />
          </MessageCard>
        ) : (
          <MessageCard title="This reset link cannot be used">
            <p role="alert">{codeState.status === 'failed' ? codeState.message : null}</p>
          </MessageCard>
        )}
      </FullPage>
    );
  }
  return (
    <FullPage>
      <Card title="Choose a new password">
        <Form name="password-reset" onSubmit={() => void submit()}>
          <PasswordField
            label="New password"
            name="password"
            autoComplete="new-password"
            {...form.field('password')}
          />
          <PasswordField
            label="Repeat new password"
            name="passwordRepeat"
            autoComplete="new-password"
            {...form.field('repeat')}
          />
          <FormError>{form.formError}</FormError>
          <Button type="submit" variant="primary" loading={pending}>
            Reset password
          </Button>
        </Form>
      </Card>
    </FullPage>
  );
}
