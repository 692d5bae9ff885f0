/**
 * The eleven OAuth provider specs, without reaching any provider: each profile reader is fed the
 * JSON its provider documents for its user endpoint(s) (or, for Apple, the id token's claims) and
 * must give the exact ProviderProfile, asking only the provider's documented API URLs; each
 * provider's authorization URL, built through providerClient with the project's own keys, has the
 * real endpoint, the scopes joined as the provider wants, PKCE where it is taken and the provider's
 * own parameters; the token endpoint and how the client authenticates there are the provider's.
 * Shared keys without the development identity provider are a clear 400, and shared keys or an
 * endpoint override speak plain OpenID Connect.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StatusError } from '../../server/src/errors.js';
import type { ServerContext } from '../../server/src/services/context.js';
import {
  authorizationUrl,
  type ProviderConfig,
  providerClient,
} from '../../server/src/services/oauth/provider-client.js';
import { PROVIDERS } from '../../server/src/services/oauth/providers/index.js';
import type {
  ProviderId,
  ProviderProfile,
  ProviderSettings,
  ProviderSpec,
} from '../../server/src/services/oauth/providers/types.js';
import { OAUTH_PROVIDER_IDS } from '../../wire/project.js';

/** Runs `spec.profile` against a fake `getJson` that answers `answers` by URL; records what was asked. */
async function readProfile(
  spec: ProviderSpec,
  answers: Record<string, unknown>,
  options: {
    settings?: ProviderSettings;
    idTokenClaims?: Record<string, unknown>;
    callbackParams?: Record<string, string>;
  } = {},
): Promise<{ profile: ProviderProfile; asked: string[] }> {
  const asked: string[] = [];
  const getJson = async (url: string) => {
    asked.push(url);
    if (!Object.hasOwn(answers, url)) throw new Error(`unexpected GET ${url}`);
    return structuredClone(answers[url]);
  };
  const profile = await spec.profile({
    accessToken: 'provider-access-token',
    idTokenClaims: options.idTokenClaims,
    endpoints: spec.endpoints(options.settings ?? {}),
    callbackParams: new URLSearchParams(options.callbackParams),
    getJson,
  });
  return { profile, asked };
}

/** `body` without `key` (a profile whose provider answered no id). */
function without(body: unknown, key: string): Record<string, unknown> {
  const copy = { ...(body as Record<string, unknown>) };
  delete copy[key];
  return copy;
}

// ---- The providers' documented answers ----

const GITHUB_USER = 'https://api.github.com/user';
const GITHUB_EMAILS = 'https://api.github.com/user/emails';
const githubUser = {
  login: 'octocat',
  id: 583231,
  node_id: 'MDQ6VXNlcjU4MzIzMQ==',
  avatar_url: 'https://avatars.githubusercontent.com/u/583231?v=4',
  gravatar_id: '',
  url: 'https://api.github.com/users/octocat',
  html_url: 'https://github.com/octocat',
  type: 'User',
  site_admin: false,
  name: 'The Octocat',
  company: '@github',
  blog: 'https://github.blog',
  location: 'San Francisco',
  // The public profile address: not necessarily the primary one, nor verified.
  email: 'octocat@github.com',
  hireable: null,
  bio: null,
  public_repos: 8,
  followers: 9999,
  following: 9,
  created_at: '2011-01-25T18:44:36Z',
  updated_at: '2024-01-22T12:00:00Z',
};
const githubEmails = [
  { email: 'octocat@github.com', primary: false, verified: true, visibility: null },
  { email: 'mona@example.com', primary: true, verified: true, visibility: 'private' },
  { email: '583231+octocat@users.noreply.github.com', primary: false, verified: true, visibility: null },
];

const GOOGLE_USERINFO = 'https://openidconnect.googleapis.com/v1/userinfo';
const googleUserinfo = {
  sub: '110169484474386276334',
  name: 'Ada Lovelace',
  given_name: 'Ada',
  family_name: 'Lovelace',
  picture: 'https://lh3.googleusercontent.com/a/ACg8ocJ3x9Qd1lqzT2v5=s96-c',
  email: 'ada.lovelace@gmail.com',
  email_verified: true,
  locale: 'en',
};

const GRAPH_ME = 'https://graph.microsoft.com/v1.0/me';
const graphMe = {
  '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#users/$entity',
  businessPhones: ['+1 425 555 0109'],
  displayName: 'Adele Vance',
  givenName: 'Adele',
  jobTitle: 'Retail Manager',
  mail: 'AdeleV@contoso.com',
  mobilePhone: null,
  officeLocation: '18/2111',
  preferredLanguage: 'en-US',
  surname: 'Vance',
  userPrincipalName: 'AdeleV@contoso.onmicrosoft.com',
  id: '87d349ed-44d7-43e1-9a83-5f2406dee5bd',
};

