import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEnvironment } from '../../core/env.js';
import {
  ConnectionError,
  HttpStatusError,
  RateLimitError,
  SignetError,
  UpdateClientError,
} from '../../core/errors/signet-error.js';
import { createHttpClient, type TokenSource } from '../../core/http/client.js';
import { backoffDelay } from '../../core/http/retry.js';

const noTokens: TokenSource = { getTokens: async () => null, markAccessTokenExpired: () => {} };

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

function clientWith(
  fetch: typeof globalThis.fetch,
  tokens: TokenSource = noTokens,
  sleep = async (_ms: number) => {},
) {
  return createHttpClient(
    { baseUrl: 'http://api.test/', projectId: 'proj-1', publishableClientKey: 'pck_abc', fetch, sleep },
    tokens,
  );
}

describe('request headers', () => {
  it('sends every x-stack header of wire.md §1.2 and the session tokens', async () => {
    const seen: Request[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Request(input, init));
      return jsonResponse(200, { ok: true });
    });
    const client = clientWith(fetch as typeof globalThis.fetch, {
      getTokens: async () => ({ accessToken: 'at', refreshToken: 'rt' }),
      markAccessTokenExpired: () => {},
    });
    await client.request('/users/me', { method: 'PATCH', body: { display_name: 'A' } });
    const request = seen[0]!;
    expect(request.url).toBe('http://api.test/api/v1/users/me');
    const h = request.headers;
    expect(h.get('x-stack-override-error-status')).toBe('true');
    expect(h.get('x-stack-project-id')).toBe('proj-1');
    expect(h.get('x-stack-access-type')).toBe('client');
    expect(h.get('x-stack-client-version')).toMatch(/^js signet@\d+\.\d+\.\d+$/);
    expect(h.get('x-stack-publishable-client-key')).toBe('pck_abc');
    expect(h.get('x-stack-access-token')).toBe('at');
    expect(h.get('x-stack-refresh-token')).toBe('rt');
    expect(h.get('x-stack-random-nonce')).toMatch(/^[0-9a-hjkmnp-tv-z]{45}$/);
    expect(h.get('content-type')).toBe('application/json');
    expect(await request.text()).toBe('{"display_name":"A"}');
    expect(request.cache).toBe('no-store');
    expect(request.credentials).toBe('omit');
  });

  it('sends no access token when the session has no refresh token, and a new nonce each call', async () => {
    const seen: Headers[] = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Request(input, init).headers);
      return jsonResponse(200, {});
    };
    const client = clientWith(fetch, {
      getTokens: async () => ({ accessToken: 'at', refreshToken: null }),
      markAccessTokenExpired: () => {},
    });
    await client.request('/projects/current');
    await client.request('/projects/current');
    expect(seen[0]!.get('x-stack-access-token')).toBeNull();
    expect(seen[0]!.get('content-type')).toBeNull();
    expect(seen[0]!.get('x-stack-random-nonce')).not.toBe(seen[1]!.get('x-stack-random-nonce'));
  });
});

describe('error decoding', () => {
  it('decodes a known error sent with an overridden status', async () => {
    const client = clientWith(async () =>
      jsonResponse(
        200,
        { code: 'EMAIL_PASSWORD_MISMATCH', error: 'Wrong e-mail or password.' },
        { 'x-stack-known-error': 'EMAIL_PASSWORD_MISMATCH', 'x-stack-actual-status': '400' },
      ),
    );
    const error = await client
      .request('/auth/password/sign-in', { method: 'POST', body: {} })
      .catch((e) => e);
    expect(error).toBeInstanceOf(SignetError);
    expect(error).toMatchObject({
      code: 'EMAIL_PASSWORD_MISMATCH',
      status: 400,
      message: 'Wrong e-mail or password.',
    });
  });

  it('keeps the details of a known error', async () => {
    const client = clientWith(async () =>
      jsonResponse(
        400,
        {
          code: 'PASSWORD_TOO_SHORT',
          error: 'Password too short. Minimum length is 8.',
          details: { min_length: 8 },
        },
        { 'x-stack-known-error': 'PASSWORD_TOO_SHORT' },
      ),
    );
    const error = (await client.request('/x', { method: 'POST' }).catch((e) => e)) as SignetError;
    expect(error.details).toEqual({ min_length: 8 });
    expect(error.is('PASSWORD_REQUIREMENTS_NOT_MET')).toBe(true);
  });

  it('turns an unknown code into an update-the-client error instead of crashing', async () => {
    const client = clientWith(async () =>
      jsonResponse(
        400,
        { code: 'BRAND_NEW_ERROR', error: 'Something new' },
        { 'x-stack-known-error': 'BRAND_NEW_ERROR' },
      ),
    );
    const error = (await client.request('/x').catch((e) => e)) as any;
    expect(error).toBeInstanceOf(UpdateClientError);
    expect(error.message).toContain('BRAND_NEW_ERROR');
    expect(error.message).toMatch(/^Unknown error code .*: update signet \(npm update signet\)/);
  });

  it('raises plain status errors with status and body', async () => {
    const client = clientWith(
      async () => new Response('Client user deletion is not enabled', { status: 400 }),
    );
    const error = (await client.request('/users/me', { method: 'DELETE' }).catch((e) => e)) as any;
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(error).toMatchObject({ status: 400, body: 'Client user deletion is not enabled' });
    // A refusal in the server's words reads as it is: no request line around it.
    expect(error.message).toBe('Client user deletion is not enabled');
  });

  it("words a status error's message by what the body is", () => {
    const url = 'https://api.example.com/api/v1/x';
    const messageOf = (status: number, body: string) => new HttpStatusError(status, body, url).message;
    expect(messageOf(409, '  A team with this id already exists\n')).toBe(
      'A team with this id already exists',
    );
    expect(messageOf(400, '{"error":"Domain already taken"}')).toBe('Domain already taken');
    expect(messageOf(400, '{not json')).toBe('{not json');
    // What no person should read as it is keeps the request and status around it.
    for (const [status, body] of [
      [500, 'database unreachable'],
      [502, '<html><body>Bad gateway</body></html>'],
      [404, ''],
      [400, '{"code":"X"}'],
      [400, 'x'.repeat(501)],
    ] as const) {
      expect(messageOf(status, body)).toBe(`Request to ${url} failed with status ${status}: ${body}`);
    }
  });
});

