/** How the users pages write dates and a user's name and sign-in methods. */
import type { ServerUser } from 'signet/plugins/server-users';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** An epoch-millisecond time as a date and time in the admin's locale. */
export const formatDateTime = (millis: number | null | undefined): string =>
  millis === null || millis === undefined ? '—' : dateTime.format(new Date(millis));

/** What names a user in a list or heading: the email, else the name, else the id. */
export const userLabel = (user: Pick<ServerUser, 'primaryEmail' | 'displayName' | 'id'>): string =>
  user.primaryEmail ?? user.displayName ?? user.id;

/** The ways a user can sign in, in words: "Password", "Email code", "Passkey", each OAuth provider. */
export function signInMethods(user: ServerUser): string[] {
  const methods: string[] = [];
  if (user.hasPassword) methods.push('Password');
  if (user.otpAuthEnabled) methods.push('Email code');
  if (user.passkeyAuthEnabled) methods.push('Passkey');
  for (const provider of user.oauthProviders) methods.push(providerName(provider.id));
  return methods;
}

/** An OAuth provider id as a name: `github` → "GitHub". */
export function providerName(id: string): string {
  const known: Record<string, string> = {
    github: 'GitHub',
    gitlab: 'GitLab',
    google: 'Google',
    microsoft: 'Microsoft',
    facebook: 'Facebook',
    discord: 'Discord',
    spotify: 'Spotify',
    apple: 'Apple',
    bitbucket: 'Bitbucket',
    linkedin: 'LinkedIn',
    x: 'X',
    twitch: 'Twitch',
  };
  return known[id] ?? id;
}