const SPOTIFY_ME = 'https://api.spotify.com/v1/me';
const spotifyMe = {
  country: 'SE',
  display_name: 'JM Wizzler',
  email: 'email@example.com',
  explicit_content: { filter_enabled: false, filter_locked: false },
  external_urls: { spotify: 'https://open.spotify.com/user/wizzler' },
  followers: { href: null, total: 3829 },
  href: 'https://api.spotify.com/v1/users/wizzler',
  id: 'wizzler',
  images: [
    { url: 'https://i.scdn.co/image/ab67757000003b8255c25988a6ac314394d3fbf5', height: 64, width: 64 },
    { url: 'https://i.scdn.co/image/ab6775700000ee8555c25988a6ac314394d3fbf5', height: 300, width: 300 },
  ],
  product: 'premium',
  type: 'user',
  uri: 'spotify:user:wizzler',
};

const FACEBOOK_ME = 'https://graph.facebook.com/v19.0/me?fields=id,name,email,picture';
const facebookMe = {
  id: '10158365938502345',
  name: 'Jane Doe',
  email: 'jane.doe@example.com',
  picture: {
    data: {
      height: 50,
      is_silhouette: false,
      url: 'https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=10158365938502345&height=50&width=50&ext=1700000000&hash=AbY',
      width: 50,
    },
  },
};

const DISCORD_ME = 'https://discord.com/api/users/@me';
const discordMe = {
  id: '80351110224678912',
  username: 'nelly',
  discriminator: '0',
  global_name: 'Nelly',
  avatar: '8342729096ea3675442027381ff50dfe',
  mfa_enabled: true,
  banner: null,
  accent_color: null,
  locale: 'en-US',
  verified: true,
  email: 'nelly@discord.com',
  flags: 64,
  premium_type: 1,
  public_flags: 64,
};

const GITLAB_USER = 'https://gitlab.com/api/v4/user';
const gitlabUser = {
  id: 1,
  username: 'john_smith',
  email: 'john@example.com',
  name: 'John Smith',
  state: 'active',
  locked: false,
  avatar_url: 'https://secure.gravatar.com/avatar/e64c7d89f26bd1972efa854d13d7dd61?s=80&d=identicon',
  web_url: 'https://gitlab.com/john_smith',
  created_at: '2012-05-23T08:00:58Z',
  bio: '',
  public_email: 'john@example.com',
  last_sign_in_at: '2012-06-01T11:41:01Z',
  confirmed_at: '2012-05-23T09:05:22Z',
  theme_id: 1,
  last_activity_on: '2012-05-23',
  projects_limit: 100,
  current_sign_in_at: '2012-06-02T06:36:55Z',
  identities: [],
  can_create_group: true,
  can_create_project: true,
  two_factor_enabled: true,
  external: false,
  private_profile: false,
  commit_email: 'john@example.com',
};

const BITBUCKET_USER = 'https://api.bitbucket.org/2.0/user';
const BITBUCKET_EMAILS = 'https://api.bitbucket.org/2.0/user/emails';
const bitbucketUser = {
  type: 'user',
  uuid: '{d301aafa-d676-4ee0-88be-962be7417567}',
  account_id: '557058:ba8948b2-49da-43a9-9e8b-e7249b8e324a',
  nickname: 'evzijst',
  display_name: 'Erik van Zijst',
  created_on: '2010-07-07T04:29:04.658Z',
  account_status: 'active',
  has_2fa_enabled: null,
  links: {
    self: { href: 'https://api.bitbucket.org/2.0/users/%7Bd301aafa-d676-4ee0-88be-962be7417567%7D' },
    avatar: {
      href: 'https://secure.gravatar.com/avatar/0bc5bd490000b8e63c35c0f54e667b9e?d=https%3A%2F%2Favatar-management--avatars.us-west-2.prod.public.atl-paas.net%2Finitials%2FEZ-1.png',
    },
    html: { href: 'https://bitbucket.org/%7Bd301aafa-d676-4ee0-88be-962be7417567%7D/' },
  },
};
const bitbucketEmails = {
  pagelen: 10,
  page: 1,
  size: 2,
  values: [
    {
      is_primary: false,
      is_confirmed: true,
      type: 'email',
      email: 'erik@old.example.com',
      links: { self: { href: 'https://api.bitbucket.org/2.0/user/emails/erik@old.example.com' } },
    },
    {
      is_primary: true,
      is_confirmed: true,
      type: 'email',
      email: 'erik@example.com',
      links: { self: { href: 'https://api.bitbucket.org/2.0/user/emails/erik@example.com' } },
    },
  ],
};

