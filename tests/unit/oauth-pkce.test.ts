/**
 * The OAuth plugin's pure parts: PKCE (RFC 7636's own example, and fresh pairs of the wire's
 * lengths), the authorize query exactly as wire.md §6.6 step 2 lists it, the `redirect_uri` built
 * the same on both ends, and the buttons' hover shade.
 */
import { describe, expect, it } from 'vitest';
import {
  authorizePath,
  base64url,
  callbackRedirectUri,
  codeChallenge,
  createPkce,
  withoutCallbackParams,
} from '../../plugins/oauth/index.js';
import { hexToHsl, hoverShade, hslToHex } from '../../plugins/oauth/screens.js';

describe('PKCE', () => {
  it('computes the S256 challenge of RFC 7636 appendix B', async () => {
    expect(await codeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('makes 43-character base64url verifiers and states, never twice the same', async () => {
    const a = await createPkce();
    const b = await createPkce();
    for (const value of [a.verifier, a.state, b.verifier, b.state])
      expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set([a.verifier, a.state, b.verifier, b.state]).size).toBe(4);
    expect(a.challenge).toBe(await codeChallenge(a.verifier));
  });

  it('encodes base64url without padding', () => {
    expect(base64url(new Uint8Array([0xfb, 0xff]))).toBe('-_8');
  });
});

describe('authorize URL', () => {
  const input = {
    provider: 'GitHub',
    projectId: 'p',
    publishableClientKey: 'pck',
    redirectUri: 'http://app.test/handler/oauth-callback',
    errorRedirectUrl: 'http://app.test/handler/error',
    state: 's'.repeat(43),
    codeChallenge: 'c'.repeat(43),
  };

  it('carries the query of wire.md §6.6 step 2, in order, with the provider lower-cased', () => {
    const path = authorizePath(input);
    const [route, query] = path.split('?') as [string, string];
    expect(route).toBe('/auth/oauth/authorize/github');
    expect([...new URLSearchParams(query)]).toEqual([
      ['client_id', 'p'],
      ['client_secret', 'pck'],
      ['redirect_uri', 'http://app.test/handler/oauth-callback'],
      ['scope', 'legacy'],
      ['state', 's'.repeat(43)],
      ['grant_type', 'authorization_code'],
      ['code_challenge', 'c'.repeat(43)],
      ['code_challenge_method', 'S256'],
      ['response_type', 'code'],
      ['type', 'authenticate'],
      ['error_redirect_url', 'http://app.test/handler/error'],
    ]);
  });

  it('adds the after-callback URL, and in link mode the token and the provider scopes', () => {
    const query = new URLSearchParams(
      authorizePath({
        ...input,
        afterCallbackRedirectUrl: '/settings',
        link: { accessToken: 'at', scopes: ['repo', 'read:org'] },
      }).split('?')[1],
    );
    expect(query.get('type')).toBe('link');
    expect(query.get('after_callback_redirect_url')).toBe('/settings');
    expect(query.get('token')).toBe('at');
    expect(query.get('provider_scope')).toBe('repo read:org');
    // No scopes asked for: no provider_scope at all.
    const bare = new URLSearchParams(
      authorizePath({ ...input, link: { accessToken: 'at', scopes: [] } }).split('?')[1],
    );
    expect(bare.has('provider_scope')).toBe(false);
  });

  it('builds redirect_uri absolute, without code, state or fragment, keeping the return-to target', () => {
    expect(callbackRedirectUri('/handler/oauth-callback', 'http://app.test/handler/sign-in')).toBe(
      'http://app.test/handler/oauth-callback',
    );
    const from = 'http://app.test/handler/sign-in?after_auth_return_to=%2Fdocs%3Fa%3D1#x';
    const uri = callbackRedirectUri('/handler/oauth-callback?code=old&state=old#frag', from);
    expect(uri).toBe('http://app.test/handler/oauth-callback?after_auth_return_to=%2Fdocs%3Fa%3D1');
    // The callback page (the URI plus the server's code and state) gives back the very same URI.
    const landed = new URL(uri);
    landed.searchParams.set('code', 'c');
    landed.searchParams.set('state', 's');
    expect(callbackRedirectUri('/handler/oauth-callback', landed.href)).toBe(uri);
    expect(withoutCallbackParams(landed.href)).toBe(uri);
  });

  it('refuses to guess a relative callback URL outside a browser', () => {
    expect(() => callbackRedirectUri('/handler/oauth-callback', null)).toThrow(/absolute callback URL/);
    expect(callbackRedirectUri('https://app.example/cb', null)).toBe('https://app.example/cb');
  });
});

describe('hover shade', () => {
  it('converts hex to HSL and back', () => {
    expect(hexToHsl('#ff0000')).toEqual([0, 100, 50]);
    expect(hexToHsl('#fff')).toEqual([0, 0, 100]);
    for (const hex of ['#1877f2', '#24292f', '#1db954', '#5865f2', '#fc6d26'])
      expect(hslToHex(...hexToHsl(hex))).toBe(hex);
  });

  it('moves the lightness 10 points: darker for light colours, lighter for dark ones', () => {
    expect(hoverShade('#ffffff')).toBe('#e6e6e6');
    expect(hoverShade('#000000')).toBe('#1a1a1a');
    const [h, s, l] = hexToHsl('#1877f2');
    const [h2, s2, l2] = hexToHsl(hoverShade('#1877f2'));
    expect(l2).toBeCloseTo(l - 10, 0);
    expect(h2).toBeCloseTo(h, 0);
    expect(s2).toBeCloseTo(s, 0);
    expect(hexToHsl(hoverShade('#24292f'))[2]).toBeCloseTo(hexToHsl('#24292f')[2] + 10, 0);
  });
});
