/** The app's page URLs: handler pages and the after-auth targets (product-spec §2). */

/** Every page the kit may send a user to. */
export interface AppUrls {
  handler: string;
  home: string;
  signIn: string;
  signUp: string;
  signOut: string;
  afterSignIn: string;
  afterSignUp: string;
  afterSignOut: string;
  emailVerification: string;
  passwordReset: string;
  forgotPassword: string;
  oauthCallback: string;
  magicLinkCallback: string;
  accountSettings: string;
  error: string;
  teamInvitation: string;
}

/** Handler base path by default. */
export const DEFAULT_HANDLER_PATH = '/handler';

/** Fills in defaults: pages under the handler path, after-auth targets at home. */
export function resolveUrls(overrides: Partial<AppUrls> = {}): AppUrls {
  const handler = (overrides.handler ?? DEFAULT_HANDLER_PATH).replace(/\/$/, '');
  const home = overrides.home ?? '/';
  const afterSignIn = overrides.afterSignIn ?? home;
  return {
    handler,
    home,
    signIn: `${handler}/sign-in`,
    signUp: `${handler}/sign-up`,
    signOut: `${handler}/sign-out`,
    emailVerification: `${handler}/email-verification`,
    passwordReset: `${handler}/password-reset`,
    forgotPassword: `${handler}/forgot-password`,
    oauthCallback: `${handler}/oauth-callback`,
    magicLinkCallback: `${handler}/magic-link-callback`,
    accountSettings: `${handler}/account-settings`,
    error: `${handler}/error`,
    teamInvitation: `${handler}/team-invitation`,
    afterSignIn,
    afterSignUp: overrides.afterSignUp ?? afterSignIn,
    afterSignOut: overrides.afterSignOut ?? home,
    ...stripUndefined(overrides),
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