describe('retries', () => {
  afterEach(() => vi.useRealTimers());

  it('backs off exponentially from 1000 ms with jitter', () => {
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(0, () => 0.999)).toBeCloseTo(1499, 0);
    expect(backoffDelay(3, () => 0.5)).toBe(8000);
  });

  it('retries a GET after network errors, waiting the back-off between attempts, then says what was tried', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const fetch = async () => {
      calls++;
      throw new TypeError('fetch failed');
    };
    const client = createHttpClient(
      {
        baseUrl: 'http://api.test',
        projectId: 'p',
        fetch,
        random: () => 0.5,
        sleep: createEnvironment().sleep,
      },
      noTokens,
    );
    const settled = client.request('/projects/current').catch((e) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(2000 + 4000 + 8000);
    const error = (await settled) as ConnectionError;
    expect(calls).toBe(5);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.attempts).toHaveLength(5);
    expect(error.message).toContain('GET http://api.test/api/v1/projects/current: fetch failed');
  });

  it('does not retry a POST after a network error', async () => {
    let calls = 0;
    const client = clientWith(async () => {
      calls++;
      throw new TypeError('fetch failed');
    });
    const error = await client
      .request('/auth/password/sign-in', { method: 'POST', body: {} })
      .catch((e) => e);
    expect(calls).toBe(1);
    expect(error).toBeInstanceOf(ConnectionError);
  });

  it('honours Retry-After on 429 and retries 508 infinite-loop answers', async () => {
    const waits: number[] = [];
    const answers = [
      new Response('slow down', { status: 429, headers: { 'retry-after': '3' } }),
      new Response('INFINITE_LOOP_DETECTED', { status: 508 }),
      jsonResponse(200, { ok: 1 }),
    ];
    const client = clientWith(
      async () => answers.shift()!,
      noTokens,
      async (ms) => void waits.push(ms),
    );
    expect(await client.request('/x', { method: 'POST' })).toEqual({ ok: 1 });
    expect(waits[0]).toBe(3000);
    expect(waits).toHaveLength(2);
  });

  it('fails at once with RateLimitError when Retry-After is longer than it is worth waiting', async () => {
    const waits: number[] = [];
    let calls = 0;
    const client = clientWith(
      async () => {
        calls++;
        return new Response('Too many requests', { status: 429, headers: { 'retry-after': '540' } });
      },
      noTokens,
      async (ms) => void waits.push(ms),
    );
    const error = (await client
      .request('/auth/otp/send-sign-in-code', { method: 'POST' })
      .catch((e: unknown) => e)) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfterMs).toBe(540_000);
    expect(error.message).toBe('Too many attempts. Please try again in 9 minutes.');
    expect(calls).toBe(1);
    expect(waits).toEqual([]);
  });

  it('gives up with RateLimitError after five 429 answers with short waits', async () => {
    const waits: number[] = [];
    let calls = 0;
    const client = clientWith(
      async () => {
        calls++;
        return new Response('slow down', { status: 429, headers: { 'retry-after': '2' } });
      },
      noTokens,
      async (ms) => void waits.push(ms),
    );
    const error = (await client.request('/x').catch((e: unknown) => e)) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.message).toBe('Too many attempts. Please try again in 2 seconds.');
    expect(calls).toBe(5);
    expect(waits).toEqual([2000, 2000, 2000, 2000]);
  });

  it('drops an access token the server calls invalid and retries once', async () => {
    const expired: string[] = [];
    let token = 'old';
    const tokens: TokenSource = {
      getTokens: async () => ({ accessToken: token, refreshToken: 'rt' }),
      markAccessTokenExpired: (t) => {
        expired.push(t);
        token = 'new';
      },
    };
    const used: string[] = [];
    const client = clientWith(async (input, init) => {
      const at = new Request(input, init).headers.get('x-stack-access-token')!;
      used.push(at);
      return at === 'old'
        ? jsonResponse(
            401,
            { code: 'ACCESS_TOKEN_EXPIRED', error: 'expired' },
            { 'x-stack-known-error': 'ACCESS_TOKEN_EXPIRED' },
          )
        : jsonResponse(200, { id: 'u' });
    }, tokens);
    expect(await client.request('/users/me')).toEqual({ id: 'u' });
    expect(expired).toEqual(['old']);
    expect(used).toEqual(['old', 'new']);
  });

  it('gives up after one retry when the fresh token is refused too', async () => {
    let calls = 0;
    const tokens: TokenSource = {
      getTokens: async () => ({ accessToken: `t${calls}`, refreshToken: 'rt' }),
      markAccessTokenExpired: () => {},
    };
    const client = clientWith(async () => {
      calls++;
      return jsonResponse(
        401,
        { code: 'UNPARSABLE_ACCESS_TOKEN', error: 'bad' },
        { 'x-stack-known-error': 'UNPARSABLE_ACCESS_TOKEN' },
      );
    }, tokens);
    const error = (await client.request('/users/me').catch((e) => e)) as any;
    expect(error).toMatchObject({ code: 'UNPARSABLE_ACCESS_TOKEN' });
    expect(calls).toBe(2);
  });
});
