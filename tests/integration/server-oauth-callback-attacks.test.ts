/**
 * The provider's callback of an OAuth sign-in (wire.md §6.6 step 5) from the attacker's side,
 * through the development identity provider: another browser (no inner cookie), a cookie of
 * another state, a replayed callback, another provider's callback path; and hostile strings
 * (NUL, a lone surrogate's bytes, values past their limits, 70k characters) at authorize, at the
 * callback and in the form-POST callback, answered 400 (or 431 past the 16 KB request-head limit),
 * never 500, with no user made.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import {
  appCode,
  authorize,
  authorizeUrl,
  callback,
  devProviderLogin,
  exchange,
  navigate,
  type OuterStart,
  outerStart,
} from '../support/oauth-flow.js';
import { expectKnownError, freshEmail, raw } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

describe.each(backends())('OAuth callback under attack on $name', (backend) => {
  let running: RunningServer;
  let dev: ProjectKeys;
  beforeAll(async () => {
    running = await backend.create();
    dev = running.server.seeded.dev;
    await running.server.listenDevIdentityProvider();
  });
  afterAll(async () => {
    await running?.close();
  });

  const userCount = async () => {
    const list = await raw(running.url, '/users', { keys: dev, access: 'server' });
    expect(list.status, list.text).toBe(200);
    return list.json.items.length as number;
  };

  /** A flow up to the provider's redirect back to the server (not yet followed). */
  async function atCallback(start: OuterStart = outerStart(), provider = 'github') {
    const { providerUrl, cookie } = await authorize(authorizeUrl(running.url, dev, provider, start));
    const callbackUrl = await devProviderLogin(providerUrl, { email: freshEmail() });
    return { start, cookie, callbackUrl, state: new URL(callbackUrl).searchParams.get('state')! };
  }

  describe('the callback', () => {
    const NO_COOKIE =
      'Inner OAuth cookie not found. This is likely because you refreshed the page during the OAuth sign in process. Please try signing in again.';

    it('refuses another browser (no inner cookie) and a cookie of another state', async () => {
      const before = await userCount();
      const flow = await atCallback();
      const elsewhere = await callback(flow.callbackUrl);
      expect(elsewhere).toMatchObject({ status: 400, location: null, text: NO_COOKIE });

      const other = await atCallback();
      const swapped = await callback(flow.callbackUrl, other.cookie);
      expect(swapped).toMatchObject({ status: 400, location: null, text: NO_COOKIE });
      // A cookie named for this state but not set by the server.
      const forged = await callback(flow.callbackUrl, `stack-oauth-inner-${flow.state}=1`);
      expect(forged).toMatchObject({ status: 400, text: NO_COOKIE });
      expect(await userCount()).toBe(before);

      // None of that used the flow up: its own browser still finishes it.
      const own = await callback(flow.callbackUrl, flow.cookie);
      const ok = await exchange(running.url, dev, {
        code: appCode(own, flow.start),
        verifier: flow.start.verifier,
      });
      expect(ok.status).toBe(200);
      expect(await userCount()).toBe(before + 1);
    });

    it('finishes a form-POST callback (as Apple sends it) through the GET callback, with the cookie', async () => {
      const before = await userCount();
      const flow = await atCallback();
      const back = new URL(flow.callbackUrl);
      // The provider posts the answer instead of redirecting with it (Apple adds the user's name).
      const form = new URLSearchParams(back.searchParams);
      const user = JSON.stringify({ name: { firstName: 'Ada', lastName: 'Lovelace' } });
      form.set('user', user);
      form.set('something_else', 'dropped');
      const posted = await fetch(`${back.origin}${back.pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        redirect: 'manual',
      });
      expect(posted.status).toBe(303);
      const get = posted.headers.get('location')!;
      expect(new URL(get).pathname).toBe(back.pathname);
      expect(new URL(get).searchParams.get('state')).toBe(flow.state);
      expect(new URL(get).searchParams.get('user')).toBe(user);
      expect(new URL(get).searchParams.has('something_else')).toBe(false);
      // The browser follows as a top-level GET, so its Lax inner cookie comes along.
      const own = await callback(get, flow.cookie);
      const ok = await exchange(running.url, dev, {
        code: appCode(own, flow.start),
        verifier: flow.start.verifier,
      });
      expect(ok.status).toBe(200);
      expect(await userCount()).toBe(before + 1);
    });

    it('takes a callback once', async () => {
      const flow = await atCallback();
      appCode(await callback(flow.callbackUrl, flow.cookie), flow.start);
      const replay = await callback(flow.callbackUrl, flow.cookie);
      expect(replay).toMatchObject({
        status: 400,
        location: null,
        text: 'Invalid OAuth cookie. Please try signing in again.',
      });
    });

    it('refuses the callback path of another provider than the one started', async () => {
      const before = await userCount();
      const flow = await atCallback();
      const swapped = flow.callbackUrl.replace('/callback/github', '/callback/google');
      expect(swapped).not.toBe(flow.callbackUrl);
      const refused = await callback(swapped, flow.cookie);
      expect(refused.status, refused.text).toBe(400);
      expect(refused.location).toBeNull();
      expect(refused.text).toBe(
        'This OAuth callback belongs to another provider. Please try signing in again.',
      );
      // The flow is used up by the attempt.
      expect((await callback(flow.callbackUrl, flow.cookie)).status).toBe(400);
      expect(await userCount()).toBe(before);
    });

    const TOO_LARGE = "The request's URL and headers are too large (at most 16 KB together).";
    /** `url` with query parameter `field` set to the already-encoded `value`. */
    const withRaw = (url: string, field: string, value: string) => {
      const target = new URL(url);
      target.searchParams.delete(field);
      return `${target}&${field}=${value}`;
    };
    const schemaError = (response: { status: number; text: string }, field: string) => {
      expect(response.status, response.text).toBe(400);
      const json = JSON.parse(response.text);
      expect(json.code).toBe('SCHEMA_ERROR');
      expect(json.error).toContain(`query.${field}`);
    };

    it('answers NUL, over-long and over-large values at authorize with 400 or 431, never 500', async () => {
      const before = await userCount();
      const base = authorizeUrl(running.url, dev, 'github', outerStart());
      const fields = ['state', 'client_id', 'redirect_uri', 'error_redirect_url', 'token', 'provider_scope'];
      for (const field of fields) {
        schemaError(await navigate(withRaw(base, field, '%00')), field);
        schemaError(await navigate(withRaw(base, field, 'a%00b')), field);
        schemaError(await navigate(withRaw(base, field, 'a'.repeat(10_000))), field);
        const huge = await navigate(withRaw(base, field, 'a'.repeat(70_000)));
        expect({ status: huge.status, text: huge.text }).toEqual({ status: 431, text: TOO_LARGE });
      }
      expect(await userCount()).toBe(before);
    });

    it('reads a lone surrogate’s bytes (%ED%A0%80) as U+FFFD: no 500, nothing unstorable kept', async () => {
      const lone = '%ED%A0%80';
      const base = authorizeUrl(running.url, dev, 'github', outerStart());
      expectKnownError(
        await navigate(withRaw(base, 'client_id', lone)),
        'INVALID_OAUTH_CLIENT_ID_OR_SECRET',
        {
          client_id: '\uFFFD\uFFFD\uFFFD',
        },
      );
      expectKnownError(await navigate(withRaw(base, 'redirect_uri', lone)), 'REDIRECT_URL_NOT_WHITELISTED');
      // As the app's state it is an odd but valid string, kept and handed back as read.
      const start = outerStart();
      const { providerUrl, cookie } = await authorize(
        withRaw(authorizeUrl(running.url, dev, 'github', start), 'state', lone),
      );
      const back = await callback(await devProviderLogin(providerUrl, { email: freshEmail() }), cookie);
      expect(back.status, back.text).toBe(307);
      expect(new URL(back.location!).searchParams.get('state')).toBe('\uFFFD\uFFFD\uFFFD');
    });

    it('answers hostile values at the callback with 400 or 431, never 500, and makes no user', async () => {
      const before = await userCount();
      for (const field of ['state', 'code', 'error', 'iss', 'error_description']) {
        for (const value of ['%00', 'a'.repeat(10_000)]) {
          const flow = await atCallback();
          const refused = await callback(withRaw(flow.callbackUrl, field, value), flow.cookie);
          schemaError(refused, field);
          expect(refused.location).toBeNull();
        }
        const flow = await atCallback();
        const huge = await callback(withRaw(flow.callbackUrl, field, 'a'.repeat(70_000)), flow.cookie);
        expect({ status: huge.status, text: huge.text }).toEqual({ status: 431, text: TOO_LARGE });
      }
      const lone = '%ED%A0%80';
      const byField: Record<string, string> = {
        state: NO_COOKIE,
        code: 'The OAuth provider did not complete the sign-in (invalid_grant). Please try signing in again.',
        iss: 'The OAuth provider did not complete the sign-in (invalid_response). Please try signing in again.',
        error:
          'The OAuth provider did not complete the sign-in (\uFFFD\uFFFD\uFFFD). Please try signing in again.',
      };
      for (const [field, text] of Object.entries(byField)) {
        const flow = await atCallback();
        const refused = await callback(withRaw(flow.callbackUrl, field, lone), flow.cookie);
        expect({ status: refused.status, text: refused.text, location: refused.location }).toEqual({
          status: 400,
          text,
          location: null,
        });
      }
      expect(await userCount()).toBe(before);
    });

    it('bounds the form-POST callback too: no 70k value is sent back as a redirect', async () => {
      const flow = await atCallback();
      const target = new URL(flow.callbackUrl);
      const post = (fields: Record<string, string>, contentType = 'application/x-www-form-urlencoded') =>
        fetch(`${target.origin}${target.pathname}`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': contentType, cookie: flow.cookie },
          body:
            contentType === 'application/json'
              ? JSON.stringify(fields)
              : new URLSearchParams(fields).toString(),
        });
      const fields = Object.fromEntries(target.searchParams);
      for (const value of ['a\u0000b', 'a'.repeat(70_000)]) {
        for (const type of ['application/x-www-form-urlencoded', 'application/json']) {
          const response = await post({ ...fields, code: value }, type);
          const text = await response.text();
          expect(response.status, text).toBe(400);
          expect(response.headers.get('x-stack-known-error')).toBe('SCHEMA_ERROR');
          expect(JSON.parse(text).error).toContain('body.code');
        }
      }
      // The POST of a well-formed answer goes on to the GET callback with the same fields.
      const ok = await post(fields);
      expect(ok.status).toBe(303);
      const location = ok.headers.get('location')!;
      expect(Object.fromEntries(new URL(location).searchParams)).toEqual(fields);
      appCode(await callback(location, flow.cookie), flow.start);
    });
  });
});
