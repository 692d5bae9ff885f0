/** enforceRateLimit: which rules count, the 429 it throws, and failing closed when the store fails. */
import { describe, expect, it } from 'vitest';
import { StatusError } from '../../server/src/errors.js';
import type { ServerContext } from '../../server/src/services/context.js';
import { enforceRateLimit } from '../../server/src/services/rate-limit/enforce.js';
import { createMemoryRateLimiter } from '../../server/src/services/rate-limit/memory-rate-limiter.js';
import type { RateLimiter } from '../../server/src/services/rate-limit/rate-limiter.js';
import type { RateLimitMode } from '../../server/src/services/rate-limit/rate-limits.js';
import type { RequestAuth } from '../../server/src/services/request-auth.js';

function setup(options: { mode?: RateLimitMode; limiter?: RateLimiter; production?: boolean } = {}) {
  let now = 0;
  const logged: string[] = [];
  const keys: string[] = [];
  const inner = options.limiter ?? createMemoryRateLimiter({ now: () => now });
  const limiter: RateLimiter = {
    hit: (key, window) => {
      keys.push(key);
      return inner.hit(key, window);
    },
    close: () => inner.close(),
  };
  const ctx = {
    rateLimits: { mode: options.mode ?? 'production', limiter },
    log: (line: string) => logged.push(line),
  } as unknown as ServerContext;
  const auth = (type: 'client' | 'server' = 'client') =>
    ({ type, project: { id: 'p1', isProductionMode: options.production ?? true } }) as unknown as RequestAuth;
  return { ctx, auth, keys, logged, advance: (ms: number) => (now += ms) };
}

async function refusal(promise: Promise<void>): Promise<StatusError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StatusError);
  return error as StatusError;
}

describe('enforceRateLimit', () => {
  it('throws a 429 with Retry-After in whole seconds, rounded up, for the longest refused rule', async () => {
    const { ctx, auth, advance } = setup();
    for (let i = 0; i < 5; i++)
      await enforceRateLimit(ctx, auth(), 'sendCode', { ip: '1.2.3.4', email: 'a@x.io' });
    advance(1_500);
    const error = await refusal(
      enforceRateLimit(ctx, auth(), 'sendCode', { ip: '1.2.3.4', email: 'a@x.io' }),
    );
    expect(error.status).toBe(429);
    expect(error.message).toBe('Too many requests. Please try again later.');
    expect(error.headers).toEqual({ 'retry-after': '599' }); // 598.5 s left
  });

  it('counts an address whatever its case, and hashes it out of the store key', async () => {
    const { ctx, auth, keys } = setup();
    for (let i = 0; i < 5; i++)
      await enforceRateLimit(ctx, auth(), 'sendCode', { ip: `10.0.0.${i}`, email: 'Ada@X.io' });
    await refusal(enforceRateLimit(ctx, auth(), 'sendCode', { ip: '10.0.0.9', email: ' ada@x.io' }));
    expect(keys.some((key) => key.includes('ada') || key.includes('Ada'))).toBe(false);
    expect(keys.every((key) => key.startsWith('p1:sendCode:'))).toBe(true);
  });

  it('skips per-IP rules for server access, not per-email ones', async () => {
    const { ctx, auth, keys } = setup();
    for (let i = 0; i < 30; i++) await enforceRateLimit(ctx, auth('server'), 'signUp', { ip: '1.2.3.4' });
    expect(keys).toEqual([]);
    await enforceRateLimit(ctx, auth('server'), 'signIn', { ip: '1.2.3.4', email: 'a@x.io' });
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^p1:signIn:email:/);
  });

  it("applies to production projects under 'production', to all under 'always', to none under 'off'", async () => {
    const hitsFor = async (mode: RateLimitMode, production: boolean) => {
      const { ctx, auth, keys } = setup({ mode, production });
      await enforceRateLimit(ctx, auth(), 'signUp', { ip: '1.2.3.4' });
      return keys.length;
    };
    expect(await hitsFor('production', true)).toBe(1);
    expect(await hitsFor('production', false)).toBe(0);
    expect(await hitsFor('always', false)).toBe(1);
    expect(await hitsFor('off', true)).toBe(0);
  });

  it('fails closed with a 503 when the store fails, and logs why', async () => {
    const broken: RateLimiter = {
      hit: async () => {
        throw new Error('Connection is closed.');
      },
      close: async () => {},
    };
    const { ctx, auth, logged } = setup({ limiter: broken });
    const error = await refusal(enforceRateLimit(ctx, auth(), 'signIn', { ip: '1.2.3.4', email: 'a@x.io' }));
    expect(error.status).toBe(503);
    expect(error.headers).toEqual({});
    expect(logged).toEqual(['rate limits: store failed: Connection is closed.']);
  });
});