const LINKEDIN_USERINFO = 'https://api.linkedin.com/v2/userinfo';
const linkedinUserinfo = {
  sub: '782bbtaQ',
  name: 'John Doe',
  given_name: 'John',
  family_name: 'Doe',
  picture: 'https://media.licdn.com/dms/image/C5603AQHqK8v7tB1HCQ/profile-displayphoto-shrink_100_100/0/',
  locale: { country: 'US', language: 'en' },
  email: 'doe@email.com',
  email_verified: true,
};

const appleClaims = {
  iss: 'https://appleid.apple.com',
  aud: 'com.example.signet.web',
  exp: 1_700_086_400,
  iat: 1_700_000_000,
  sub: '001234.5f3d0c8a6b0a4e2f9b1c2d3e4f5a6b7c.1234',
  c_hash: 'q3bmC8kUCFL5xkv8ZxlD8g',
  email: 'x7yq2kd9ab@privaterelay.appleid.com',
  email_verified: 'true',
  is_private_email: 'true',
  auth_time: 1_700_000_000,
  nonce_supported: true,
};

const X_ME = 'https://api.x.com/2/users/me?user.fields=profile_image_url';
const xMe = {
  data: {
    id: '2244994945',
    name: 'Developers',
    username: 'XDevelopers',
    profile_image_url: 'https://pbs.twimg.com/profile_images/1683325380441128960/yRsRRjGO_normal.jpg',
  },
};

