/**
 * An app follows sign-ins and sign-outs made elsewhere (another tab, the host's server) through a
 * store that can be watched, as the cookie store is every 100 ms (product-spec §9). The store here
 * is an object whose `watch` the test fires by hand, standing in for the cookie poll.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../core/app.js';
import type { TokenPair, TokenStore } from '../../core/tokens/token-store.js';
import { clientUserJson, tokenExpiringIn } from '../support/fake-wire.js';

/** A shared store ("the cookies") and what the server answers for each access token. */
function setup() {
  let stored: TokenPair = { accessToken: tokenExpiringIn(600), refreshToken: 'rt-ada' };
  const users = new Map([[stored.accessToken, 'ada']]);
  let changed: () => void = () => {};
  let watching = false;
  const meCalls: string[] = [];
  const store: TokenStore = {
    read: async () => ({ ...stored }),
    write: async (tokens) => {
      stored = { ...tokens };
    },
    watch: (onChange) => {
      changed = onChange;
      watching = true;
      return () => {
        watching = false;
      };
    },
  };
  const app = createApp({
    projectId: 'p',
    baseUrl: 'http://api.test',
    redirectMethod: 'none',
    tokenStore: store,
    fetch: async (input, init) => {
      const token = new Headers(init?.headers).get('x-stack-access-token') ?? '';
      if (String(input).endsWith('/users/me')) {
        meCalls.push(token);
        const id = users.get(token);
        if (!id) throw new Error(`unknown token ${token}`);
        return new Response(JSON.stringify(clientUserJson(id)), {
          headers: { 'content-type': 'application/json' },
        });
      }
      throw new Error(`unexpected ${String(input)}`);
    },
  });
  /** Changes the shared store the way another tab would, then lets the watch fire. */
  const elsewhere = async (tokens: TokenPair, userId?: string) => {
    stored = { ...tokens };
    if (tokens.accessToken && userId) users.set(tokens.accessToken, userId);
    changed();
    await new Promise((resolve) => setTimeout(resolve, 10));
  };
  return { app, elsewhere, meCalls, stored: () => stored, watching: () => watching };
}

describe('an app follows the shared token store', () => {
  it('signs out when another tab signs out, and in as whoever another tab signs in', async () => {
    const { app, elsewhere } = setup();
    await app.refreshUser();
    expect(app.user.value?.id).toBe('ada');

    await elsewhere({ accessToken: null, refreshToken: null });
    expect(app.user.value).toBeNull();
    expect(app.status.value).toBe('signed-out');

    await elsewhere({ accessToken: tokenExpiringIn(600), refreshToken: 'rt-bob' }, 'bob');
    expect(app.user.value?.id).toBe('bob');
  });

  it('takes over a newer access token of the same session without reloading the user', async () => {
    const { app, elsewhere, meCalls } = setup();
    await app.refreshUser();
    const newer = tokenExpiringIn(900);
    await elsewhere({ accessToken: newer, refreshToken: 'rt-ada' }, 'ada');
    expect(meCalls).toHaveLength(1);
    // The next call uses the other tab's token: no refresh of its own was needed.
    await app.refreshUser();
    expect(meCalls.at(-1)).toBe(newer);
  });

  it('ignores its own writes and a half-written pair with no access token', async () => {
    const { app, elsewhere, meCalls, stored } = setup();
    await app.refreshUser();
    const before = stored().accessToken;
    await elsewhere({ accessToken: null, refreshToken: 'rt-ada' });
    expect(app.user.value?.id).toBe('ada');
    expect(meCalls).toHaveLength(1);
    await app.refreshUser();
    expect(meCalls.at(-1)).toBe(before);
  });

  it('watches from creation until dispose()', () => {
    const { app, watching } = setup();
    expect(watching()).toBe(true);
    app.dispose();
    expect(watching()).toBe(false);
  });
});
