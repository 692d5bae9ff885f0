/**
 * When a session was last used (wire.md §5.8, §7.2): every access token minted from a session is
 * an activity, so account settings can tell a browser used a minute ago from one left for months.
 * The clock is the server's injected one, so each step lands on a known millisecond.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { expectKnownError, raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

const HOUR = 3600 * 1000;

/** The JSON shape of one session item, every key of it. */
interface SessionItem {
  id: string;
  user_id: string;
  created_at: number;
  is_impersonation: boolean;
  last_used_at: number;
  is_current_session: boolean;
}

describe.each(backends())('session activity on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  let dev: ProjectKeys;
  let clock = Date.UTC(2030, 0, 1);

  beforeAll(async () => {
    running = await backend.create({ now: () => clock });
    url = running.url;
    dev = running.server.seeded.dev;
  });
  afterAll(async () => {
    await running?.close();
  });

  /** Server code reads the list: it mints no token, so reading records no activity. */
  async function sessionsOf(userId: string): Promise<SessionItem[]> {
    const response = await raw(url, `/auth/sessions?user_id=${userId}`, { keys: dev, access: 'server' });
    expect(response.status, response.text).toBe(200);
    expect(response.json.is_paginated).toBe(false);
    expect(Object.keys(response.json).sort()).toEqual(['is_paginated', 'items']);
    return response.json.items;
  }
  const byId = (items: SessionItem[], id: string) => items.find((s) => s.id === id)!;

  /** The OAuth refresh grant, as the kit's browser sessions use it. */
  const grant = (refreshToken: string, clientId = dev.projectId, clientSecret = dev.publishableClientKey) =>
    fetch(`${url}/api/v1/auth/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: clientId,
        client_secret: clientSecret,
      }),
    });

  it('starts a session as used when it begins, with every key of the wire shape', async () => {
    clock += HOUR;
    const began = clock;
    const user = await signUp(url, dev);
    const mine = await raw(url, '/auth/sessions?user_id=me', { keys: dev, accessToken: user.accessToken });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.json).toEqual({
      items: [
        {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          user_id: user.userId,
          created_at: began,
          is_impersonation: false,
          last_used_at: began,
          is_current_session: true,
        },
      ],
      is_paginated: false,
    });
  });

  it('moves last_used_at when either refresh endpoint mints a token, and only for that session', async () => {
    clock += HOUR;
    const began = clock;
    const user = await signUp(url, dev);
    clock += 60_000;
    const second = await raw(url, '/auth/password/sign-in', {
      keys: dev,
      body: { email: user.email, password: user.password },
    });
    expect(second.status, second.text).toBe(200);
    const [newer, older] = await sessionsOf(user.userId);
    expect(older!.created_at).toBe(began);
    expect(newer!.created_at).toBe(began + 60_000);

    clock += 2 * HOUR;
    const viaGrant = await grant(user.refreshToken);
    expect(viaGrant.status, await viaGrant.clone().text()).toBe(200);
    let items = await sessionsOf(user.userId);
    expect(byId(items, older!.id)).toMatchObject({ created_at: began, last_used_at: clock });
    expect(byId(items, newer!.id).last_used_at).toBe(began + 60_000);

    clock += HOUR;
    const viaHeader = await raw(url, '/auth/sessions/current/refresh', {
      method: 'POST',
      keys: dev,
      refreshToken: second.json.refresh_token,
    });
    expect(viaHeader.status, viaHeader.text).toBe(200);
    items = await sessionsOf(user.userId);
    expect(byId(items, newer!.id).last_used_at).toBe(clock);
    expect(byId(items, older!.id).last_used_at).toBe(clock - HOUR);

    // A refused refresh is no use: the wrong project's client id leaves the session as it was.
    clock += HOUR;
    const internal = running.server.seeded.internal;
    const refused = await grant(user.refreshToken, internal.projectId, internal.publishableClientKey);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('x-stack-known-error')).toBe('REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
    expect(byId(await sessionsOf(user.userId), older!.id).last_used_at).toBe(clock - 2 * HOUR);
  });

  it('lists only live sessions: an expired one is gone from the list and cannot be refreshed', async () => {
    clock += HOUR;
    const user = await signUp(url, dev);
    const short = await raw(url, '/auth/sessions', {
      keys: dev,
      access: 'server',
      body: { user_id: user.userId, expires_in_millis: 1000 },
    });
    expect(short.status, short.text).toBe(200);
    expect(await sessionsOf(user.userId)).toHaveLength(2);

    clock += 1001;
    expect(await sessionsOf(user.userId)).toHaveLength(1);
    expectKnownError(
      await raw(url, '/auth/sessions/current/refresh', {
        method: 'POST',
        keys: dev,
        refreshToken: short.json.refresh_token,
      }),
      'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED',
    );
    // Its access token went with it, though its own ten minutes have not run out.
    expectKnownError(
      await raw(url, '/users/me', { keys: dev, accessToken: short.json.access_token }),
      'CANNOT_GET_OWN_USER_WITHOUT_USER',
    );
  });
});