describe('provider profiles, from each provider’s documented answers', () => {
  it('GitHub: the primary address of /user/emails and its verified flag, not the public one', async () => {
    const { profile, asked } = await readProfile(PROVIDERS.github, {
      [GITHUB_USER]: githubUser,
      [GITHUB_EMAILS]: githubEmails,
    });
    expect(asked).toEqual([GITHUB_USER, GITHUB_EMAILS]);
    expect(profile).toEqual({
      accountId: '583231',
      email: 'mona@example.com',
      emailVerified: true,
      displayName: 'The Octocat',
      profileImageUrl: 'https://avatars.githubusercontent.com/u/583231?v=4',
    });
  });

  it('GitHub: an unverified primary is not vouched for; no name falls back to the login', async () => {
    const { profile } = await readProfile(PROVIDERS.github, {
      [GITHUB_USER]: { ...githubUser, name: null, email: null },
      [GITHUB_EMAILS]: [{ email: 'new@example.com', primary: true, verified: false, visibility: 'private' }],
    });
    expect(profile).toEqual({
      accountId: '583231',
      email: 'new@example.com',
      emailVerified: false,
      displayName: 'octocat',
      profileImageUrl: 'https://avatars.githubusercontent.com/u/583231?v=4',
    });
  });

  it('GitHub: without a primary in the list, the public address is kept, unverified', async () => {
    const { profile } = await readProfile(PROVIDERS.github, {
      [GITHUB_USER]: githubUser,
      [GITHUB_EMAILS]: [],
    });
    expect(profile.email).toBe('octocat@github.com');
    expect(profile.emailVerified).toBe(false);
  });

  it('Google: the OpenID Connect userinfo, email_verified true, false or the string "true"', async () => {
    const { profile, asked } = await readProfile(PROVIDERS.google, { [GOOGLE_USERINFO]: googleUserinfo });
    expect(asked).toEqual([GOOGLE_USERINFO]);
    expect(profile).toEqual({
      accountId: '110169484474386276334',
      email: 'ada.lovelace@gmail.com',
      emailVerified: true,
      displayName: 'Ada Lovelace',
      profileImageUrl: 'https://lh3.googleusercontent.com/a/ACg8ocJ3x9Qd1lqzT2v5=s96-c',
    });
    const unverified = await readProfile(PROVIDERS.google, {
      [GOOGLE_USERINFO]: { ...googleUserinfo, email_verified: false },
    });
    expect(unverified.profile.emailVerified).toBe(false);
    const asString = await readProfile(PROVIDERS.google, {
      [GOOGLE_USERINFO]: { ...googleUserinfo, email_verified: 'true' },
    });
    expect(asString.profile.emailVerified).toBe(true);
    const falseString = await readProfile(PROVIDERS.google, {
      [GOOGLE_USERINFO]: { ...googleUserinfo, email_verified: 'false' },
    });
    expect(falseString.profile.emailVerified).toBe(false);
  });

  it('Microsoft: Graph /v1.0/me, mail (else the user principal name), never verified, no picture', async () => {
    const { profile, asked } = await readProfile(PROVIDERS.microsoft, { [GRAPH_ME]: graphMe });
    expect(asked).toEqual([GRAPH_ME]);
    expect(profile).toEqual({
      accountId: '87d349ed-44d7-43e1-9a83-5f2406dee5bd',
      email: 'AdeleV@contoso.com',
      emailVerified: false,
      displayName: 'Adele Vance',
      profileImageUrl: null,
    });
    // A personal account's /me often has no mail; its user principal name is its address.
    const personal = await readProfile(PROVIDERS.microsoft, {
      [GRAPH_ME]: { ...graphMe, mail: null, userPrincipalName: 'adele@outlook.com' },
    });
    expect(personal.profile.email).toBe('adele@outlook.com');
    expect(personal.profile.emailVerified).toBe(false);
    // The tenant changes the sign-in endpoints, not where the profile is read.
    const tenant = await readProfile(
      PROVIDERS.microsoft,
      { [GRAPH_ME]: graphMe },
      { settings: { microsoftTenantId: 'contoso.onmicrosoft.com' } },
    );
    expect(tenant.asked).toEqual([GRAPH_ME]);
  });

  it('Spotify: /v1/me, the first image, never verified', async () => {
    const { profile, asked } = await readProfile(PROVIDERS.spotify, { [SPOTIFY_ME]: spotifyMe });
    expect(asked).toEqual([SPOTIFY_ME]);
    expect(profile).toEqual({
      accountId: 'wizzler',
      email: 'email@example.com',
      emailVerified: false,
      displayName: 'JM Wizzler',
      profileImageUrl: 'https://i.scdn.co/image/ab67757000003b8255c25988a6ac314394d3fbf5',
    });
    const noImage = await readProfile(PROVIDERS.spotify, {
      [SPOTIFY_ME]: { ...spotifyMe, images: [], display_name: null },
    });
    expect(noImage.profile.profileImageUrl).toBeNull();
    expect(noImage.profile.displayName).toBeNull();
  });

  it('Facebook: /me?fields=id,name,email,picture, picture.data.url, never verified', async () => {
    const { profile, asked } = await readProfile(PROVIDERS.facebook, { [FACEBOOK_ME]: facebookMe });
    expect(asked).toEqual([FACEBOOK_ME]);
    expect(profile).toEqual({
      accountId: '10158365938502345',
      email: 'jane.doe@example.com',
      emailVerified: false,
      displayName: 'Jane Doe',
      profileImageUrl: facebookMe.picture.data.url,
    });
    // A user who signed up with a phone number, or declined the email permission, has no email.
    const noEmail = await readProfile(PROVIDERS.facebook, { [FACEBOOK_ME]: without(facebookMe, 'email') });
    expect(noEmail.profile.email).toBeNull();
  });

  it('Discord: /users/@me, `verified`, the avatar URL from id and hash (none without a hash)', async () => {
    const { profile, asked } = await readProfile(PROVIDERS.discord, { [DISCORD_ME]: discordMe });
    expect(asked).toEqual([DISCORD_ME]);
    expect(profile).toEqual({
      accountId: '80351110224678912',
      email: 'nelly@discord.com',
      emailVerified: true,
      displayName: 'Nelly',
      profileImageUrl:
        'https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png',
    });
    const plain = await readProfile(PROVIDERS.discord, {
      [DISCORD_ME]: { ...discordMe, avatar: null, global_name: null, verified: false },
    });
    expect(plain.profile).toEqual({
      accountId: '80351110224678912',
      email: 'nelly@discord.com',
      emailVerified: false,
      displayName: 'nelly',
      profileImageUrl: null,
    });
  });

  it('GitLab: /api/v4/user, verified once confirmed_at is set (null is not)', async () => {
    const { profile, asked } = await readProfile(PROVIDERS.gitlab, { [GITLAB_USER]: gitlabUser });
    expect(asked).toEqual([GITLAB_USER]);
    expect(profile).toEqual({
      accountId: '1',
      email: 'john@example.com',
      emailVerified: true,
      displayName: 'John Smith',
      profileImageUrl: gitlabUser.avatar_url,
    });
    const unconfirmed = await readProfile(PROVIDERS.gitlab, {
      [GITLAB_USER]: { ...gitlabUser, confirmed_at: null },
    });
    expect(unconfirmed.profile.emailVerified).toBe(false);
  });

  it('Bitbucket: /2.0/user and the primary of /2.0/user/emails with its is_confirmed', async () => {
    const { profile, asked } = await readProfile(PROVIDERS.bitbucket, {
      [BITBUCKET_USER]: bitbucketUser,
      [BITBUCKET_EMAILS]: bitbucketEmails,
    });
    expect(asked).toEqual([BITBUCKET_USER, BITBUCKET_EMAILS]);
    expect(profile).toEqual({
      accountId: '{d301aafa-d676-4ee0-88be-962be7417567}',
      email: 'erik@example.com',
      emailVerified: true,
      displayName: 'Erik van Zijst',
      profileImageUrl: bitbucketUser.links.avatar.href,
    });
    const unconfirmed = await readProfile(PROVIDERS.bitbucket, {
      [BITBUCKET_USER]: bitbucketUser,
      [BITBUCKET_EMAILS]: {
        ...bitbucketEmails,
        values: bitbucketEmails.values.map((e) => ({ ...e, is_confirmed: !e.is_primary })),
      },
    });
    expect(unconfirmed.profile.email).toBe('erik@example.com');
    expect(unconfirmed.profile.emailVerified).toBe(false);
  });

  it('LinkedIn: the OpenID Connect userinfo, email_verified true, false or the string "true"', async () => {
    const { profile, asked } = await readProfile(PROVIDERS.linkedin, {
      [LINKEDIN_USERINFO]: linkedinUserinfo,
    });
    expect(asked).toEqual([LINKEDIN_USERINFO]);
    expect(profile).toEqual({
      accountId: '782bbtaQ',
      email: 'doe@email.com',
      emailVerified: true,
      displayName: 'John Doe',
      profileImageUrl: linkedinUserinfo.picture,
    });
    const unverified = await readProfile(PROVIDERS.linkedin, {
      [LINKEDIN_USERINFO]: { ...linkedinUserinfo, email_verified: false },
    });
    expect(unverified.profile.emailVerified).toBe(false);
    const asString = await readProfile(PROVIDERS.linkedin, {
      [LINKEDIN_USERINFO]: { ...linkedinUserinfo, email_verified: 'true' },
    });
    expect(asString.profile.emailVerified).toBe(true);
  });

  it('Apple: the id token claims, no API call; email_verified as the string "true" or a boolean', async () => {
    const { profile, asked } = await readProfile(PROVIDERS.apple, {}, { idTokenClaims: appleClaims });
    expect(asked).toEqual([]);
    expect(profile).toEqual({
      accountId: '001234.5f3d0c8a6b0a4e2f9b1c2d3e4f5a6b7c.1234',
      email: 'x7yq2kd9ab@privaterelay.appleid.com',
      emailVerified: true,
      displayName: null,
      profileImageUrl: null,
    });
    const booleans = await readProfile(
      PROVIDERS.apple,
      {},
      { idTokenClaims: { ...appleClaims, email_verified: false } },
    );
    expect(booleans.profile.emailVerified).toBe(false);
    await expect(readProfile(PROVIDERS.apple, {})).rejects.toThrow('Apple answered no id token');
  });

  it('Apple: the name from the `user` field of the first authorization, which no token carries', async () => {
    const first = await readProfile(
      PROVIDERS.apple,
      {},
      {
        idTokenClaims: appleClaims,
        callbackParams: {
          user: JSON.stringify({
            name: { firstName: 'Ada', lastName: 'Lovelace' },
            email: appleClaims.email,
          }),
        },
      },
    );
    expect(first.profile.displayName).toBe('Ada Lovelace');
    for (const user of ['not json', '{"name":null}', '{"name":{"firstName":7}}', '[]']) {
      const odd = await readProfile(
        PROVIDERS.apple,
        {},
        { idTokenClaims: appleClaims, callbackParams: { user } },
      );
      expect(odd.profile.displayName, user).toBeNull();
    }
  });

  it('X: /2/users/me with profile_image_url, read inside `data`; no email, never verified', async () => {
    const { profile, asked } = await readProfile(PROVIDERS.x, { [X_ME]: xMe });
    expect(asked).toEqual([X_ME]);
    expect(profile).toEqual({
      accountId: '2244994945',
      email: null,
      emailVerified: false,
      displayName: 'Developers',
      profileImageUrl: 'https://pbs.twimg.com/profile_images/1683325380441128960/yRsRRjGO_normal.jpg',
    });
  });

  /** Each provider's answer with its user id taken away, by the URL it is read at. */
  const noId: Record<ProviderId, { answers: Record<string, unknown>; claims?: Record<string, unknown> }> = {
    google: { answers: { [GOOGLE_USERINFO]: without(googleUserinfo, 'sub') } },
    github: { answers: { [GITHUB_USER]: without(githubUser, 'id'), [GITHUB_EMAILS]: githubEmails } },
    microsoft: { answers: { [GRAPH_ME]: without(graphMe, 'id') } },
    spotify: { answers: { [SPOTIFY_ME]: without(spotifyMe, 'id') } },
    facebook: { answers: { [FACEBOOK_ME]: without(facebookMe, 'id') } },
    discord: { answers: { [DISCORD_ME]: without(discordMe, 'id') } },
    gitlab: { answers: { [GITLAB_USER]: without(gitlabUser, 'id') } },
    bitbucket: {
      answers: {
        [BITBUCKET_USER]: without(without(bitbucketUser, 'uuid'), 'account_id'),
        [BITBUCKET_EMAILS]: bitbucketEmails,
      },
    },
    linkedin: { answers: { [LINKEDIN_USERINFO]: without(linkedinUserinfo, 'sub') } },
    apple: { answers: {}, claims: without(appleClaims, 'sub') },
    // X answers errors (and no `data`) for a token it does not accept.
    x: { answers: { [X_ME]: { errors: [{ title: 'Unauthorized', type: 'about:blank', status: 401 }] } } },
  };

  it.each(OAUTH_PROVIDER_IDS)('%s: a profile without a user id throws', async (id) => {
    const { answers, claims } = noId[id];
    await expect(readProfile(PROVIDERS[id], answers, { idTokenClaims: claims })).rejects.toThrow(
      /no user id/,
    );
  });
});

