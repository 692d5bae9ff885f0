/**
 * The inner OAuth flow (wire.md §6.6, server ⇄ provider) through oauth4webapi: the authorization
 * URL, the code exchange with PKCE, the profile, and refreshing a connected account's token.
 *
 * A provider is reached in one of three ways: its real endpoints with the project's own keys
 * (type `standard`); an OpenID Connect issuer standing in for it (the `oauthProviderEndpoints`
 * server option, for tests against a provider process); or, for type `shared`, the development
 * identity provider this server runs on loopback. The last two speak plain OpenID Connect, so the
 * profile is read from their userinfo endpoint whatever the provider.
 */
import * as oauth from 'oauth4webapi';
import { StatusError } from '../../errors.js';
import type { ServerContext } from '../context.js';
import { isLocalHost } from '../local-hosts.js';
import { DEV_CLIENT_ID, devClientSecret, devEndpoints } from './dev-identity-provider/endpoints.js';
import {
  oidcProfile,
  type ProviderEndpoints,
  type ProviderProfile,
  type ProviderSettings,
  type ProviderSpec,
} from './providers/types.js';

/** A project's provider config entry (wire.md §5.10), as stored. */
export interface ProviderConfig {
  id: string;
  enabled: boolean;
  type: 'shared' | 'standard';
  client_id?: string;
  client_secret?: string;
  facebook_config_id?: string;
  microsoft_tenant_id?: string;
}

/** A provider ready to talk to: where, as which client, and how. */
export interface ProviderClient {
  spec: ProviderSpec;
  type: 'shared' | 'standard';
  settings: ProviderSettings;
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  auth: oauth.ClientAuth;
  /** The scopes of every sign-in. */
  baseScopes: readonly string[];
  /** Reads profiles from the OpenID Connect userinfo endpoint instead of the provider's API. */
  oidc: boolean;
  pkce: boolean;
  /** Plain http is allowed only to loopback (the development provider, test providers). */
  insecure: boolean;
}

const OIDC_SCOPES = ['openid', 'email', 'profile', 'offline_access'] as const;

/** Resolves the provider of config `config` for this server (see the module comment). */
export async function providerClient(
  ctx: ServerContext,
  spec: ProviderSpec,
  config: ProviderConfig,
): Promise<ProviderClient> {
  const settings: ProviderSettings = {
    facebookConfigId: config.facebook_config_id,
    microsoftTenantId: config.microsoft_tenant_id,
  };
  let endpoints: ProviderEndpoints;
  let clientId: string;
  let clientSecret: string;
  let oidc = false;
  let issParameter = false;
  if (config.type === 'shared') {
    const base = ctx.oauth.devIdentityProvider();
    if (!base) {
      throw new StatusError(
        400,
        `Shared OAuth keys sign in through signet's development identity provider, which is not running. Start signet-server with --dev-oauth-port, or give ${spec.name} your own OAuth keys (type "standard").`,
      );
    }
    endpoints = devEndpoints(base.url, spec.id);
    clientId = DEV_CLIENT_ID;
    clientSecret = devClientSecret(base.secret);
    oidc = true;
    issParameter = true;
  } else {
    clientId = config.client_id ?? '';
    clientSecret = config.client_secret ?? '';
    const override = ctx.oauth.endpointOverrides[spec.id];
    if (override) {
      ({ endpoints, issParameter } = await discover(override.issuer));
      oidc = true;
    } else endpoints = spec.endpoints(settings);
  }
  const as: oauth.AuthorizationServer = {
    issuer: endpoints.issuer,
    authorization_endpoint: endpoints.authorizationUrl,
    token_endpoint: endpoints.tokenUrl,
    userinfo_endpoint: endpoints.userInfoUrl,
    authorization_response_iss_parameter_supported: issParameter,
  };
  return {
    spec,
    type: config.type,
    settings,
    as,
    client: { client_id: clientId },
    auth:
      spec.clientAuth === 'basic' && !oidc ? plainBasic(clientSecret) : oauth.ClientSecretPost(clientSecret),
    baseScopes: oidc ? OIDC_SCOPES : spec.baseScopes,
    oidc,
    pkce: oidc || spec.pkce !== false,
    insecure: [endpoints.authorizationUrl, endpoints.tokenUrl].every((url) =>
      isLocalHost(new URL(url).hostname),
    ),
  };
}

/**
 * HTTP Basic client authentication as the providers that ask for it document it (Spotify,
 * Bitbucket, X): base64 of `id:secret` as they are. RFC 6749 form-encodes both first, and
 * oauth4webapi does, which turns a secret's `-` or `_` into `%2D` / `%5F` that these providers do
 * not decode; their ids and secrets hold no `:`, so nothing needs escaping.
 */
function plainBasic(clientSecret: string): oauth.ClientAuth {
  return (_as, client, _body, headers) => {
    headers.set(
      'authorization',
      `Basic ${Buffer.from(`${client.client_id}:${clientSecret}`).toString('base64')}`,
    );
  };
}

/** The endpoints of an OpenID Connect issuer, from its discovery document. */
async function discover(issuer: string): Promise<{ endpoints: ProviderEndpoints; issParameter: boolean }> {
  const url = new URL(issuer);
  const options = { [oauth.allowInsecureRequests]: isLocalHost(url.hostname) };
  const as = await oauth.processDiscoveryResponse(url, await oauth.discoveryRequest(url, options));
  if (!as.authorization_endpoint || !as.token_endpoint || !as.userinfo_endpoint) {
    throw new Error(`the OpenID Connect issuer ${issuer} lacks an authorization, token or userinfo endpoint`);
  }
  return {
    endpoints: {
      issuer: as.issuer,
      authorizationUrl: as.authorization_endpoint,
      tokenUrl: as.token_endpoint,
      userInfoUrl: as.userinfo_endpoint,
    },
    issParameter: as.authorization_response_iss_parameter_supported === true,
  };
}

