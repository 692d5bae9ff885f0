/**
 * `ctx.getRefreshToken()`, the seam a plugin uses to hand the session on in a body (the CLI
 * login): the session's refresh token while signed in, null signed out or once the server has
 * ended the session (the refresh is refused), never a dead token.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../core/app.js';
import { definePlugin } from '../../core/plugin.js';

const handOn = definePlugin({ id: 'handOn', setup: (ctx) => ({ token: () => ctx.getRefreshToken() }) });

/** An unsigned JWT whose only claim is its expiry, `seconds` from now. */
const accessToken = (seconds: number) =>
  `${[{ alg: 'none' }, { exp: Math.floor(Date.now() / 1000) + seconds }]
    .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
    .join('.')}.sig`;

function appWith(
  tokens: { refreshToken: string | null; accessToken: string | null },
  fetch = async () => new Response('{}'),
) {
  return createApp({
    projectId: 'p',
    baseUrl: 'http://api.test',
    redirectMethod: 'none',
    fetch,
    tokenStore: { read: async () => tokens, write: async () => {} },
    plugins: [handOn],
  });
}

describe('ctx.getRefreshToken', () => {
  it('is the session’s refresh token while signed in', async () => {
    const app = appWith({ refreshToken: 'refresh-1', accessToken: accessToken(600) });
    expect(await app.handOn.token()).toBe('refresh-1');
  });

  it('is null signed out', async () => {
    const app = appWith({ refreshToken: null, accessToken: null });
    expect(await app.handOn.token()).toBeNull();
  });

  it('is null once the server refuses to refresh the session', async () => {
    const refused = async () =>
      new Response(JSON.stringify({ code: 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED', error: 'gone' }), {
        status: 401,
        headers: {
          'content-type': 'application/json',
          'x-stack-known-error': 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED',
        },
      });
    const app = appWith({ refreshToken: 'revoked', accessToken: accessToken(-60) }, refused);
    expect(await app.handOn.token()).toBeNull();
  });
});