// ---- Authorization URLs and clients ----

/** A server context with just what providerClient reads. */
function fakeContext(
  oauth: Partial<Pick<ServerContext['oauth'], 'endpointOverrides' | 'devIdentityProvider'>> = {},
): ServerContext {
  return {
    oauth: {
      endpointOverrides: {},
      devIdentityProvider: () => undefined,
      publicUrl: undefined,
      ...oauth,
    },
    log: () => {},
  } as unknown as ServerContext;
}

const standard = (id: ProviderId, extra: Partial<ProviderConfig> = {}): ProviderConfig => ({
  id,
  enabled: true,
  type: 'standard',
  client_id: `${id}-client-id`,
  client_secret: `${id}-client-secret`,
  ...extra,
});

const REDIRECT_URI = 'https://auth.example.com/api/v1/auth/oauth/callback/PROVIDER';
const STATE = 'st'.repeat(20);
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

/** The query of an authorization URL as a plain object, and where it points. */
function parsed(url: string) {
  const u = new URL(url);
  return { endpoint: `${u.origin}${u.pathname}`, params: Object.fromEntries(u.searchParams) };
}

/** How a client authenticates at the token endpoint, found by running its ClientAuth. */
async function clientAuthentication(client: Awaited<ReturnType<typeof providerClient>>) {
  const body = new URLSearchParams();
  const headers = new Headers();
  await client.auth(client.as, client.client, body, headers);
  return { authorization: headers.get('authorization'), body: Object.fromEntries(body) };
}

