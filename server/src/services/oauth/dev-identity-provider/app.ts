/**
 * The development identity provider: a small OpenID Connect-shaped provider that signet-server
 * serves on loopback so that shared OAuth keys work on a fresh clone with no keys at all. Its
 * sign-in page ("Sign in to GitHub (development)") takes any email and name, then the real code
 * flow runs: authorization code bound to the redirect URI and PKCE challenge, token endpoint,
 * userinfo, refresh tokens.
 *
 * It keeps no state: codes and tokens are sealed with a key of its own (AES-GCM), so several
 * server processes on one port answer alike. Codes live 60 seconds, access tokens an hour.
 * Anyone who can reach it can be anyone, so it listens on loopback only, and projects in
 * production mode cannot use it (see services/oauth/provider-client.ts and the authorize route).
 */
import { createHash } from 'node:crypto';
import { createSecretBox } from '../../../crypto/secret-box.js';
import { PROVIDERS } from '../providers/index.js';
import type { ProviderId } from '../providers/types.js';
import { DEV_CLIENT_ID, devClientSecret, devEndpoints } from './endpoints.js';
import { signInPage } from './page.js';

const CODE_LIFETIME_MS = 60_000;
const ACCESS_TOKEN_LIFETIME_S = 3600;

interface Identity {
  provider: string;
  email: string;
  name: string;
  verified: boolean;
  scope: string;
}

type Sealed<T> = T & { kind: 'code' | 'access' | 'refresh'; exp: number };
interface CodeGrant extends Identity {
  redirectUri: string;
  challenge: string | null;
}

/** A fetch handler for the development identity provider at `baseUrl()`. */
export function createDevIdentityProvider(options: {
  secret: string;
  now: () => number;
  /** The provider's own origin, known once it listens. */
  baseUrl: () => string;
}): (request: Request) => Promise<Response> {
  const box = createSecretBox(options.secret, 'development identity provider');
  const clientSecret = devClientSecret(options.secret);
  const seal = (value: object) => box.seal(new TextEncoder().encode(JSON.stringify(value)));
  const open = <T>(sealed: string | null | undefined, kind: Sealed<T>['kind']): Sealed<T> | null => {
    if (!sealed) return null;
    const bytes = box.open(sealed);
    if (!bytes) return null;
    const value = JSON.parse(new TextDecoder().decode(bytes)) as Sealed<T>;
    return value.kind === kind && value.exp > options.now() ? value : null;
  };

  return async (request) => {
    const url = new URL(request.url);
    const [, providerId, action] = url.pathname.split('/');
    if (!providerId || !Object.hasOwn(PROVIDERS, providerId)) return text(404, 'No such provider');
    const provider = PROVIDERS[providerId as ProviderId];
    const issuer = devEndpoints(options.baseUrl(), provider.id).issuer;

    if (action === 'authorize' && request.method === 'GET') {
      const params = url.searchParams;
      const problem = authorizeProblem(params);
      if (problem) return text(400, problem);
      return html(signInPage(provider.name, Object.fromEntries(params)));
    }
    if (action === 'authorize' && request.method === 'POST') {
      const form = new URLSearchParams(await request.text());
      const problem = authorizeProblem(form);
      if (problem) return text(400, problem);
      const back = new URL(form.get('redirect_uri')!);
      back.searchParams.set('state', form.get('state') ?? '');
      back.searchParams.set('iss', issuer);
      const email = (form.get('email') ?? '').trim();
      if (form.get('decision') === 'deny') {
        back.searchParams.set('error', 'access_denied');
        return redirect(back);
      }
      if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
        return html(signInPage(provider.name, Object.fromEntries(form), 'Please enter a valid email'), 400);
      }
      const grant: Sealed<CodeGrant> = {
        kind: 'code',
        exp: options.now() + CODE_LIFETIME_MS,
        provider: provider.id,
        email,
        name: (form.get('name') ?? '').trim() || email.split('@')[0]!,
        verified: form.get('email_verified') === 'on' || form.get('email_verified') === 'true',
        scope: form.get('scope') ?? '',
        redirectUri: form.get('redirect_uri')!,
        challenge: form.get('code_challenge'),
      };
      back.searchParams.set('code', seal(grant));
      return redirect(back);
    }
    if (action === 'token' && request.method === 'POST') {
      const form = new URLSearchParams(await request.text());
      if (form.get('client_id') !== DEV_CLIENT_ID || form.get('client_secret') !== clientSecret) {
        return oauthError(401, 'invalid_client');
      }
      let identity: Identity | null = null;
      if (form.get('grant_type') === 'authorization_code') {
        const grant = open<CodeGrant>(form.get('code'), 'code');
        if (!grant || grant.provider !== provider.id || grant.redirectUri !== form.get('redirect_uri')) {
          return oauthError(400, 'invalid_grant');
        }
        const verifier = form.get('code_verifier') ?? '';
        if (
          grant.challenge &&
          createHash('sha256').update(verifier).digest('base64url') !== grant.challenge
        ) {
          return oauthError(400, 'invalid_grant');
        }
        identity = grant;
      } else if (form.get('grant_type') === 'refresh_token') {
        identity = open<Identity>(form.get('refresh_token'), 'refresh');
        if (!identity || identity.provider !== provider.id) return oauthError(400, 'invalid_grant');
      } else return oauthError(400, 'unsupported_grant_type');
      const { provider: p, email, name, verified, scope } = identity;
      const claims: Identity = { provider: p, email, name, verified, scope };
      return json(200, {
        access_token: seal({
          ...claims,
          kind: 'access',
          exp: options.now() + ACCESS_TOKEN_LIFETIME_S * 1000,
        }),
        refresh_token: seal({ ...claims, kind: 'refresh', exp: Number.MAX_SAFE_INTEGER }),
        token_type: 'Bearer',
        expires_in: ACCESS_TOKEN_LIFETIME_S,
        scope,
      });
    }
    if (action === 'userinfo' && request.method === 'GET') {
      const token = request.headers.get('authorization')?.match(/^Bearer (.+)$/i)?.[1];
      const identity = open<Identity>(token, 'access');
      if (!identity || identity.provider !== provider.id) return oauthError(401, 'invalid_token');
      return json(200, {
        sub: accountIdOf(identity.email),
        email: identity.email,
        email_verified: identity.verified,
        name: identity.name,
      });
    }
    return text(404, 'Not found');
  };
}

/** The same email is the same account at the development provider, whatever the name typed. */
function accountIdOf(email: string): string {
  return createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 20);
}

function authorizeProblem(params: URLSearchParams): string | null {
  if (params.get('client_id') !== DEV_CLIENT_ID) return 'Unknown client_id';
  if (params.get('response_type') !== 'code') return 'response_type must be code';
  const redirectUri = params.get('redirect_uri') ?? '';
  if (!URL.canParse(redirectUri) || !/^https?:$/.test(new URL(redirectUri).protocol))
    return 'Invalid redirect_uri';
  const method = params.get('code_challenge_method');
  if (params.get('code_challenge') && method !== 'S256')
    return 'Only the S256 code challenge method is supported';
  return null;
}

const text = (status: number, body: string) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });
const html = (body: string, status = 200) =>
  new Response(body, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      // No form-action: the form's answer redirects to the API's callback, which it would block.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      'x-frame-options': 'DENY',
    },
  });
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
const oauthError = (status: number, error: string) => json(status, { error });
const redirect = (to: URL) => new Response(null, { status: 303, headers: { location: to.toString() } });
