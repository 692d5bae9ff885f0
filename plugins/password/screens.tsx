/**
 * The password plugin's screens: the credential sign-in form and the sign-up form, contributed to
 * the auth page's form slot under the tab 'Email & Password'.
 * `<SignetProvider app={app} screens={[passwordScreens()]}>`.
 */
import type { FormEvent } from 'react';
import { SignetError } from '../../core/errors/signet-error.js';
import { useApp, usePluginApi } from '../../react/hooks.js';
import type { AuthFormProps, ScreenContribution } from '../../react/screens.js';
import { Button } from '../../react/ui/button.js';
import { EmailField } from '../../react/ui/email-field.js';
import { FormError } from '../../react/ui/form-error.js';
import { PasswordField } from '../../react/ui/password-field.js';
import { useAuthSubmit } from '../../react/use-auth-submit.js';
import { type FormFields, useFormFields } from '../../react/use-form-fields.js';
import type { PasswordApi } from './index.js';
import { ForgotPasswordPage, PasswordResetPage } from './reset-screens.js';
import { validateSignIn, validateSignUp } from './validation.js';

/** Shown for failures that are not the user's to fix (product-spec §8). */
const UNHANDLED_MESSAGE = 'An unhandled error occurred. Please report this to the developer.';

/**
 * Makes the sign-in or sign-up call and shows how it failed: the server's message under the email
 * field (product-spec §8), anything unexpected as the form's message.
 */
async function callAndShowFailure(
  form: Pick<FormFields<'email'>, 'showErrors' | 'setErrors' | 'setFormError'>,
  call: () => Promise<{ status: 'ok' } | { status: 'error'; error: { message: string } }>,
) {
  try {
    const result = await call();
    if (result.status === 'error') form.showErrors({ email: result.error.message });
  } catch (error) {
    if (error instanceof SignetError) form.setErrors({ email: error.message });
    else {
      form.setErrors({});
      form.setFormError(`${UNHANDLED_MESSAGE} ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** The credential sign-in form: email, password with a visibility toggle, 'Forgot password?'. */
export function PasswordSignInForm(_props: AuthFormProps) {
  const app = useApp();
  const api = usePluginApi<PasswordApi>('password');
  const form = useFormFields({ email: '', password: '' });

  const { pending, submit } = useAuthSubmit(async () => {
    const { email, password } = form.values;
    if (form.showErrors(validateSignIn({ email, password }))) return;
    await callAndShowFailure(form, () => api.signIn({ email: email.trim(), password }));
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <form className="signet-form" noValidate onSubmit={onSubmit} data-form="password-sign-in">
      <EmailField autoComplete="username" {...form.field('email')} />
      <div className="signet-field-group">
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          {...form.field('password')}
        />
        <a className="signet-link signet-forgot-password" href={app.urls.forgotPassword}>
          Forgot password?
        </a>
      </div>
      <FormError>{form.formError}</FormError>
      <Button type="submit" variant="primary" loading={pending}>
        Sign In
      </Button>
    </form>
  );
}

/** The sign-up form: email, password and (unless `noPasswordRepeat`) the password again. */
export function PasswordSignUpForm({ noPasswordRepeat }: AuthFormProps) {
  const api = usePluginApi<PasswordApi>('password');
  // The two password fields are checked against each other, so editing either clears both.
  const form = useFormFields(
    { email: '', password: '', passwordRepeat: '' },
    { linked: [['password', 'passwordRepeat']] },
  );

  const { pending, submit } = useAuthSubmit(async () => {
    const { email, password, passwordRepeat } = form.values;
    const found = validateSignUp({
      email,
      password,
      passwordRepeat: noPasswordRepeat ? null : passwordRepeat,
    });
    if (form.showErrors(found)) return;
    await callAndShowFailure(form, () => api.signUp({ email: email.trim(), password }));
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <form className="signet-form" noValidate onSubmit={onSubmit} data-form="password-sign-up">
      <EmailField autoComplete="email" {...form.field('email')} />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        {...form.field('password')}
      />
      {!noPasswordRepeat && (
        <PasswordField
          label="Repeat password"
          name="passwordRepeat"
          autoComplete="new-password"
          {...form.field('passwordRepeat')}
        />
      )}
      <FormError>{form.formError}</FormError>
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