interface Expected {
  authorize: string;
  token: string;
  scope: string;
  pkce: boolean;
  basic: boolean;
  params?: Record<string, string>;
}

const EXPECTED: Record<ProviderId, Expected> = {
  google: {
    authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
    token: 'https://oauth2.googleapis.com/token',
    scope: 'openid email profile',
    pkce: true,
    basic: false,
    params: { prompt: 'consent', include_granted_scopes: 'true' },
  },
  github: {
    authorize: 'https://github.com/login/oauth/authorize',
    token: 'https://github.com/login/oauth/access_token',
    scope: 'user:email',
    pkce: true,
    basic: false,
  },
  microsoft: {
    authorize: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    token: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    scope: 'User.Read offline_access',
    pkce: true,
    basic: false,
  },
  spotify: {
    authorize: 'https://accounts.spotify.com/authorize',
    token: 'https://accounts.spotify.com/api/token',
    scope: 'user-read-email user-read-private',
    pkce: true,
    basic: true,
  },
  facebook: {
    authorize: 'https://www.facebook.com/v19.0/dialog/oauth',
    token: 'https://graph.facebook.com/v19.0/oauth/access_token',
    scope: 'public_profile,email',
    pkce: true,
    basic: false,
  },
  discord: {
    authorize: 'https://discord.com/oauth2/authorize',
    token: 'https://discord.com/api/oauth2/token',
    scope: 'identify email',
    pkce: true,
    basic: false,
  },
  gitlab: {
    authorize: 'https://gitlab.com/oauth/authorize',
    token: 'https://gitlab.com/oauth/token',
    scope: 'read_user',
    pkce: true,
    basic: false,
  },
  bitbucket: {
    authorize: 'https://bitbucket.org/site/oauth2/authorize',
    token: 'https://bitbucket.org/site/oauth2/access_token',
    scope: 'account email',
    pkce: true,
    basic: true,
  },
  linkedin: {
    authorize: 'https://www.linkedin.com/oauth/v2/authorization',
    token: 'https://www.linkedin.com/oauth/v2/accessToken',
    scope: 'openid profile email',
    pkce: false,
    basic: false,
  },
  apple: {
    authorize: 'https://appleid.apple.com/auth/authorize',
    token: 'https://appleid.apple.com/auth/token',
    scope: 'name email',
    pkce: true,
    basic: false,
    params: { response_mode: 'form_post' },
  },
  x: {
    authorize: 'https://x.com/i/oauth2/authorize',
    token: 'https://api.x.com/2/oauth2/token',
    scope: 'users.read tweet.read offline.access',
    pkce: true,
    basic: true,
  },
};

