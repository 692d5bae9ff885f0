/**
 * A user's sessions (wire.md §4.6): account settings lists them with the current one marked and
 * revokes others; server code does the same for any user. From the attacker's side: another user's
 * id or session, another project's session, the current session, malformed ids.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { expectKnownError, raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

describe.each(backends())('user sessions on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  let dev: ProjectKeys;
  let internal: ProjectKeys;
  beforeAll(async () => {
    running = await backend.create();
    url = running.url;
    dev = running.server.seeded.dev;
    internal = running.server.seeded.internal;
  });
  afterAll(async () => {
    await running?.close();
  });

  /** A second session of the same user, as a second browser signing in would make. */
  async function secondSession(email: string, password: string) {
    const response = await raw(url, '/auth/password/sign-in', { keys: dev, body: { email, password } });
    expect(response.status, response.text).toBe(200);
    return {
      accessToken: response.json.access_token as string,
      refreshToken: response.json.refresh_token as string,
    };
  }
  const list = (accessToken: string, userId = 'me') =>
    raw(url, `/auth/sessions?user_id=${userId}`, { keys: dev, accessToken });

  it('lists the user’s sessions newest first with the current one marked, and revokes another at once', async () => {
    const user = await signUp(url, dev);
    const other = await secondSession(user.email, user.password);
    const listed = await list(user.accessToken);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json.is_paginated).toBe(false);
    const items = listed.json.items as {
      id: string;
      user_id: string;
      created_at: number;
      is_current_session: boolean;
      is_impersonation: boolean;
    }[];
    expect(items).toHaveLength(2);
    expect(
      items.every(
        (s) => s.user_id === user.userId && !s.is_impersonation && typeof s.created_at === 'number',
      ),
    ).toBe(true);
    expect(items.filter((s) => s.is_current_session)).toHaveLength(1);
    const target = items.find((s) => !s.is_current_session)!;

    const revoked = await raw(url, `/auth/sessions/${target.id}?user_id=me`, {
      method: 'DELETE',
      keys: dev,
      accessToken: user.accessToken,
      body: {},
    });
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.json).toEqual({ success: true });
    // The other browser is out at once: its access token carries no user, its refresh fails.
    expectKnownError(
      await raw(url, '/users/me', { keys: dev, accessToken: other.accessToken }),
      'CANNOT_GET_OWN_USER_WITHOUT_USER',
    );
    expectKnownError(
      await raw(url, '/auth/sessions/current/refresh', {
        method: 'POST',
        keys: dev,
        refreshToken: other.refreshToken,
      }),
      'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED',
    );
    expect((await list(user.accessToken)).json.items).toHaveLength(1);
  });

  it('refuses to delete the current session (that is sign-out)', async () => {
    const user = await signUp(url, dev);
    const current = (await list(user.accessToken)).json.items[0].id;
    expectKnownError(
      await raw(url, `/auth/sessions/${current}?user_id=me`, {
        method: 'DELETE',
        keys: dev,
        accessToken: user.accessToken,
        body: {},
      }),
      'CANNOT_DELETE_CURRENT_SESSION',
    );
    expect((await raw(url, '/users/me', { keys: dev, accessToken: user.accessToken })).status).toBe(200);
  });

  it('keeps clients to their own sessions: another user’s id is 403, another user’s session 404', async () => {
    const victim = await signUp(url, dev);
    const attacker = await signUp(url, dev);
    const byId = await list(attacker.accessToken, victim.userId);
    expect(byId.status).toBe(403);
    expect(byId.text).toBe('Client can only list sessions for their own user.');
    const victimSession = (await list(victim.accessToken)).json.items[0].id;
    for (const userId of ['me', victim.userId]) {
      const attempt = await raw(url, `/auth/sessions/${victimSession}?user_id=${userId}`, {
        method: 'DELETE',
        keys: dev,
        accessToken: attacker.accessToken,
        body: {},
      });
      expect(attempt.status, attempt.text).toBe(userId === 'me' ? 404 : 403);
    }
    expect((await raw(url, '/users/me', { keys: dev, accessToken: victim.accessToken })).status).toBe(200);
  });

  it('lets server code list and revoke any user’s sessions, but not another project’s', async () => {
    const user = await signUp(url, dev);
    const server = { keys: dev, access: 'server' as const };
    const listed = await raw(url, `/auth/sessions?user_id=${user.userId}`, server);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json.items).toHaveLength(1);
    // Another project's server key cannot reach this project's user or session.
    const foreign = { keys: internal, access: 'server' as const };
    expectKnownError(
      await raw(url, `/auth/sessions?user_id=${user.userId}`, foreign),
      'USER_ID_DOES_NOT_EXIST',
      {
        user_id: user.userId,
      },
    );
    const sessionId = listed.json.items[0].id;
    const missing = await raw(url, `/auth/sessions/${sessionId}?user_id=${user.userId}`, {
      ...foreign,
      method: 'DELETE',
      body: {},
    });
    expect(missing.status).toBeGreaterThanOrEqual(400);
    expect((await raw(url, '/users/me', { keys: dev, accessToken: user.accessToken })).status).toBe(200);

    const revoked = await raw(url, `/auth/sessions/${sessionId}?user_id=${user.userId}`, {
      ...server,
      method: 'DELETE',
      body: {},
    });
    expect(revoked.status, revoked.text).toBe(200);
    expectKnownError(
      await raw(url, '/users/me', { keys: dev, accessToken: user.accessToken }),
      'CANNOT_GET_OWN_USER_WITHOUT_USER',
    );
  });

  it('hides impersonation sessions from the user and server code, and shows them to admins', async () => {
    const user = await signUp(url, dev);
    const made = await raw(url, '/auth/sessions', {
      keys: dev,
      access: 'server',
      body: { user_id: user.userId, is_impersonation: true },
    });
    expect(made.status, made.text).toBe(200);
    expect((await list(user.accessToken)).json.items).toHaveLength(1);
    expect(
      (await raw(url, `/auth/sessions?user_id=${user.userId}`, { keys: dev, access: 'server' })).json.items,
    ).toHaveLength(1);
    const admin = await raw(url, `/auth/sessions?user_id=${user.userId}`, { keys: dev, access: 'admin' });
    expect(admin.json.items.map((s: { is_impersonation: boolean }) => s.is_impersonation).sort()).toEqual([
      false,
      true,
    ]);
  });

  it('answers a missing user_id or malformed ids with readable 4xx', async () => {
    const user = await signUp(url, dev);
    const me = { keys: dev, accessToken: user.accessToken };
    const noUser = await raw(url, '/auth/sessions', me);
    expect(noUser.status).toBe(400);
    expect(noUser.json.error).toContain('query.user_id must be defined');
    for (const id of ['not-a-uuid', '%00', 'x'.repeat(5000)]) {
      const response = await raw(url, `/auth/sessions/${id}?user_id=me`, {
        ...me,
        method: 'DELETE',
        body: {},
      });
      expect(response.status, `${id.slice(0, 10)}: ${response.text}`).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.text.length).toBeGreaterThan(0);
    }
  });
});
