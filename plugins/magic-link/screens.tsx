/**
 * The magic-link plugin's screens: the 'Email' tab of the auth page (email step, then the code
 * step) and the magic-link-callback page that finishes a sign-in from the emailed link.
 * `<SignetProvider app={app} screens={[magicLinkScreens()]}>`.
 */

import { useId, useState } from 'react';
import {
  type AuthFormProps,
  Button,
  CodeInput,
  callShowingFailure,
  EmailField,
  FieldError,
  Form,
  FormError,
  FormIntro,
  FullPage,
  type HandlerRouteProps,
  MessageCard,
  type ScreenContribution,
  SecondFactorSlot,
  Spinner,
  TextButton,
  useAuthSubmit,
  useCallbackRoute,
  useFormFields,
  usePluginApi,
  verificationErrorMessage,
} from '../../react/index.js';
import { emailError } from '../../wire/index.js';
import { magicLink, SIGN_IN_CODE_LENGTH } from './index.js';

/** Email step, then 'Enter the code from your email'. */
export function MagicLinkForm(_props: AuthFormProps) {
  const api = usePluginApi(magicLink);
  const form = useFormFields({ email: '' });
  const [nonce, setNonce] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeMessage, setCodeMessage] = useState<string | null>(null);
  const codeErrorId = useId();

  const send = useAuthSubmit(async () => {
    const { email } = form.values;
    if (form.showErrors({ email: emailError(email) })) return;
    const sent = await callShowingFailure(form, 'email', () => api.sendCode({ email: email.trim() }));
    if (sent) {
      setCode('');
      setCodeMessage(null);
      setNonce(sent.data.nonce);
    }
  });

  const verify = useAuthSubmit(async (typed: string) => {
    if (!nonce) return;
    const result = await api.signInWithCode({ code: typed, nonce }).catch((error: unknown) => ({
      status: 'error' as const,
      error,
    }));
    if (result.status === 'error') {
      // Clear the slots so the next attempt starts fresh (product-spec §4).
      setCode('');
      setCodeMessage(verificationErrorMessage(result.error) || 'Invalid code');
    }
  });

  const onCode = (value: string) => {
    setCode(value);
    setCodeMessage(null);
    if (value.length === SIGN_IN_CODE_LENGTH) void verify.submit(value);
  };

  if (nonce) {
    return (
      <Form
        name="magic-link-code"
        onSubmit={() => {
          if (code.length === SIGN_IN_CODE_LENGTH) void verify.submit(code);
        }}
      >
        <FormIntro>Enter the code from your email</FormIntro>
        <CodeInput
          length={SIGN_IN_CODE_LENGTH}
          value={code}
          onChange={onCode}
          disabled={verify.pending}
          label="Sign-in code"
          invalid={!!codeMessage}
          describedBy={codeMessage ? codeErrorId : undefined}
        />
        {verify.pending && <Spinner />}
        <FieldError id={codeErrorId}>{codeMessage}</FieldError>
        <TextButton onClick={() => setNonce(null)}>Cancel</TextButton>
      </Form>
    );
  }

  return (
    <Form name="magic-link-email" onSubmit={() => void send.submit()}>
      <EmailField autoComplete="email" {...form.field('email')} />
      <FormError>{form.formError}</FormError>
      <Button type="submit" variant="primary" loading={send.pending}>
        Send email
      </Button>
    </Form>
  );
}

/** `/handler/magic-link-callback?code=…`: signs in with the emailed link's code. */
export function MagicLinkCallbackPage({ searchParams }: HandlerRouteProps) {
  // The plugin's callback route does the work (app.handle); success redirects to the
  // after-sign-in page, and until then the spinner stays.
  const [state] = useCallbackRoute(searchParams.get('code'), 'This sign-in link is missing its code.');

  return (
    <FullPage>
      {state.status === 'second-factor-required' ? (
        <SecondFactorSlot place="callback" />
      ) : state.status === 'failed' ? (
        <MessageCard title="Could not sign you in">
          <p role="alert">{state.message}</p>
        </MessageCard>
      ) : (
        <MessageCard title="Signing you in…">
          <Spinner />
        </MessageCard>
      )}
    </FullPage>
  );
}

/** The magic-link plugin's contribution to the screens. */
/* @__NO_SIDE_EFFECTS__ */
export function magicLinkScreens(): ScreenContribution {
  return {
    id: 'magicLink',
    plugin: magicLink,
    authForm: {
      tabId: 'magic-link',
      label: 'Email',
      order: -1,
      when: ({ project, kind }) =>
        project.config.magicLinkEnabled && (kind === 'sign-in' || project.config.signUpEnabled),
      SignIn: MagicLinkForm,
      SignUp: MagicLinkForm,
    },
    pages: { magicLinkCallback: MagicLinkCallbackPage },
  };
}
