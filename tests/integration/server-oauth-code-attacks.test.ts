/**
 * The start and the end of an OAuth sign-in's outer flow (wire.md §6.6) from the attacker's side,
 * through the development identity provider. The token endpoint: a replayed code, a wrong PKCE
 * verifier (which burns the code), another redirect URI, another project's credentials, a code
 * past its five minutes, and simultaneous exchanges of one code (one session). Authorize: PKCE
 * `plain` or none, a scope other than `legacy`, untrusted redirect, error and after-callback URLs
 * (no open redirect: errors are then answered as JSON), unknown or disabled providers, a wrong
 * key, an unknown project.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import {
  APP_CALLBACK,
  appCode,
  appError,
  authorize,
  authorizeUrl,
  callback,
  devProviderLogin,
  exchange,
  navigate,
  outerStart,
  tokenRequest,
} from '../support/oauth-flow.js';
import { patchConfig } from '../support/outbox.js';
import { expectKnownError, freshEmail, type RawResponse } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

describe.each(backends())('OAuth authorize and token endpoint under attack on $name', (backend) => {
  let running: RunningServer;
  let dev: ProjectKeys;
  let clock = Date.UTC(2026, 10, 25, 12, 0, 5);
  beforeAll(async () => {
    running = await backend.create({ now: () => clock });
    dev = running.server.seeded.dev;
    await running.server.listenDevIdentityProvider();
  });
  afterAll(async () => {
    await running?.close();
  });

  /** A flow up to the app's callback: the code, and what the app kept. */
  async function codeFor(email = freshEmail(), extra: Record<string, string> = {}) {
    const start = outerStart();
    const { providerUrl, cookie } = await authorize(authorizeUrl(running.url, dev, 'github', start, extra));
    const back = await callback(await devProviderLogin(providerUrl, { email }), cookie);
    return { start, code: appCode(back, start) };
  }

  const exchangeForm = (code: string, verifier: string, keys = dev, redirectUri = APP_CALLBACK) => ({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    code_verifier: verifier,
    client_id: keys.projectId,
    client_secret: keys.publishableClientKey,
  });

  describe('the token endpoint', () => {
    it('exchanges a code once', async () => {
      const { start, code } = await codeFor();
      const first = await exchange(running.url, dev, { code, verifier: start.verifier });
      expect(first.status, JSON.stringify(first.json)).toBe(200);
      expectKnownError(
        await tokenRequest(running.url, exchangeForm(code, start.verifier)),
        'INVALID_AUTHORIZATION_CODE',
      );
    });

    it('burns a code presented with the wrong verifier, even for the right one after', async () => {
      const { start, code } = await codeFor();
      const wrong = outerStart().verifier;
      expectKnownError(
        await tokenRequest(running.url, exchangeForm(code, wrong)),
        'INVALID_AUTHORIZATION_CODE',
      );
      expectKnownError(
        await tokenRequest(running.url, exchangeForm(code, start.verifier)),
        'INVALID_AUTHORIZATION_CODE',
      );
      // The challenge itself is no verifier either (`plain` is not S256).
      const other = await codeFor();
      expectKnownError(
        await tokenRequest(running.url, exchangeForm(other.code, other.start.challenge)),
        'INVALID_AUTHORIZATION_CODE',
      );
    });

    it('refuses another redirect URI than the flow began with', async () => {
      const { start, code } = await codeFor();
      expectKnownError(
        await tokenRequest(
          running.url,
          exchangeForm(code, start.verifier, dev, 'http://localhost:5173/handler/oauth-callback/'),
        ),
        'REDIRECT_URL_NOT_WHITELISTED',
      );
      // The code is spent by that attempt.
      expectKnownError(
        await tokenRequest(running.url, exchangeForm(code, start.verifier)),
        'INVALID_AUTHORIZATION_CODE',
      );
    });

    it('refuses this project’s code with another project’s credentials, and bad credentials', async () => {
      const { start, code } = await codeFor();
      const internal = running.server.seeded.internal;
      expectKnownError(
        await tokenRequest(running.url, exchangeForm(code, start.verifier, internal)),
        'INVALID_AUTHORIZATION_CODE',
      );
      const forged = { ...dev, publishableClientKey: internal.publishableClientKey };
      expectKnownError(
        await tokenRequest(running.url, exchangeForm(code, start.verifier, forged)),
        'INVALID_OAUTH_CLIENT_ID_OR_SECRET',
        { client_id: dev.projectId },
      );
      // Neither attempt reached the code: its owner still exchanges it.
      const owner = await exchange(running.url, dev, { code, verifier: start.verifier });
      expect(owner.status, JSON.stringify(owner.json)).toBe(200);
    });

    it('refuses a code older than five minutes', async () => {
      const { start, code } = await codeFor();
      clock += 5 * 60_000 + 1000;
      expectKnownError(
        await tokenRequest(running.url, exchangeForm(code, start.verifier)),
        'INVALID_AUTHORIZATION_CODE',
      );
      // Just under five minutes is still good.
      const fresh = await codeFor();
      clock += 5 * 60_000 - 1000;
      const ok = await exchange(running.url, dev, { code: fresh.code, verifier: fresh.start.verifier });
      expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    });

    it('gives one session for two simultaneous exchanges of one code', async () => {
      for (let round = 0; round < 3; round++) {
        const { start, code } = await codeFor();
        const answers = await Promise.all(
          [0, 1, 2].map(() => tokenRequest(running.url, exchangeForm(code, start.verifier))),
        );
        const statuses = answers.map((a) => a.status).sort();
        expect(statuses, answers.map((a) => a.text).join('\n')).toEqual([200, 400, 400]);
        for (const loser of answers.filter((a) => a.status === 400)) {
          expectKnownError(loser, 'INVALID_AUTHORIZATION_CODE');
        }
      }
    });
  });

  describe('authorize', () => {
    /** An authorize request that must fail without starting a flow. */
    async function refusedAt(url: string): Promise<RawResponse> {
      const response = await navigate(url);
      expect(response.headers.get('location'), response.text).toBeNull();
      expect(response.headers.get('set-cookie')).toBeNull();
      return response;
    }

    it('takes PKCE S256 only, and requires a challenge', async () => {
      const start = outerStart();
      const plain = await refusedAt(
        authorizeUrl(running.url, dev, 'github', start, {
          code_challenge_method: 'plain',
          code_challenge: start.verifier,
        }),
      );
      expect(plain.status, plain.text).toBe(400);
      expect(plain.json.code).toBe('SCHEMA_ERROR');
      expect(plain.json.error).toContain('code_challenge_method');

      const url = new URL(authorizeUrl(running.url, dev, 'github', start));
      url.searchParams.delete('code_challenge');
      const missing = await refusedAt(url.toString());
      expect(missing.status, missing.text).toBe(400);
      expect(missing.json.code).toBe('SCHEMA_ERROR');
      expect(missing.json.error).toContain('code_challenge');

      const short = await refusedAt(
        authorizeUrl(running.url, dev, 'github', start, { code_challenge: 'abc' }),
      );
      expect(short.json.code).toBe('SCHEMA_ERROR');
    });

    it('takes the scope `legacy` only', async () => {
      expectKnownError(
        await refusedAt(authorizeUrl(running.url, dev, 'github', outerStart(), { scope: 'openid' })),
        'INVALID_SCOPE',
        undefined,
        { messageDetails: { scope: 'openid' } },
      );
      expectKnownError(
        await refusedAt(authorizeUrl(running.url, dev, 'github', outerStart(), { scope: '' })),
        'INVALID_SCOPE',
        undefined,
        { messageDetails: { scope: '<empty string>' } },
      );
    });

    it('sends no browser and no code to an untrusted redirect or after-callback URL', async () => {
      for (const evil of ['https://evil.example.com/handler/oauth-callback', 'javascript:alert(1)']) {
        expectKnownError(
          await refusedAt(authorizeUrl(running.url, dev, 'github', outerStart(), { redirect_uri: evil })),
          'REDIRECT_URL_NOT_WHITELISTED',
        );
        expectKnownError(
          await refusedAt(
            authorizeUrl(running.url, dev, 'github', outerStart(), { after_callback_redirect_url: evil }),
          ),
          'REDIRECT_URL_NOT_WHITELISTED',
        );
      }
    });

    it('answers errors as JSON instead of redirecting to an untrusted error URL', async () => {
      const evil = 'https://evil.example.com/handler/error';
      const start = outerStart();
      const { providerUrl, cookie } = await authorize(
        authorizeUrl(running.url, dev, 'github', start, { error_redirect_url: evil }),
      );
      const denied = await navigate(
        await devProviderLogin(providerUrl, { email: freshEmail(), deny: true }),
        cookie,
      );
      expectKnownError(denied, 'OAUTH_PROVIDER_ACCESS_DENIED');
      expect(denied.headers.get('location')).toBeNull();

      // The same with `error_redirect_uri`, the other spelling the server accepts: untrusted,
      // it is ignored; trusted, it is where errors go.
      for (const [errorUri, redirected] of [
        [evil, false],
        ['http://localhost:5173/handler/error', true],
      ] as const) {
        const url = new URL(
          authorizeUrl(running.url, dev, 'github', outerStart(), { error_redirect_uri: errorUri }),
        );
        url.searchParams.delete('error_redirect_url');
        const other = await authorize(url.toString());
        const again = await callback(
          await devProviderLogin(other.providerUrl, { email: freshEmail(), deny: true }),
          other.cookie,
        );
        if (redirected) expect(appError(again).errorCode).toBe('OAUTH_PROVIDER_ACCESS_DENIED');
        else {
          expect(again.status, again.text).toBe(400);
          expect(again.location).toBeNull();
          expect(JSON.parse(again.text).code).toBe('OAUTH_PROVIDER_ACCESS_DENIED');
        }
      }

      // A trusted error URL gets the error as query parameters.
      const trusted = await authorize(authorizeUrl(running.url, dev, 'github', outerStart()));
      const redirected = await callback(
        await devProviderLogin(trusted.providerUrl, { email: freshEmail(), deny: true }),
        trusted.cookie,
      );
      expect(appError(redirected)).toEqual({
        errorCode: 'OAUTH_PROVIDER_ACCESS_DENIED',
        message: 'The OAuth provider denied access to the user.',
        details: {},
      });
      // The inner cookie is cleared on the way out.
      expect(redirected.setCookie).toMatch(/^stack-oauth-inner-[0-9a-z]+=; Max-Age=0;/);
    });

    it('refuses unknown and disabled providers, a wrong key and an unknown project', async () => {
      expectKnownError(
        await refusedAt(authorizeUrl(running.url, dev, 'myspace', outerStart())),
        'OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED',
      );
      // Known to signet but not configured for the project.
      expectKnownError(
        await refusedAt(authorizeUrl(running.url, dev, 'gitlab', outerStart())),
        'OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED',
      );
      await patchConfig(running.url, dev, {
        oauth_providers: [
          { id: 'github', type: 'shared', enabled: false },
          { id: 'google', type: 'shared', enabled: true },
        ],
      });
      try {
        expectKnownError(
          await refusedAt(authorizeUrl(running.url, dev, 'github', outerStart())),
          'OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED',
        );
      } finally {
        await patchConfig(running.url, dev, {
          oauth_providers: [
            { id: 'github', type: 'shared', enabled: true },
            { id: 'google', type: 'shared', enabled: true },
          ],
        });
      }
      const internal = running.server.seeded.internal;
      expectKnownError(
        await refusedAt(
          authorizeUrl(
            running.url,
            { ...dev, publishableClientKey: internal.publishableClientKey },
            'github',
            outerStart(),
          ),
        ),
        'INVALID_PUBLISHABLE_CLIENT_KEY',
        { project_id: dev.projectId },
      );
      expectKnownError(
        await refusedAt(
          authorizeUrl(running.url, { ...dev, projectId: 'no-such-project' }, 'github', outerStart()),
        ),
        'INVALID_OAUTH_CLIENT_ID_OR_SECRET',
        { client_id: 'no-such-project' },
      );
    });
  });
});