describe('authorization URLs with the project’s own keys (type standard)', () => {
  it('covers every provider of the wire', () => {
    expect(Object.keys(PROVIDERS).sort()).toEqual([...OAUTH_PROVIDER_IDS].sort());
  });

  it.each(OAUTH_PROVIDER_IDS)(
    '%s: the real endpoint, its scopes, PKCE where taken, its parameters',
    async (id) => {
      const expected = EXPECTED[id];
      const client = await providerClient(fakeContext(), PROVIDERS[id], standard(id));
      expect(client.oidc).toBe(false);
      expect(client.insecure).toBe(false);
      expect(client.pkce).toBe(expected.pkce);
      expect(client.as.token_endpoint).toBe(expected.token);
      expect(client.client).toEqual({ client_id: `${id}-client-id` });
      const redirectUri = REDIRECT_URI.replace('PROVIDER', id);
      const { endpoint, params } = parsed(
        authorizationUrl(client, { state: STATE, codeChallenge: CHALLENGE, redirectUri, extraScopes: [] }),
      );
      expect(endpoint).toBe(expected.authorize);
      expect(params).toEqual({
        client_id: `${id}-client-id`,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: expected.scope,
        state: STATE,
        access_type: 'offline',
        ...(expected.pkce ? { code_challenge: CHALLENGE, code_challenge_method: 'S256' } : {}),
        ...expected.params,
      });
    },
  );

  it.each(OAUTH_PROVIDER_IDS)(
    '%s: the client authenticates at the token endpoint as the provider takes it',
    async (id) => {
      const client = await providerClient(fakeContext(), PROVIDERS[id], standard(id));
      const sent = await clientAuthentication(client);
      if (EXPECTED[id].basic) {
        expect(PROVIDERS[id].clientAuth).toBe('basic');
        expect(sent.body).toEqual({});
        expect(sent.authorization).toMatch(/^Basic /);
        // base64 of id:secret as they are: these providers do not undo RFC 6749's form-encoding,
        // so a '-' or '_' must not arrive as %2D or %5F.
        const decoded = Buffer.from(sent.authorization!.replace(/^Basic /, ''), 'base64').toString();
        expect(decoded).toBe(`${id}-client-id:${id}-client-secret`);
      } else {
        expect(PROVIDERS[id].clientAuth ?? 'post').toBe('post');
        expect(sent.authorization).toBeNull();
        expect(sent.body).toEqual({ client_id: `${id}-client-id`, client_secret: `${id}-client-secret` });
      }
    },
  );

  it('joins provider_scope to the base scopes once, with the provider’s separator', async () => {
    const input = { state: STATE, codeChallenge: CHALLENGE, redirectUri: REDIRECT_URI };
    const github = await providerClient(fakeContext(), PROVIDERS.github, standard('github'));
    expect(
      parsed(authorizationUrl(github, { ...input, extraScopes: ['repo', 'user:email'] })).params.scope,
    ).toBe('user:email repo');
    const facebook = await providerClient(fakeContext(), PROVIDERS.facebook, standard('facebook'));
    expect(
      parsed(authorizationUrl(facebook, { ...input, extraScopes: ['user_friends', 'email'] })).params.scope,
    ).toBe('public_profile,email,user_friends');
  });

  it('Facebook: config_id only when facebook_config_id is set', async () => {
    const input = { state: STATE, codeChallenge: CHALLENGE, redirectUri: REDIRECT_URI, extraScopes: [] };
    const plain = await providerClient(fakeContext(), PROVIDERS.facebook, standard('facebook'));
    expect(parsed(authorizationUrl(plain, input)).params).not.toHaveProperty('config_id');
    const business = await providerClient(
      fakeContext(),
      PROVIDERS.facebook,
      standard('facebook', { facebook_config_id: '1234567890123456' }),
    );
    expect(parsed(authorizationUrl(business, input)).params.config_id).toBe('1234567890123456');
    // No other provider takes it.
    for (const id of OAUTH_PROVIDER_IDS.filter((p) => p !== 'facebook')) {
      const client = await providerClient(
        fakeContext(),
        PROVIDERS[id],
        standard(id, { facebook_config_id: '1234567890123456' }),
      );
      expect(parsed(authorizationUrl(client, input)).params).not.toHaveProperty('config_id');
    }
  });

  it('Microsoft: the tenant of microsoft_tenant_id in both endpoints (default common)', async () => {
    const input = { state: STATE, codeChallenge: CHALLENGE, redirectUri: REDIRECT_URI, extraScopes: [] };
    const tenant = '72f988bf-86f1-41af-91ab-2d7cd011db47';
    const client = await providerClient(
      fakeContext(),
      PROVIDERS.microsoft,
      standard('microsoft', { microsoft_tenant_id: tenant }),
    );
    expect(parsed(authorizationUrl(client, input)).endpoint).toBe(
      `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/authorize`,
    );
    expect(client.as.token_endpoint).toBe(`https://login.microsoftonline.com/${tenant}/oauth2/v2.0/token`);
    const empty = await providerClient(
      fakeContext(),
      PROVIDERS.microsoft,
      standard('microsoft', { microsoft_tenant_id: '' }),
    );
    expect(empty.as.authorization_endpoint).toBe(
      'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    );
    expect(empty.as.token_endpoint).toBe('https://login.microsoftonline.com/common/oauth2/v2.0/token');
  });

  it('Apple answers its callback with a form POST, and only Apple', () => {
    for (const id of OAUTH_PROVIDER_IDS) expect(PROVIDERS[id].formPostCallback === true).toBe(id === 'apple');
  });
});

describe('shared keys and endpoint overrides: plain OpenID Connect', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const input = { state: STATE, codeChallenge: CHALLENGE, redirectUri: REDIRECT_URI, extraScopes: [] };

  it('shared keys without the development identity provider running are a clear 400', async () => {
    const shared: ProviderConfig = { id: 'github', enabled: true, type: 'shared' };
    const error = await providerClient(fakeContext(), PROVIDERS.github, shared).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StatusError);
    expect((error as StatusError).status).toBe(400);
    expect((error as StatusError).message).toBe(
      `Shared OAuth keys sign in through signet's development identity provider, which is not running. Start signet-server with --dev-oauth-port, or give GitHub your own OAuth keys (type "standard").`,
    );
  });

  it('shared keys sign in at the development identity provider, as OpenID Connect', async () => {
    const ctx = fakeContext({ devIdentityProvider: () => ({ url: 'http://127.0.0.1:4010', secret: 'dev' }) });
    // Spotify takes HTTP Basic and LinkedIn no PKCE on their own flows; neither holds here.
    for (const id of ['spotify', 'linkedin', 'facebook', 'apple'] as const) {
      const client = await providerClient(ctx, PROVIDERS[id], {
        id,
        enabled: true,
        type: 'shared',
        facebook_config_id: '1234567890123456',
      });
      expect(client.oidc).toBe(true);
      expect(client.baseScopes).toEqual(['openid', 'email', 'profile', 'offline_access']);
      expect(client.pkce).toBe(true);
      expect(client.insecure).toBe(true);
      expect(client.client.client_id).toBe('signet-development');
      expect(client.as.token_endpoint).toBe(`http://127.0.0.1:4010/${id}/token`);
      expect(client.as.userinfo_endpoint).toBe(`http://127.0.0.1:4010/${id}/userinfo`);
      const sent = await clientAuthentication(client);
      expect(sent.authorization).toBeNull();
      expect(sent.body.client_id).toBe('signet-development');
      const { endpoint, params } = parsed(authorizationUrl(client, input));
      expect(endpoint).toBe(`http://127.0.0.1:4010/${id}/authorize`);
      // Space-separated for every provider, and none of the provider's own parameters.
      expect(params.scope).toBe('openid email profile offline_access');
      expect(params.code_challenge_method).toBe('S256');
      expect(params).not.toHaveProperty('config_id');
      expect(params).not.toHaveProperty('response_mode');
    }
  });

  it('an endpoint override is discovered from its issuer and speaks OpenID Connect', async () => {
    const issuer = 'http://127.0.0.1:4011/linkedin';
    const discovery = {
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      userinfo_endpoint: `${issuer}/userinfo`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ['code'],
      authorization_response_iss_parameter_supported: true,
    };
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string | URL) => {
      fetched.push(String(url));
      return new Response(JSON.stringify(discovery), { headers: { 'content-type': 'application/json' } });
    });
    const ctx = fakeContext({ endpointOverrides: { linkedin: { issuer } } });
    const client = await providerClient(ctx, PROVIDERS.linkedin, standard('linkedin'));
    expect(fetched).toEqual([`${issuer}/.well-known/openid-configuration`]);
    expect(client.oidc).toBe(true);
    expect(client.baseScopes).toEqual(['openid', 'email', 'profile', 'offline_access']);
    expect(client.pkce).toBe(true);
    expect(client.insecure).toBe(true);
    expect(client.as.authorization_response_iss_parameter_supported).toBe(true);
    expect(client.as.userinfo_endpoint).toBe(`${issuer}/userinfo`);
    expect(client.client.client_id).toBe('linkedin-client-id');
    const { endpoint, params } = parsed(authorizationUrl(client, input));
    expect(endpoint).toBe(`${issuer}/authorize`);
    expect(params.scope).toBe('openid email profile offline_access');
    expect(params.code_challenge).toBe(CHALLENGE);
  });
});
