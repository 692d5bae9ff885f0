/**
 * The client answers a call whose first attempt plainly succeeded without loading the error
 * decoding (it comes in a chunk of its own): an answer counts as a success only when decodeError
 * would find no error in it, so an overridden error status or a known-error code on a 2xx answer
 * is still the error it stands for.
 */
import { describe, expect, it } from 'vitest';
import { HttpStatusError, SignetError } from '../../core/errors/signet-error.js';
import { createHttpClient } from '../../core/http/client.js';

function clientAnswering(response: () => Response) {
  return createHttpClient(
    { baseUrl: 'http://api.test', projectId: 'p', fetch: async () => response(), sleep: async () => {} },
    { getTokens: async () => null, markAccessTokenExpired: () => {} },
  );
}

describe('the success shortcut', () => {
  it('takes a 200 whose overridden status is 500 as the 500 it stands for', async () => {
    const client = clientAnswering(
      () => new Response('boom', { status: 200, headers: { 'x-stack-actual-status': '500' } }),
    );
    const error = await client.request('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect((error as HttpStatusError).status).toBe(500);
  });

  it('takes a 2xx answer carrying a known-error code as that error', async () => {
    const client = clientAnswering(
      () =>
        new Response(
          JSON.stringify({ code: 'EMAIL_PASSWORD_MISMATCH', error: 'Wrong e-mail or password.' }),
          {
            status: 201,
            headers: { 'content-type': 'application/json', 'x-stack-known-error': 'EMAIL_PASSWORD_MISMATCH' },
          },
        ),
    );
    const error = await client.request('/x', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SignetError);
    expect((error as SignetError).code).toBe('EMAIL_PASSWORD_MISMATCH');
    expect((error as SignetError).message).toBe('Wrong e-mail or password.');
  });

  it('answers a plain success with its JSON, or its text when it is not JSON', async () => {
    const json = clientAnswering(
      () => new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    expect(await json.request('/x')).toEqual({ ok: true });
    const empty = clientAnswering(() => new Response(null, { status: 204 }));
    expect(await empty.request('/x', { method: 'DELETE' })).toBe('');
  });
});
