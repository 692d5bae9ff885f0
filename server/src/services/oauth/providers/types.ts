/**
 * What signet knows of an OAuth provider (wire.md §6.6 inner flow): its endpoints, the scopes it
 * starts with, how a client authenticates to it, and how to read a user's profile from its answer.
 * One file per provider beside this one, and one list (`index.ts`).
 */

import type { OAUTH_PROVIDER_IDS } from '../../../../../wire/project.js';

/** One of the wire's provider ids (product-spec §3). */
export type ProviderId = (typeof OAUTH_PROVIDER_IDS)[number];

/** A provider's settings in the project config that change its endpoints or parameters. */
export interface ProviderSettings {
  facebookConfigId?: string;
  microsoftTenantId?: string;
}

/** The endpoints of a provider's authorization server. */
export interface ProviderEndpoints {
  /** The authorization server's issuer (checked against an id token's `iss`). */
  issuer: string;
  authorizationUrl: string;
  tokenUrl: string;
  /** Where the profile is read, when the provider has one such endpoint. */
  userInfoUrl?: string;
}

/** The user as a provider reports them. */
export interface ProviderProfile {
  /** The user's stable id at the provider. */
  accountId: string;
  email: string | null;
  /** Whether the provider vouches that the user owns `email`. */
  emailVerified: boolean;
  displayName: string | null;
  profileImageUrl: string | null;
}

/** What the profile reader gets: the tokens' answer and a way to call the provider's APIs. */
export interface ProfileInput {
  accessToken: string;
  /** The claims of the id token of an OpenID Connect answer, if any. */
  idTokenClaims?: Record<string, unknown>;
  endpoints: ProviderEndpoints;
  /** The parameters the provider's answer brought to the callback (Apple's `user`). */
  callbackParams: URLSearchParams;
  /** GET a provider URL with the user's access token and parse its JSON (throws on failure). */
  getJson(url: string): Promise<unknown>;
}

/** One provider. */
export interface ProviderSpec {
  id: ProviderId;
  /** Shown on buttons and the development sign-in page. */
  name: string;
  endpoints(settings: ProviderSettings): ProviderEndpoints;
  /** The scopes every sign-in asks for; `provider_scope` adds to them. */
  baseScopes: readonly string[];
  /** How scopes are joined in the authorization URL (a space, except where a provider differs). */
  scopeSeparator?: string;
  /** Extra parameters of the authorization URL. */
  authorizationParams?(settings: ProviderSettings): Record<string, string>;
  /** Whether the provider takes PKCE (S256) on its own flow. Default true. */
  pkce?: boolean;
  /** How the server authenticates at the token endpoint. Default `post` (client_secret_post). */
  clientAuth?: 'post' | 'basic';
  /** Answers its callback with a form POST (Apple). */
  formPostCallback?: boolean;
  /** Reads the user's profile after the code exchange. */
  profile(input: ProfileInput): Promise<ProviderProfile>;
}

/** The string at `key` of a JSON object, or null. */
export function stringAt(value: unknown, key: string): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const found = (value as Record<string, unknown>)[key];
  if (typeof found === 'string' && found !== '') return found;
  if (typeof found === 'number') return String(found);
  return null;
}

/**
 * The profile of an OpenID Connect userinfo answer or id token (sub, email, email_verified, name,
 * picture): Google, LinkedIn, Microsoft's OIDC endpoint and any standard provider pointed at an
 * OpenID Connect issuer read it the same way.
 */
export function oidcProfile(claims: unknown, emailVerified?: boolean): ProviderProfile {
  const accountId = stringAt(claims, 'sub');
  if (!accountId) throw new Error('the provider answered no user id (sub)');
  const verified = (claims as Record<string, unknown>).email_verified;
  return {
    accountId,
    email: stringAt(claims, 'email'),
    emailVerified: emailVerified ?? (verified === true || verified === 'true'),
    displayName: stringAt(claims, 'name'),
    profileImageUrl: stringAt(claims, 'picture'),
  };
}
