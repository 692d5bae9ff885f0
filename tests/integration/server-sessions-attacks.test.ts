/**
 * The sessions endpoints (wire.md §4.6) from an attacker's side: another user's and another
 * project's sessions, a revoked session's tokens, races between revocations and refreshes, and ids
 * no session can have.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { expectKnownError, type RawResponse, raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

type User = Awaited<ReturnType<typeof signUp>>;

describe.each(backends())('sessions under attack on $name', (backend) => {
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

  /** Another browser signing in as `user`. */
  async function anotherSession(user: User, keys = dev) {
    const response = await raw(url, '/auth/password/sign-in', {
      keys,
      body: { email: user.email, password: user.password },
    });
    expect(response.status, response.text).toBe(200);
    return {
      accessToken: response.json.access_token as string,
      refreshToken: response.json.refresh_token as string,
    };
  }
  const listMine = async (accessToken: string, keys = dev) => {
    const response = await raw(url, '/auth/sessions?user_id=me', { keys, accessToken });
    expect(response.status, response.text).toBe(200);
    return response.json.items as { id: string; is_current_session: boolean }[];
  };
  const currentId = async (accessToken: string, keys = dev) =>
    (await listMine(accessToken, keys)).find((s) => s.is_current_session)!.id;
  const revoke = (accessToken: string | undefined, sessionId: string, userId = 'me', keys = dev) =>
    raw(url, `/auth/sessions/${sessionId}?user_id=${userId}`, {
      method: 'DELETE',
      keys,
      accessToken,
      body: {},
    });
  const refresh = (refreshToken: string, keys = dev) =>
    raw(url, '/auth/sessions/current/refresh', { method: 'POST', keys, refreshToken });
  const grant = (refreshToken: string) =>
    fetch(`${url}/api/v1/auth/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: dev.projectId,
        client_secret: dev.publishableClientKey,
      }),
    });
  const me = (accessToken: string, keys = dev) => raw(url, '/users/me', { keys, accessToken });

  function expectText(response: RawResponse, status: number, text: string) {
    expect({ status: response.status, text: response.text }).toEqual({ status, text });
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  }

  /** The session still works: its access token carries the user and its refresh token mints. */
  async function expectWorking(user: User, keys = dev) {
    expect((await me(user.accessToken, keys)).status).toBe(200);
    expect((await refresh(user.refreshToken, keys)).status).toBe(200);
  }

  it('a client cannot list or end another user’s session, which keeps working', async () => {
    const victim = await signUp(url, dev);
    const attacker = await signUp(url, dev);
    const victimSession = await currentId(victim.accessToken);

    expectText(await revoke(attacker.accessToken, victimSession), 404, 'Session not found.');
    expectText(
      await revoke(attacker.accessToken, victimSession, victim.userId),
      403,
      'Client can only delete sessions for their own user.',
    );
    expectText(
      await raw(url, `/auth/sessions?user_id=${victim.userId}`, {
        keys: dev,
        accessToken: attacker.accessToken,
      }),
      403,
      'Client can only list sessions for their own user.',
    );
    // Without an access token, `me` is nobody and another id is still someone else's.
    expectKnownError(await revoke(undefined, victimSession), 'CANNOT_GET_OWN_USER_WITHOUT_USER');
    expectText(
      await revoke(undefined, victimSession, victim.userId),
      403,
      'Client can only delete sessions for their own user.',
    );

    await expectWorking(victim);
    expect((await listMine(victim.accessToken)).map((s) => s.id)).toEqual([victimSession]);
  });

  it('another project’s session is out of reach with any access type', async () => {
    const owner = await signUp(url, internal);
    const ownerSession = await currentId(owner.accessToken, internal);
    const attacker = await signUp(url, dev);

    expectText(await revoke(attacker.accessToken, ownerSession), 404, 'Session not found.');
    for (const access of ['server', 'admin'] as const) {
      const byOwner = await raw(url, `/auth/sessions/${ownerSession}?user_id=${owner.userId}`, {
        method: 'DELETE',
        keys: dev,
        access,
        body: {},
      });
      expectKnownError(byOwner, 'USER_ID_DOES_NOT_EXIST', { user_id: owner.userId });
      const listed = await raw(url, `/auth/sessions?user_id=${owner.userId}`, { keys: dev, access });
      expectKnownError(listed, 'USER_ID_DOES_NOT_EXIST', { user_id: owner.userId });
      // Named under one of this project's users, the foreign session simply is not there.
      const underLocal = await raw(url, `/auth/sessions/${ownerSession}?user_id=${attacker.userId}`, {
        method: 'DELETE',
        keys: dev,
        access,
        body: {},
      });
      expectText(underLocal, 404, 'Session not found.');
    }
    // The owner's access token means nothing to the other project.
    expectKnownError(await me(owner.accessToken), 'INVALID_PROJECT_FOR_ACCESS_TOKEN');

    await expectWorking(owner, internal);
  });

  it('a revoked session’s tokens are refused at once, everywhere', async () => {
    const user = await signUp(url, dev);
    const stolen = await anotherSession(user);
    const stolenId = (await listMine(user.accessToken)).find((s) => !s.is_current_session)!.id;

    const revoked = await revoke(user.accessToken, stolenId);
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.json).toEqual({ success: true });

    expectKnownError(await refresh(stolen.refreshToken), 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
    const viaGrant = await grant(stolen.refreshToken);
    expect(viaGrant.status).toBe(401);
    expect(viaGrant.headers.get('x-stack-known-error')).toBe('REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
    // The access token has minutes left, but the session it came from is gone.
    const noUser = 'CANNOT_GET_OWN_USER_WITHOUT_USER';
    expectKnownError(await me(stolen.accessToken), noUser);
    expectKnownError(
      await raw(url, '/auth/sessions?user_id=me', { keys: dev, accessToken: stolen.accessToken }),
      noUser,
    );
    expectKnownError(
      await raw(url, '/users/me', {
        method: 'PATCH',
        keys: dev,
        accessToken: stolen.accessToken,
        body: { display_name: 'Still here' },
      }),
      noUser,
    );
    // Nor can it strike back at the session that revoked it.
    expectKnownError(await revoke(stolen.accessToken, await currentId(user.accessToken)), noUser);
    expectKnownError(
      await raw(url, '/auth/sessions/current', {
        method: 'DELETE',
        keys: dev,
        accessToken: stolen.accessToken,
        body: {},
      }),
      'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED',
    );

    expectText(await revoke(user.accessToken, stolenId), 404, 'Session not found.');
    await expectWorking(user);
    expect((await me(user.accessToken)).json.display_name).toBeNull();
  });

  it('refuses to end the current session here, however its id is spelled', async () => {
    const user = await signUp(url, dev);
    const id = await currentId(user.accessToken);
    for (const spelling of [id, id.toUpperCase()]) {
      expectKnownError(await revoke(user.accessToken, spelling), 'CANNOT_DELETE_CURRENT_SESSION');
      expectKnownError(
        await revoke(user.accessToken, spelling, user.userId),
        'CANNOT_DELETE_CURRENT_SESSION',
      );
    }
    // Its own id in capitals is still its own id.
    const listed = await raw(url, `/auth/sessions?user_id=${user.userId.toUpperCase()}`, {
      keys: dev,
      accessToken: user.accessToken,
    });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json.items.map((s: { id: string }) => s.id)).toEqual([id]);
    await expectWorking(user);
  });

  it('two browsers revoking the same third one at once: one succeeds, one finds it gone', async () => {
    for (let round = 0; round < 4; round++) {
      const user = await signUp(url, dev);
      const second = await anotherSession(user);
      const third = await anotherSession(user);
      const thirdId = await currentId(third.accessToken);
      const answers = await Promise.all([
        revoke(user.accessToken, thirdId),
        revoke(second.accessToken, thirdId),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
      expectKnownError(await me(third.accessToken), 'CANNOT_GET_OWN_USER_WITHOUT_USER');
      expect(await listMine(user.accessToken)).toHaveLength(2);
    }
  });

  it('a revocation racing refreshes of that session leaves no working token behind', async () => {
    for (let round = 0; round < 4; round++) {
      const user = await signUp(url, dev);
      const target = await anotherSession(user);
      const targetId = await currentId(target.accessToken);
      const [revoked, ...refreshes] = await Promise.all([
        revoke(user.accessToken, targetId),
        ...Array.from({ length: 3 }, () => refresh(target.refreshToken)),
        ...Array.from({ length: 3 }, () =>
          grant(target.refreshToken).then(async (r) => ({ status: r.status, json: await r.json() })),
        ),
      ]);
      expect(revoked!.status, revoked!.text).toBe(200);
      // Whatever was minted before the row went is dead now, like the token it came from.
      const minted = refreshes.filter((r) => r.status === 200).map((r) => r.json.access_token as string);
      for (const accessToken of minted) {
        expectKnownError(await me(accessToken), 'CANNOT_GET_OWN_USER_WITHOUT_USER');
      }
      expectKnownError(await refresh(target.refreshToken), 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
      await expectWorking(user);
    }
  });

  it('ids no session can have are 4xx with a readable body, and touch nothing', async () => {
    const user = await signUp(url, dev);
    const other = await anotherSession(user);
    const before = await listMine(user.accessToken);
    // As sent on the wire: NUL, a lone surrogate's bytes (no UTF-8), broken escapes, no UUID.
    const malformed = ['%00', 'a%00b', '%ED%A0%80', '%E0%A4%A', 'not-a-uuid', 'x'.repeat(5000)];
    // user_id values with the status a client gets, then server and admin: a malformed value is
    // refused as such, a well-formed one that is not the client is someone else's (403), and no
    // user of the project for server code.
    const hostileUserIds = [
      ['%00', 400, 400],
      ['%ED%A0%80', 403, 400],
      ['x'.repeat(5000), 400, 400],
      ['', 403, 400],
    ] as const;
    const failures: string[] = [];
    const expectStatus = (what: string, response: RawResponse, status: number) => {
      if (response.status !== status || response.text.trim() === '') {
        failures.push(`${what} → ${response.status}: ${response.text.slice(0, 160)}`);
      }
    };
    for (const access of ['client', 'server', 'admin'] as const) {
      const auth = { keys: dev, access, accessToken: access === 'client' ? user.accessToken : undefined };
      for (const id of malformed) {
        const response = await raw(url, `/auth/sessions/${id}?user_id=${user.userId}`, {
          ...auth,
          method: 'DELETE',
          body: {},
        });
        expectStatus(`DELETE ${id.slice(0, 12)} (${access})`, response, 400);
        if (response.status === 400) {
          expect(response.json.code).toBe('SCHEMA_ERROR');
          expect(response.json.error).toContain('params.id');
        }
      }
      for (const [userId, clientStatus, otherStatus] of hostileUserIds) {
        const label = `${userId.slice(0, 12)} (${access})`;
        const status = access === 'client' ? clientStatus : otherStatus;
        expectStatus(
          `GET user_id=${label}`,
          await raw(url, `/auth/sessions?user_id=${userId}`, auth),
          status,
        );
        expectStatus(
          `DELETE user_id=${label}`,
          await raw(url, `/auth/sessions/${before[0]!.id}?user_id=${userId}`, {
            ...auth,
            method: 'DELETE',
            body: {},
          }),
          status,
        );
      }
      // Past Node's 16 KB limit on the request head: refused before the app, still with words.
      const huge = await raw(url, `/auth/sessions/${'x'.repeat(70_000)}?user_id=me`, {
        ...auth,
        method: 'DELETE',
        body: {},
      });
      expectStatus(`DELETE 70k id (${access})`, huge, 431);
      const hugeUser = await raw(url, `/auth/sessions?user_id=${'x'.repeat(70_000)}`, auth);
      expectStatus(`GET 70k user_id (${access})`, hugeUser, 431);
    }
    expect(failures).toEqual([]);
    expect((await listMine(user.accessToken)).map((s) => s.id)).toEqual(before.map((s) => s.id));
    expect((await me(other.accessToken)).status).toBe(200);
  });
});
