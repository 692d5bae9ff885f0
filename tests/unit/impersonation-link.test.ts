/**
 * The impersonation link and the claims the plugin reads: the link puts the token in the fragment
 * of the app's impersonate page (a base path and handler path respected), refuses an app URL or a
 * token that would make a broken or dangerous link, and only a well-formed fragment yields a
 * token; claims are read from any token without throwing, `is_impersonation` only when `true`.
 */
import { describe, expect, it } from 'vitest';
import {
  impersonationClaims,
  impersonationLink,
  linkTokenOf,
  MAX_LINK_TOKEN_LENGTH,
} from '../../plugins/impersonation/index.js';

const TOKEN = 'a0b1c2d3e4f5g6h7j8k9m0n1p2q3r4s5t6v7w8x9y0z1a';

describe('impersonationLink', () => {
  it('is the impersonate page under the handler, with the token in the fragment only', () => {
    const link = impersonationLink({ appUrl: 'https://app.example.com', refreshToken: TOKEN });
    expect(link).toBe(`https://app.example.com/handler/impersonate#refresh_token=${TOKEN}`);
    const url = new URL(link);
    expect(url.search).toBe('');
    expect(linkTokenOf(url.hash)).toBe(TOKEN);
  });

  it('keeps the app’s base path and takes another handler path, slashes or not', () => {
    expect(
      impersonationLink({ appUrl: 'https://x.test/app/', handlerPath: 'auth/', refreshToken: TOKEN }),
    ).toBe(`https://x.test/app/auth/impersonate#refresh_token=${TOKEN}`);
    expect(impersonationLink({ appUrl: 'http://localhost:5173/?q=1#old', refreshToken: TOKEN })).toBe(
      `http://localhost:5173/handler/impersonate#refresh_token=${TOKEN}`,
    );
  });

  it('refuses an app URL that is not absolute http(s), and a token no server issues', () => {
    for (const appUrl of ['app.example.com', '/relative', 'javascript:alert(1)', 'data:text/html,x', '']) {
      expect(() => impersonationLink({ appUrl, refreshToken: TOKEN })).toThrow(TypeError);
    }
    for (const refreshToken of [
      '',
      'a b',
      'a\u0000b',
      '\uD800',
      'a#b',
      'a&b',
      'x'.repeat(MAX_LINK_TOKEN_LENGTH + 1),
    ]) {
      expect(() => impersonationLink({ appUrl: 'https://app.example.com', refreshToken })).toThrow(TypeError);
    }
  });
});

describe('linkTokenOf', () => {
  it('finds the token with or without the #, and nothing in a hostile fragment', () => {
    expect(linkTokenOf(`refresh_token=${TOKEN}`)).toBe(TOKEN);
    expect(linkTokenOf(`#other=1&refresh_token=${TOKEN}`)).toBe(TOKEN);
    for (const hash of [
      '',
      '#',
      '#refresh_token=',
      '#refresh_token=a%00b',
      '#refresh_token=%ED%A0%80',
      '#refresh_token=%',
      '#refresh_token=a+b',
      `#refresh_token=${'a'.repeat(70_000)}`,
      `#${'%'.repeat(70_000)}`,
    ]) {
      expect(linkTokenOf(hash)).toBeNull();
    }
  });
});

describe('impersonationClaims', () => {
  const token = (payload: unknown) =>
    `e30.${Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload)).toString('base64url')}.sig`;

  it('reads project, user, session and the impersonation flag', () => {
    expect(
      impersonationClaims(token({ aud: 'p', sub: 'u', refreshTokenId: 's', is_impersonation: true })),
    ).toEqual({ projectId: 'p', userId: 'u', sessionId: 's', isImpersonation: true });
    expect(impersonationClaims(token({ aud: 'p', sub: 'u' }))).toEqual({
      projectId: 'p',
      userId: 'u',
      sessionId: null,
      isImpersonation: false,
    });
  });

  it('counts only a boolean true as impersonation', () => {
    for (const value of ['true', 1, 'yes', null, {}, [true]]) {
      expect(
        impersonationClaims(token({ aud: 'p', sub: 'u', is_impersonation: value }))?.isImpersonation,
      ).toBe(false);
    }
  });

  it('answers null, never throws, for what is not a token naming a project and a user', () => {
    for (const bad of [
      '',
      'abc',
      'a.b.c',
      token('not json'),
      token('null'),
      token([1]),
      token({ sub: 'u' }),
      token({ aud: ['p'], sub: 'u' }),
      'a.\u0000.c',
      'a.\uD800.c',
    ]) {
      expect(impersonationClaims(bad)).toBeNull();
    }
  });
});