/** The provider's authorization URL for one sign-in (wire.md §6.6 step 4). */
export function authorizationUrl(
  provider: ProviderClient,
  input: { state: string; codeChallenge: string; redirectUri: string; extraScopes: readonly string[] },
): string {
  const url = new URL(provider.as.authorization_endpoint!);
  const scopes = [...new Set([...provider.baseScopes, ...input.extraScopes])];
  const params: Record<string, string> = {
    client_id: provider.client.client_id,
    redirect_uri: input.redirectUri,
    response_type: 'code',
    scope: scopes.join(provider.oidc ? ' ' : (provider.spec.scopeSeparator ?? ' ')),
    state: input.state,
    access_type: 'offline',
    ...(provider.pkce ? { code_challenge: input.codeChallenge, code_challenge_method: 'S256' } : {}),
    ...(provider.oidc ? {} : provider.spec.authorizationParams?.(provider.settings)),
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

/** What the code exchange gives: the provider's tokens and the user's profile. */
export interface ProviderSignIn {
  profile: ProviderProfile;
  accessToken: string;
  refreshToken: string | undefined;
  /** When the access token stops working, when the provider said. */
  expiresAt: number | undefined;
  /** The scopes granted: what the provider says, or what was asked. */
  scopes: string[];
}

/** The provider refused: the user denied access, or it answered an error. */
export class ProviderRefusal extends Error {
  constructor(
    readonly error: string,
    description: string | undefined,
  ) {
    super(description ? `${error}: ${description}` : error);
  }
}

/**
 * Checks the provider's answer at the callback and exchanges its code (steps 5 and 8): throws a
 * {@link ProviderRefusal} when the provider answered an error (`access_denied` among them).
 */
export async function exchangeCode(
  provider: ProviderClient,
  input: {
    callbackParams: URLSearchParams;
    state: string;
    redirectUri: string;
    codeVerifier: string;
    requestedScopes: readonly string[];
    now: number;
  },
): Promise<ProviderSignIn> {
  const options = { [oauth.allowInsecureRequests]: provider.insecure };
  let tokens: oauth.TokenEndpointResponse;
  try {
    const params = oauth.validateAuthResponse(
      provider.as,
      provider.client,
      input.callbackParams,
      input.state,
    );
    const response = await oauth.authorizationCodeGrantRequest(
      provider.as,
      provider.client,
      provider.auth,
      params,
      input.redirectUri,
      provider.pkce ? input.codeVerifier : oauth.nopkce,
      options,
    );
    tokens = await oauth.processAuthorizationCodeResponse(provider.as, provider.client, response);
  } catch (error) {
    throw refusalOf(error);
  }
  const idTokenClaims = oauth.getValidatedIdTokenClaims(tokens) as Record<string, unknown> | undefined;
  const getJson = async (url: string) => {
    const response = await oauth.protectedResourceRequest(
      tokens.access_token,
      'GET',
      new URL(url),
      new Headers({ accept: 'application/json', 'user-agent': 'signet' }),
      null,
      options,
    );
    if (!response.ok)
      throw new ProviderRefusal('profile_unavailable', `the provider answered ${response.status}`);
    return response.json() as Promise<unknown>;
  };
  const endpoints: ProviderEndpoints = {
    issuer: provider.as.issuer,
    authorizationUrl: provider.as.authorization_endpoint!,
    tokenUrl: provider.as.token_endpoint!,
    userInfoUrl: provider.as.userinfo_endpoint,
  };
  const profile = provider.oidc
    ? oidcProfile(await getJson(endpoints.userInfoUrl!))
    : await provider.spec.profile({
        accessToken: tokens.access_token,
        idTokenClaims,
        endpoints,
        callbackParams: input.callbackParams,
        getJson,
      });
  return {
    profile,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    expiresAt: tokens.expires_in === undefined ? undefined : input.now + tokens.expires_in * 1000,
    scopes: tokens.scope ? tokens.scope.split(/[\s,]+/).filter(Boolean) : [...input.requestedScopes],
  };
}

/** A new access token from a refresh token (connected accounts); null when the provider refuses it. */
export async function refreshProviderToken(
  provider: ProviderClient,
  refreshToken: string,
  now: number,
): Promise<{
  accessToken: string;
  refreshToken: string | undefined;
  expiresAt: number | undefined;
  scopes: string[] | undefined;
} | null> {
  try {
    const response = await oauth.refreshTokenGrantRequest(
      provider.as,
      provider.client,
      provider.auth,
      refreshToken,
      {
        [oauth.allowInsecureRequests]: provider.insecure,
      },
    );
    const tokens = await oauth.processRefreshTokenResponse(provider.as, provider.client, response);
    return {
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      expiresAt: tokens.expires_in === undefined ? undefined : now + tokens.expires_in * 1000,
      scopes: tokens.scope ? tokens.scope.split(/[\s,]+/).filter(Boolean) : undefined,
    };
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError) return null;
    throw error;
  }
}

function refusalOf(error: unknown): Error {
  if (error instanceof oauth.AuthorizationResponseError || error instanceof oauth.ResponseBodyError) {
    return new ProviderRefusal(error.error, error.error_description);
  }
  if (error instanceof ProviderRefusal) return error;
  return new ProviderRefusal('invalid_response', error instanceof Error ? error.message : String(error));
}
