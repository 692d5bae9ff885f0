/**
 * The password plugin's screens: the credential sign-in form and the sign-up form, contributed to
 * the auth page's form slot under the tab 'Email & Password'.
 * `<SignetProvider app={app} screens={[passwordScreens()]}>`.
 */
import {
  type AuthFormProps,
  Button,
  callShowingFailure,
  EmailField,
  Form,
  FormError,
  PasswordField,
  type ScreenContribution,
  TextLink,
  useApp,
  useAuthSubmit,
  useFormFields,
  usePluginApi,
} from '../../react/index.js';
import { PasswordSection } from './account-section.js';
import { password } from './index.js';
import { ForgotPasswordPage, PasswordResetPage } from './reset-screens.js';
import { validateSignIn, validateSignUp } from './validation.js';

/** The credential sign-in form: email, password with a visibility toggle, 'Forgot password?'. */
export function PasswordSignInForm(_props: AuthFormProps) {
  const app = useApp();
  const api = usePluginApi(password);
  const form = useFormFields({ email: '', password: '' });

  const { pending, submit } = useAuthSubmit(async () => {
    const { email, password } = form.values;
    if (form.showErrors(validateSignIn({ email, password }))) return;
    await callShowingFailure(form, 'email', () => api.signIn({ email: email.trim(), password }));
  });

  return (
    <Form name="password-sign-in" onSubmit={() => void submit()}>
      <EmailField autoComplete="username" {...form.field('email')} />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        {...form.field('password')}
        below={<TextLink href={app.urls.forgotPassword}>Forgot password?</TextLink>}
      />
      <FormError>{form.formError}</FormError>
      <Button type="submit" variant="primary" loading={pending}>
        Sign In
      </Button>
    </Form>
  );
}

/** The sign-up form: email, password and (unless `noPasswordRepeat`) the password again. */
export function PasswordSignUpForm({ noPasswordRepeat }: AuthFormProps) {
  const api = usePluginApi(password);
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
    await callShowingFailure(form, 'email', () => api.signUp({ email: email.trim(), password }));
  });

  return (
    <Form name="password-sign-up" onSubmit={() => void submit()}>
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
    </Form>
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
    plugin: password,
    authForm: {
      tabId: 'password',
      label: 'Email & Password',
      order: options.order ?? 20,
      when: ({ project }) => project.config.credentialEnabled,
      SignIn: PasswordSignInForm,
      SignUp: PasswordSignUpForm,
    },
    pages: { forgotPassword: ForgotPasswordPage, passwordReset: PasswordResetPage },
    accountSections: [
      {
        id: 'password',
        title: 'Password',
        order: 20,
        when: ({ project }) => project.config.credentialEnabled,
        Component: PasswordSection,
      },
    ],
  };
}
