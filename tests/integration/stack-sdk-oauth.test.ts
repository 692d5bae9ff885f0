/**
 * Stack's own client (`@stackframe/js` 2.7.23, unchanged) completes an OAuth sign-in against
 * signet: `signInWithOAuth('google')` sends the browser to signet's authorize endpoint, signet to
 * a real OpenID Connect provider process on loopback (a standard Google provider pointed at it),
 * the provider back to signet's callback, signet to the app's callback page, where
 * `callOAuthCallback()` exchanges the code (PKCE) and the SDK's user is the provider's.
 *
 * The SDK runs only "in a browser"; here the browser is the smallest one it needs: `window` with a
 * location and history, and `document.cookie` kept as a browser keeps it (tests/support/
 * fake-browser-globals.ts). Every HTTP step between the pages is a real request.
 */
import { StackClientApp } from '@stackframe/js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { installFakeBrowser } from '../support/fake-browser-globals.js';
import { authorize, callback } from '../support/oauth-flow.js';
import {
  completeProviderLogin,
  type OidcProvider,
  startOidcProvider,
} from '../support/oidc-provider/index.js';
import { patchConfig } from '../support/outbox.js';
import { backends, type RunningServer } from '../support/server.js';

const APP = 'http://localhost:3000';

describe.each(backends())('Stack SDK OAuth sign-in against signet on $name', (backend) => {
  let running: RunningServer;
  let provider: OidcProvider;
  let dev: ProjectKeys;
  // Filled once the provider runs: the server reads the same object when a sign-in starts.
  const issuers: Record<string, { issuer: string }> = {};
  beforeAll(async () => {
    running = await backend.create({ oauthProviderEndpoints: issuers });
    dev = running.server.seeded.dev;
    provider = await startOidcProvider({
      clients: [
        {
          client_id: 'stack-sdk-google',
          client_secret: 'stack sdk google secret',
          redirect_uris: [`${running.url}/api/v1/auth/oauth/callback/google`],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
    });
    issuers.google = { issuer: provider.issuer };
    await patchConfig(running.url, dev, {
      oauth_providers: [
        { id: 'github', type: 'shared', enabled: false },
        {
          id: 'google',
          type: 'standard',
          enabled: true,
          client_id: 'stack-sdk-google',
          client_secret: 'stack sdk google secret',
        },
      ],
    });
  }, 60_000);
  afterAll(async () => {
    await provider?.close();
    await running?.close();
  });

  it('signInWithOAuth → provider → callback → callOAuthCallback: the SDK is signed in as the provider user', async () => {
    const browser = installFakeBrowser(`${APP}/handler/sign-in`);
    try {
      const app = new StackClientApp({
        projectId: dev.projectId,
        publishableClientKey: dev.publishableClientKey,
        baseUrl: running.url,
        tokenStore: 'cookie',
        redirectMethod: 'window',
        noAutomaticPrefetch: true,
      });
      void app.signInWithOAuth('google');
      const authorizeUrl = await browser.nextNavigation();
      expect(authorizeUrl.startsWith(`${running.url}/api/v1/auth/oauth/authorize/google?`)).toBe(true);
      // The SDK kept its PKCE verifier in the outer cookie, keyed by its state.
      const state = new URL(authorizeUrl).searchParams.get('state')!;
      expect(browser.cookie(`stack-oauth-outer-${state}`)).toMatch(/^[\w-]{43}$/);

      const { providerUrl, cookie } = await authorize(authorizeUrl);
      expect(providerUrl.startsWith(provider.authorizationUrl)).toBe(true);
      const atSignet = await completeProviderLogin(providerUrl, {
        email: 'sdk-oauth@example.com',
        name: 'Ada SDK',
      });
      const back = await callback(atSignet, cookie);
      expect(back.status, back.text).toBe(307);
      const appCallback = new URL(back.location!);
      expect(`${appCallback.origin}${appCallback.pathname}`).toBe(`${APP}/handler/oauth-callback`);

      browser.arrive(appCallback.toString());
      expect(await app.callOAuthCallback()).toBe(true);
      // The SDK consumed its cookie, stripped code and state, and went on to after-sign-up.
      expect(browser.cookie(`stack-oauth-outer-${state}`)).toBeUndefined();
      expect(await browser.nextNavigation()).toBe(`${APP}/`);
      const user = await app.getUser({ or: 'throw' });
      expect(user.primaryEmail).toBe('sdk-oauth@example.com');
      expect(user.primaryEmailVerified).toBe(true);
      expect(user.displayName).toBe('Ada SDK');
      expect(user.oauthProviders.map((p) => p.id)).toEqual(['google']);
    } finally {
      browser.uninstall();
    }
  });
});
