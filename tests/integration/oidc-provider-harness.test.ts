/**
 * The OpenID Connect provider harness (tests/support/oidc-provider) checked with the relying-party
 * library the server uses, oauth4webapi v3: discovery, the authorization code flow with PKCE through
 * a browserless login, userinfo, refresh after the access token expired, client authentication,
 * and the refusals (PKCE plain, a user who denies, a code used twice, a wrong code_verifier).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The server's copy (v3); the root node_modules holds the v2 that @stackframe/js depends on.
import * as oauth from '../../server/node_modules/oauth4webapi/build/index.js';
import {
  completeProviderLogin,
  type OidcProvider,
  type ProviderUser,
  startOidcProvider,
} from '../support/oidc-provider/index.js';

const REDIRECT_URI = 'http://127.0.0.1:9/oauth/callback';
const SECRET = 'signet-test-secret';
const client: oauth.Client = { client_id: 'signet-test' };
const basicClient: oauth.Client = { client_id: 'signet-basic' };
/** What a test asks for besides the user's answers. */
interface SignInOptions {
  scope?: string;
  rp?: oauth.Client;
}
/** Loopback is plain http, which oauth4webapi refuses unless told. */
const insecure = { [oauth.allowInsecureRequests]: true };

describe('oidc provider harness', () => {
  let provider: OidcProvider;
  let as: oauth.AuthorizationServer;

  beforeAll(async () => {
    provider = await startOidcProvider({
      clients: [
        {
          client_id: client.client_id,
          client_secret: SECRET,
          redirect_uris: [REDIRECT_URI],
          token_endpoint_auth_method: 'client_secret_post',
        },
        {
          client_id: basicClient.client_id,
          client_secret: SECRET,
          redirect_uris: [REDIRECT_URI],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      accessTokenTtl: 2,
      extraScopes: ['repo', 'calendar'],
    });
    const issuer = new URL(provider.issuer);
    as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, insecure));
  });
  afterAll(async () => {
    await provider?.close();
  });

  /** An authorization URL with PKCE, and what the relying party keeps to redeem it. */
  async function authorization(scope = 'openid email profile', rp = client, method = 'S256') {
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const url = new URL(as.authorization_endpoint!);
    url.search = new URLSearchParams({
      client_id: rp.client_id,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope,
      state,
      access_type: 'offline',
      code_challenge: method === 'S256' ? await oauth.calculatePKCECodeChallenge(verifier) : verifier,
      code_challenge_method: method,
    }).toString();
    return { url: url.href, verifier, state };
  }

  /** Signs `email` in and redeems the code: the token response (ID token required). */
  async function signIn(
    email: string,
    {
      scope = 'openid email profile',
      rp = client,
      ...user
    }: Omit<ProviderUser, 'email'> & SignInOptions = {},
  ) {
    const { url, verifier, state } = await authorization(scope, rp);
    const redirectedTo = await completeProviderLogin(url, { email, ...user });
    expect(redirectedTo.startsWith(`${REDIRECT_URI}?`)).toBe(true);
    const params = oauth.validateAuthResponse(as, rp, new URL(redirectedTo), state);
    const redeem = (auth = oauth.ClientSecretPost(SECRET), verifierUsed = verifier) =>
      oauth.authorizationCodeGrantRequest(as, rp, auth, params, REDIRECT_URI, verifierUsed, insecure);
    return { params, redeem, verifier };
  }

  const tokensOf = (response: Response) =>
    oauth.processAuthorizationCodeResponse(as, client, response, { requireIdToken: true });

  it('discovers the endpoints on loopback, with PKCE S256 only', () => {
    expect(as.issuer).toBe(provider.issuer);
    expect(provider.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(as.authorization_endpoint).toBe(provider.authorizationUrl);
    expect(as.token_endpoint).toBe(provider.tokenUrl);
    expect(as.userinfo_endpoint).toBe(provider.userInfoUrl);
    expect(as.code_challenge_methods_supported).toEqual(['S256']);
    expect(as.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile', 'repo']));
    expect(provider.output()).not.toContain('Unsupported runtime');
  });

  it('signs a user in with code + PKCE: tokens, ID token and userinfo carry what they typed', async () => {
    const email = 'ada@example.com';
    const { redeem } = await signIn(email, { name: 'Ada', emailVerified: true });
    const tokens = await tokensOf(await redeem());
    expect(tokens.access_token).toBeTruthy();
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.scope?.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    const idToken = oauth.getValidatedIdTokenClaims(tokens)!;
    expect(idToken).toMatchObject({ email, email_verified: true, name: 'Ada', aud: client.client_id });

    const info = await oauth.processUserInfoResponse(
      as,
      client,
      idToken.sub,
      await oauth.userInfoRequest(as, client, tokens.access_token, insecure),
    );
    expect(info).toMatchObject({ sub: idToken.sub, email, email_verified: true, name: 'Ada' });
    expect(info.picture).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);

    // Same email, same subject; an unverified email is reported as such.
    const again = await tokensOf(await (await signIn(email, { emailVerified: false })).redeem());
    expect(oauth.getValidatedIdTokenClaims(again)).toMatchObject({ sub: idToken.sub, email_verified: false });
  });

  it('grants extra scopes the provider knows, all or only those the user allows', async () => {
    const scope = 'openid email profile repo calendar unknown';
    const all = await tokensOf(await (await signIn('bo@example.com', { scope })).redeem());
    expect(all.scope?.split(' ').sort()).toEqual(['calendar', 'email', 'openid', 'profile', 'repo']);
    const some = await signIn('bo@example.com', { scope, grantScopes: ['email', 'repo'] });
    const fewer = await tokensOf(await some.redeem());
    expect(fewer.scope?.split(' ').sort()).toEqual(['email', 'openid', 'repo']);
  });

  it('authenticates a client by its secret, sent by basic or by post whichever it registered', async () => {
    const { redeem } = await signIn('bas@example.com', { rp: basicClient });
    expect((await redeem(oauth.ClientSecretBasic('wrong'))).status).toBe(401);
    // Registered for client_secret_basic, yet client_secret_post is accepted too.
    const tokens = await oauth.processAuthorizationCodeResponse(as, basicClient, await redeem());
    expect(oauth.getValidatedIdTokenClaims(tokens)?.email).toBe('bas@example.com');
  });

  it('refreshes once the access token has expired', async () => {
    const tokens = await tokensOf(await (await signIn('cy@example.com', { name: 'Cy' })).redeem());
    expect(tokens.expires_in).toBeLessThanOrEqual(2);

    const deadline = Date.now() + 5_000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = (await oauth.userInfoRequest(as, client, tokens.access_token, insecure)).status;
    }
    expect(status).toBe(401);

    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(
        as,
        client,
        oauth.ClientSecretPost(SECRET),
        tokens.refresh_token!,
        insecure,
      ),
    );
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    // Not rotated by default: the same refresh token comes back and still works.
    expect(refreshed.refresh_token).toBe(tokens.refresh_token);
    const info = await oauth.processUserInfoResponse(
      as,
      client,
      oauth.skipSubjectCheck,
      await oauth.userInfoRequest(as, client, refreshed.access_token, insecure),
    );
    expect(info).toMatchObject({ email: 'cy@example.com', name: 'Cy' });
  });

  it('sends a user who denies back with error=access_denied', async () => {
    const { url, state } = await authorization();
    const redirectedTo = new URL(await completeProviderLogin(url, { email: 'dee@example.com', deny: true }));
    expect(`${redirectedTo.origin}${redirectedTo.pathname}`).toBe(REDIRECT_URI);
    expect(redirectedTo.searchParams.get('state')).toBe(state);
    expect(redirectedTo.searchParams.has('code')).toBe(false);
    expect(() => oauth.validateAuthResponse(as, client, redirectedTo, state)).toThrow(
      expect.objectContaining({ error: 'access_denied' }),
    );
  });

  it('refuses PKCE plain at the redirect_uri', async () => {
    const { url } = await authorization('openid email', client, 'plain');
    const redirectedTo = new URL(await completeProviderLogin(url, { email: 'pat@example.com' }));
    expect(redirectedTo.searchParams.get('error')).toBe('invalid_request');
    expect(redirectedTo.searchParams.has('code')).toBe(false);
  });

  it('refuses a code used twice, and a wrong code_verifier', async () => {
    const first = await signIn('eve@example.com');
    await tokensOf(await first.redeem());
    await expect(tokensOf(await first.redeem())).rejects.toMatchObject({ error: 'invalid_grant' });

    const second = await signIn('eve@example.com');
    const wrong = await second.redeem(undefined, oauth.generateRandomCodeVerifier());
    await expect(tokensOf(wrong)).rejects.toMatchObject({ error: 'invalid_grant' });
  });
});
