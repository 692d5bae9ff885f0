import { describe, expect, it } from 'vitest';
import { createApp } from '../../core/app.js';
import { clientUserJson, tokenExpiringIn } from '../support/fake-wire.js';

describe('session changes while the user loads', () => {
  it('a users/me answer that arrives after sign-out does not sign the user back in', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const tokens = { accessToken: tokenExpiringIn(600), refreshToken: 'rt' };
    const app = createApp({
      projectId: 'p',
      baseUrl: 'http://api.test',
      redirectMethod: 'none',
      tokenStore: {
        read: async () => tokens,
        write: async (t) => {
          Object.assign(tokens, t);
        },
      },
      fetch: async (input, init) => {
        const url = String(input);
        if (url.endsWith('/users/me')) {
          await gate;
          return new Response(JSON.stringify(clientUserJson('a')), {
            headers: { 'content-type': 'application/json' },
          });
        }
        if (url.endsWith('/auth/sessions/current') && init?.method === 'DELETE') {
          return new Response('{"success":true}', { headers: { 'content-type': 'application/json' } });
        }
        throw new Error(`unexpected ${url}`);
      },
    });
    const loading = app.refreshUser();
    await new Promise((r) => setTimeout(r, 5));
    await app.signOut();
    release();
    await loading;
    expect(app.user.value).toBeNull();
    expect(app.status.value).toBe('signed-out');
  });
});
