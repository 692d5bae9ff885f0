/**
 * What a plugin calls the API with: `ctx.call`, whose session tokens follow the level the plugin
 * declares (a server or admin plugin speaks for the backend, a client plugin for the signed-in
 * user), and `apiPath`, which encodes every parameter of a path and refuses what no URL can carry.
 */
import { describe, expect, it } from 'vitest';
import { apiPath } from '../../core/api-path.js';
import { createApp } from '../../core/app.js';
import type { AccessLevel, AnyPlugin, PluginContext } from '../../core/plugin.js';
import type { TokenStore } from '../../core/tokens/token-store.js';
import { fakeApi, json } from '../support/fake-api.js';
import { tokenExpiringIn } from '../support/fake-wire.js';

describe('ctx.call', () => {
  /** A store holding a session, as a server render with the user's cookies has one. */
  const signedIn = (): TokenStore => {
    const tokens = { accessToken: tokenExpiringIn(600), refreshToken: 'rt-user' };
    return { read: async () => tokens, write: async () => {} };
  };
  /** A plugin at `access` (left out: undeclared) whose one call goes through `ctx.call`. */
  const sent = async (access: AccessLevel | undefined, withSession?: boolean) => {
    const { fetch, requests } = fakeApi({ 'GET /x': () => json({}) });
    const probe = {
      id: 'probe',
      ...(access ? { access } : {}),
      setup: (ctx: PluginContext) => ({
        call: () => ctx.call('/x', withSession === undefined ? {} : { withSession }),
      }),
    } as AnyPlugin;
    const app = createApp({
      projectId: 'p',
      baseUrl: 'http://api.test',
      superSecretAdminKey: 'sak',
      tokenStore: signedIn(),
      fetch,
      plugins: [probe],
    }) as unknown as { probe: { call(): Promise<unknown> } };
    await app.probe.call();
    const headers = requests[0]!.headers;
    return { refresh: headers.get('x-stack-refresh-token'), access: headers.get('x-stack-access-token') };
  };

  it('carries the session for a client plugin, declared or by default', async () => {
    expect((await sent(undefined)).refresh).toBe('rt-user');
    expect((await sent('client')).refresh).toBe('rt-user');
    expect((await sent('client')).access).not.toBeNull();
  });

  it('carries no session for a server or admin plugin unless asked', async () => {
    expect(await sent('server')).toEqual({ refresh: null, access: null });
    expect(await sent('admin')).toEqual({ refresh: null, access: null });
    expect((await sent('server', true)).refresh).toBe('rt-user');
    expect((await sent('client', false)).refresh).toBeNull();
  });
});

describe('apiPath', () => {
  it('encodes every parameter as one segment or query value', () => {
    expect(apiPath`/teams/${'a/b?c#d'}/members?user_id=${'x&y=z'}`).toBe(
      '/teams/a%2Fb%3Fc%23d/members?user_id=x%26y%3Dz',
    );
    expect(apiPath`/x/${'nul\u0000'}/${'100%'}/${'é 😀'}/${42}`).toBe(
      '/x/nul%00/100%25/%C3%A9%20%F0%9F%98%80/42',
    );
    expect(apiPath`/users`).toBe('/users');
  });

  it('keeps "../" and dots inside a segment, so the URL still names the same endpoint', () => {
    const path = apiPath`/teams/${'../'}/members`;
    expect(path).toBe('/teams/..%2F/members');
    expect(new URL(`http://api.test/api/v1${path}`).pathname).toBe('/api/v1/teams/..%2F/members');
    expect(apiPath`/teams/${'a..b'}`).toBe('/teams/a..b');
    expect(apiPath`/teams/${'.hidden'}`).toBe('/teams/.hidden');
  });

  it('takes a 70,000-character parameter whole', () => {
    const long = 'a'.repeat(70_000);
    expect(apiPath`/teams/${long}`).toBe(`/teams/${long}`);
  });

  it('refuses a lone surrogate with a TypeError that names the path, not the value', () => {
    for (const value of ['\ud800', 'a\udc00b', '\udfff\ud800']) {
      expect(() => apiPath`/teams/${value}/members`).toThrow(TypeError);
      expect(() => apiPath`/teams/${value}/members`).toThrow(
        'signet: a parameter of /teams/…/members is not well-formed Unicode (a lone surrogate), so no URL can carry it.',
      );
    }
    // A surrogate pair is a character like any other.
    expect(apiPath`/x/${'\ud83d\ude00'}`).toBe('/x/%F0%9F%98%80');
  });

  it('refuses a parameter that leaves an empty, "." or ".." segment, which would reach another endpoint', () => {
    for (const value of ['', '.', '..']) {
      expect(() => apiPath`/users/${value}`).toThrow(TypeError);
      expect(() => apiPath`/teams/${value}/members`).toThrow(/empty, "\." or "\.\." path segment/);
    }
    expect(() => apiPath`/x/${'.'}${'.'}`).toThrow(TypeError);
    // In a query value or beside other characters they are plain text.
    expect(apiPath`/auth/sessions?user_id=${''}`).toBe('/auth/sessions?user_id=');
    expect(apiPath`/x?a=${'..'}`).toBe('/x?a=..');
    expect(apiPath`/x/v${''}1`).toBe('/x/v1');
  });

  it('checks only the path of an absolute URL to a plugin’s own backend', () => {
    expect(apiPath`https://tickets.example.com/tickets/${'a b'}`).toBe(
      'https://tickets.example.com/tickets/a%20b',
    );
    expect(() => apiPath`https://tickets.example.com/tickets/${'..'}`).toThrow(TypeError);
  });
});
