import memoryDriver from 'unstorage/drivers/memory';
import { describe, expect, it } from 'vitest';
import { createSession } from '../../core/session/session.js';
import { tokenStoreFromDriver } from '../../core/tokens/token-store.js';

/** An unsigned JWT-shaped token expiring at `expSeconds`; the session reads `exp` without verifying. */
function tokenExpiringAt(expSeconds: number) {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none' })}.${part({ exp: expSeconds, sub: 'u' })}.sig`;
}

function setup(
  initial: { accessToken: string | null; refreshToken: string | null },
  now = 1_000_000_000_000,
) {
  const store = tokenStoreFromDriver(memoryDriver(), 'p1');
  const calls: string[] = [];
  let answer: (refreshToken: string) => Promise<string | null> = async () =>
    tokenExpiringAt(now / 1000 + 600);
  const session = createSession(
    store,
    async (refreshToken) => {
      calls.push(refreshToken);
      return answer(refreshToken);
    },
    () => now,
  );
  return {
    store,
    session,
    calls,
    ready: store.write(initial),
    answerWith(fn: typeof answer) {
      answer = fn;
    },
  };
}

describe('session refresh', () => {
  it('uses a valid access token without refreshing', async () => {
    const access = tokenExpiringAt(1_000_000_000 + 600);
    const t = setup({ accessToken: access, refreshToken: 'rt' });
    await t.ready;
    expect(await t.session.getTokens()).toEqual({ accessToken: access, refreshToken: 'rt' });
    expect(t.calls).toEqual([]);
  });

  it('refreshes when the access token expires within the required 20 s', async () => {
    const t = setup({ accessToken: tokenExpiringAt(1_000_000_000 + 19), refreshToken: 'rt' });
    await t.ready;
    const tokens = await t.session.getTokens();
    expect(t.calls).toEqual(['rt']);
    expect(tokens?.accessToken).not.toBe(tokenExpiringAt(1_000_000_000 + 19));
    expect((await t.store.read()).accessToken).toBe(tokens?.accessToken);
  });

  it('shares one refresh among many concurrent callers', async () => {
    const t = setup({ accessToken: null, refreshToken: 'rt' });
    await t.ready;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    t.answerWith(async () => {
      await gate;
      return tokenExpiringAt(1_000_000_000 + 600);
    });
    const all = Promise.all(Array.from({ length: 50 }, () => t.session.getTokens()));
    await new Promise((r) => setTimeout(r, 10));
    release();
    const results = await all;
    expect(t.calls).toHaveLength(1);
    expect(new Set(results.map((r) => r?.accessToken)).size).toBe(1);
  });

  it('becomes invalid and forgets both tokens when the refresh yields nothing', async () => {
    const t = setup({ accessToken: null, refreshToken: 'rt' });
    await t.ready;
    t.answerWith(async () => null);
    expect(await t.session.getTokens()).toBeNull();
    expect(t.session.valid.value).toBe(false);
    expect(await t.store.read()).toEqual({ accessToken: null, refreshToken: null });
  });

  it('is known-invalid without a refresh token and never refreshes', async () => {
    const t = setup({ accessToken: 'orphan', refreshToken: null });
    await t.ready;
    expect(await t.session.getTokens()).toBeNull();
    expect(t.session.valid.value).toBe(false);
    expect(t.calls).toEqual([]);
  });

  it('refreshes after a token is marked expired', async () => {
    const access = tokenExpiringAt(1_000_000_000 + 600);
    const t = setup({ accessToken: access, refreshToken: 'rt' });
    await t.ready;
    await t.session.getTokens();
    t.session.markAccessTokenExpired(access);
    await t.session.getTokens();
    expect(t.calls).toEqual(['rt']);
  });

  it('refuses required validity of 60 s or more', async () => {
    const t = setup({ accessToken: null, refreshToken: 'rt' });
    await expect(t.session.getTokens(60_000)).rejects.toThrow(RangeError);
  });
});
