/**
 * The password plugin's screens: the credential sign-in form and the sign-up form, contributed to
 * the auth page's form slot under the tab 'Email & Password'.
 * `<SignetProvider app={app} screens={[passwordScreens()]}>`.
 */
import { type FormEvent, type RefObject, useRef, useState } from 'react';
import { SignetError } from '../../core/errors/signet-error.js';
import { useApp, usePluginApi } from '../../react/hooks.js';
import type { AuthFormProps, ScreenContribution } from '../../react/screens.js';
import { Button } from '../../react/ui/button.js';
import { FormError } from '../../react/ui/form-error.js';
import { PasswordField } from '../../react/ui/password-field.js';
import { TextField } from '../../react/ui/text-field.js';
import { useAuthSubmit } from '../../react/use-auth-submit.js';
import type { PasswordApi } from './index.js';
import { ForgotPasswordPage, PasswordResetPage } from './reset-screens.js';
import { type FieldErrors, validateSignIn, validateSignUp } from './validation.js';

/** Shown for failures that are not the user's to fix (product-spec §8). */
const UNHANDLED_MESSAGE = 'An unhandled error occurred. Please report this to the developer.';

/** The message a failed call shows: a known error's own message goes under the email field. */
function failureMessage(error: unknown): { email?: string; form?: string } {
  if (error instanceof SignetError) return { email: error.message };
  return { form: `${UNHANDLED_MESSAGE} ${error instanceof Error ? error.message : String(error)}` };
}

/** Moves focus to the first field with an error, so keyboard and screen-reader users land on it. */
function focusFirstInvalid(
  errors: Record<string, string | undefined>,
  fields: Record<string, RefObject<HTMLInputElement | null>>,
) {
  const first = Object.keys(fields).find((name) => errors[name]);
  if (first) fields[first]?.current?.focus();
}

/** The credential sign-in form: email, password with a visibility toggle, 'Forgot password?'. */
export function PasswordSignInForm(_props: AuthFormProps) {
  const app = useApp();
  const api = usePluginApi<PasswordApi>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password'>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const { pending, submit } = useAuthSubmit(async () => {
    setFormError(null);
    const found = validateSignIn({ email, password });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(found, { email: emailRef, password: passwordRef });
      return;
    }
    try {
      const result = await api.signIn({ email: email.trim(), password });
      if (result.status === 'error') {
        setErrors({ email: result.error.message });
        emailRef.current?.focus();
      }
    } catch (error) {
      const message = failureMessage(error);
      setErrors(message.email ? { email: message.email } : {});
      setFormError(message.form ?? null);
    }
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <form className="signet-form" noValidate onSubmit={onSubmit} data-form="password-sign-in">
      <TextField
        label="Email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        value={email}
        error={errors.email}
        inputRef={emailRef}
        onChange={(e) => {
          setEmail(e.target.value);
          setErrors(({ email: _, ...rest }) => rest);
        }}
      />
      <div className="signet-field-group">
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          inputRef={passwordRef}
          onChange={(e) => {
            setPassword(e.target.value);
            setErrors(({ password: _, ...rest }) => rest);
          }}
        />
        <a className="signet-link signet-forgot-password" href={app.urls.forgotPassword}>
          Forgot password?
        </a>
      </div>
      <FormError>{formError}</FormError>
      <Button type="submit" variant="primary" loading={pending}>
        Sign In
      </Button>
    </form>
  );
}

/** The sign-up form: email, password and (unless `noPasswordRepeat`) the password again. */
export function PasswordSignUpForm({ noPasswordRepeat }: AuthFormProps) {
  const api = usePluginApi<PasswordApi>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [passwordRepeat, setPasswordRepeat] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password' | 'passwordRepeat'>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const repeatRef = useRef<HTMLInputElement>(null);

  const { pending, submit } = useAuthSubmit(async () => {
    setFormError(null);
    const found = validateSignUp({
      email,
      password,
      passwordRepeat: noPasswordRepeat ? null : passwordRepeat,
    });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(found, { email: emailRef, password: passwordRef, passwordRepeat: repeatRef });
      return;
    }
    try {
      const result = await api.signUp({ email: email.trim(), password });
      if (result.status === 'error') {
        setErrors({ email: result.error.message });
        emailRef.current?.focus();
      }
    } catch (error) {
      const message = failureMessage(error);
      setErrors(message.email ? { email: message.email } : {});
      setFormError(message.form ?? null);
    }
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  // The two password fields are checked against each other, so editing either clears both.
  const clearPasswordErrors = () => setErrors(({ password: _p, passwordRepeat: _r, ...rest }) => rest);

  return (
    <form className="signet-form" noValidate onSubmit={onSubmit} data-form="password-sign-up">
      <TextField
        label="Email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="off"
        spellCheck={false}
        value={email}
        error={errors.email}
        inputRef={emailRef}
        onChange={(e) => {
          setEmail(e.target.value);
          setErrors(({ email: _, ...rest }) => rest);
        }}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        value={password}
        error={errors.password}
        inputRef={passwordRef}
        onChange={(e) => {
          setPassword(e.target.value);
          clearPasswordErrors();
        }}
      />
      {!noPasswordRepeat && (
        <PasswordField
          label="Repeat password"
          name="passwordRepeat"
          autoComplete="new-password"
          value={passwordRepeat}
          error={errors.passwordRepeat}
          inputRef={repeatRef}
          onChange={(e) => {
            setPasswordRepeat(e.target.value);
            clearPasswordErrors();
          }}
        />
      )}
      <FormError>{formError}</FormError>
      <Button type="submit" variant="primary" loading={pending}>
        Sign Up
      </Button>
    </form>
  );
}

/** Options of `passwordScreens`. */
export interface PasswordScreensOptions {
  /** Position among the auth page's tabs (lower first). Default 20, after a magic-link tab. */
  order?: number;
}

/** The password plugin's contribution to the React screens. */
/* @__NO_SIDE_EFFECTS__ */
export function passwordScreens(options: PasswordScreensOptions = {}): ScreenContribution {
  return {
    id: 'password',
    plugin: 'password',
    authForm: {
      tabId: 'password',
      label: 'Email & Password',
      order: options.order ?? 20,
      isEnabled: (project) => project.config.credentialEnabled,
      SignIn: PasswordSignInForm,
      SignUp: PasswordSignUpForm,
    },
    routes: { 'forgot-password': ForgotPasswordPage, 'password-reset': PasswordResetPage },
  };
}
