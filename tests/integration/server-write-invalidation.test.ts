/**
 * What a write drops of what authentication keeps in memory (services/auth-cache). A route that
 * declares it writes only the users it names (sign-ins, sign-up, sign-out, refresh) drops those
 * users and keeps the project's keys and its other users, so a busy sign-in page or a stream of
 * refreshes does not make every request read the project and its user again. From the attacker's
 * side: a key revoked, or a sign-in method turned off, while sign-ins race it is refused on the
 * very next request, and a session ended is not served from memory.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignetServer, type ProjectKeys } from '../../server/src/index.js';
import { patchConfig } from '../support/outbox.js';
import { createOwnedProject, signUpOwner } from '../support/owner.js';
import { recordStatements } from '../support/pglite-statements.js';
import { expectKnownError, freshEmail, projectHeaders, raw, signUp } from '../support/raw-api.js';
import { PASSWORD, PGlite, recordedServer } from '../support/recorded-server.js';
import { backends, type RunningServer } from '../support/server.js';

describe('a sign-in keeps the project key in memory', () => {
  it('sign-ins, sign-ups and sign-outs beside users/me do not read the key again', async () => {
    // Recorded from the start: a statement is named by the text it was prepared with.
    const recording = recordStatements(PGlite);
    const server = await createSignetServer({ database: { kind: 'pglite' } });
    let watchedFrom = Number.POSITIVE_INFINITY;
    try {
      const dev = server.seeded.dev;
      const call = (method: string, path: string, body?: unknown, token?: string) =>
        server.fetch(
          new Request(`http://localhost/api/v1${path}`, {
            method,
            headers: {
              ...projectHeaders(dev, 'client'),
              ...(token ? { 'x-stack-access-token': token } : {}),
              ...(body ? { 'content-type': 'application/json' } : {}),
            },
            body: body ? JSON.stringify(body) : undefined,
          }),
        );
      const email = freshEmail();
      const signedUp = await call('POST', '/auth/password/sign-up', {
        email,
        password: PASSWORD,
        verification_callback_url: 'http://localhost/handler/email-verification',
      });
      expect(signedUp.status).toBe(200);
      const first = (await signedUp.json()) as { access_token: string };
      expect((await call('GET', '/users/me', undefined, first.access_token)).status).toBe(200);

      // The key read alone: what a request without a user token (a sign-in) makes on a miss. A
      // token's request reads its user and the key in one statement, and after a sign-in it must.
      watchedFrom = recording.statements.length;
      // Each tokenless request below follows a write: a sign-in after a sign-in, a sign-up after
      // a sign-out.
      for (let i = 0; i < 3; i++) {
        const signIn = await call('POST', '/auth/password/sign-in', { email, password: PASSWORD });
        expect(signIn.status).toBe(200);
        expect((await call('POST', '/auth/password/sign-in', { email, password: PASSWORD })).status).toBe(
          200,
        );
        const { access_token, refresh_token } = (await signIn.json()) as Record<string, string>;
        const me = await call('GET', '/users/me', undefined, access_token);
        expect(me.status).toBe(200);
        // The user read after a sign-in is fresh: the sign-in dropped the project's users.
        expect(((await me.json()) as { primary_email: string }).primary_email).toBe(email);
        const signOut = await server.fetch(
          new Request('http://localhost/api/v1/auth/sessions/current', {
            method: 'DELETE',
            headers: {
              ...projectHeaders(dev, 'client'),
              'x-stack-access-token': access_token!,
              'x-stack-refresh-token': refresh_token!,
            },
          }),
        );
        expect(signOut.status).toBe(200);
        // The session just ended is not served from memory.
        const after = await call('GET', '/users/me', undefined, access_token);
        expect(after.status).not.toBe(200);
        const another = await call('POST', '/auth/password/sign-up', {
          email: freshEmail(),
          password: PASSWORD,
          verification_callback_url: 'http://localhost/handler/email-verification',
        });
        expect(another.status).toBe(200);
      }
      expect((await call('GET', '/users/me', undefined, first.access_token)).status).toBe(200);
      const keyReads = recording.statements
        .slice(watchedFrom)
        .filter((sql) => /from "api_key_sets"/i.test(sql) && !/"users"/.test(sql));
      expect(keyReads).toEqual([]);
    } finally {
      recording.stop();
      await server.close();
    }
  });
});

describe("one user's writes keep every other user in memory", () => {
  it('a refresh, a sign-in and a sign-out drop their own user only, and that user is read fresh', async () => {
    const { server, dev, call, signUpUser, signIn, me, bystanderFromMemory, close } = await recordedServer();
    try {
      const active = await signUpUser();
      expect((await me(active.access)).status).toBe(200);

      // A refresh, with reads of its own user racing it: the user read after it is fresh.
      const before = Date.now();
      const racing = Array.from({ length: 8 }, () => me(active.access));
      const refreshed = await call('POST', '/auth/sessions/current/refresh', {
        'x-stack-refresh-token': active.refresh,
      });
      expect(refreshed.status).toBe(200);
      for (const answer of await Promise.all(racing)) expect(answer.status).toBe(200);
      // The server's view of the user shows when it was last active.
      const fresh = await call('GET', '/users/me', {
        ...projectHeaders(dev, 'server'),
        'x-stack-access-token': active.access,
      });
      expect(fresh.status).toBe(200);
      expect(fresh.json.last_active_at_millis as number).toBeGreaterThanOrEqual(before);
      await bystanderFromMemory('a refresh');

      // The reference's SDKs refresh through the OAuth token endpoint, which takes no project key:
      // the grant names the user's project itself.
      const viewedByServer = async () => {
        const seen = await call('GET', '/users/me', {
          ...projectHeaders(dev, 'server'),
          'x-stack-access-token': active.access,
        });
        expect(seen.status).toBe(200);
        return seen.json.last_active_at_millis as number;
      };
      const seenBefore = await viewedByServer();
      await new Promise((resolve) => setTimeout(resolve, 5));
      const granted = await server.fetch(
        new Request('http://localhost/api/v1/auth/oauth/token', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'refresh_token',
            refresh_token: active.refresh,
            client_id: dev.projectId,
            client_secret: dev.publishableClientKey,
          }),
        }),
      );
      expect(granted.status).toBe(200);
      expect(await viewedByServer()).toBeGreaterThan(seenBefore);
      await bystanderFromMemory('a refresh through the OAuth token endpoint');

      const signedIn = await signIn(active.email);
      expect(signedIn.status).toBe(200);
      await bystanderFromMemory('a sign-in');

      const session = {
        'x-stack-access-token': signedIn.json.access_token as string,
        'x-stack-refresh-token': signedIn.json.refresh_token as string,
      };
      expect((await me(session['x-stack-access-token'])).status).toBe(200);
      expect((await call('DELETE', '/auth/sessions/current', session)).status).toBe(200);
      // The session just ended is not served from memory; the bystander still is.
      expect((await me(session['x-stack-access-token'])).status).not.toBe(200);
      await bystanderFromMemory('a sign-out');
      expect((await me(active.access)).status).toBe(200);
    } finally {
      await close();
    }
  });

  it("a user's account settings drop that user only, and code requests drop nothing", async () => {
    const { dev, call, signUpUser, signIn, me, bystanderFromMemory, close } = await recordedServer();
    try {
      const active = await signUpUser();
      const own = { 'x-stack-access-token': active.access, 'x-stack-refresh-token': active.refresh };
      expect((await me(active.access)).status).toBe(200);

      // A profile edit shows at once to its own user.
      const edited = await call('PATCH', '/users/me', own, { display_name: 'Renamed' });
      expect(edited.status).toBe(200);
      expect((await me(active.access)).json.display_name).toBe('Renamed');
      await bystanderFromMemory('a profile edit');

      const added = await call('POST', '/contact-channels', own, {
        user_id: 'me',
        value: freshEmail(),
        type: 'email',
        used_for_auth: false,
      });
      expect(added.status).toBe(201);
      await bystanderFromMemory('an address added');

      // Requests anyone with the publishable key can send, many times over.
      const resetLink = await call(
        'POST',
        '/auth/password/send-reset-code',
        {},
        { email: active.email, callback_url: 'http://localhost/handler/password-reset' },
      );
      expect(resetLink.status).toBe(200);
      await bystanderFromMemory('a reset-link request');
      const guess = await call('POST', '/auth/password/reset/check-code', {}, { code: 'a'.repeat(45) });
      expect(guess.status).toBe(404);
      await bystanderFromMemory('a code guessed');

      // A team of the user's, its member profile changed and an invitation sent: nothing kept.
      const team = await call('POST', '/teams', own, { display_name: 'Bench team', creator_user_id: 'me' });
      expect(team.status).toBe(201);
      const teamId = team.json.id as string;
      await bystanderFromMemory('a team made');
      const profile = await call('PATCH', `/team-member-profiles/${teamId}/me`, own, {
        display_name: 'In the team',
      });
      expect(profile.status).toBe(200);
      await bystanderFromMemory("a member's profile changed");
      const invited = await call('POST', '/team-invitations/send-code', own, {
        team_id: teamId,
        email: freshEmail(),
        callback_url: 'http://localhost/handler/team-invitation',
      });
      expect(invited.status).toBe(200);
      await bystanderFromMemory('an invitation sent');

      // A password change ends the user's other sessions, even one kept in memory.
      const other = await signIn(active.email);
      expect(other.status).toBe(200);
      const otherAccess = other.json.access_token as string;
      expect((await me(otherAccess)).status).toBe(200);
      const changed = await call('POST', '/auth/password/update', own, {
        old_password: PASSWORD,
        new_password: `${PASSWORD} again`,
      });
      expect(changed.status).toBe(200);
      expect((await me(otherAccess)).status).not.toBe(200);
      expect((await me(active.access)).status).toBe(200);
      await bystanderFromMemory('a password change');

      // A user deleted by server code is refused on the very next request.
      const userId = (await me(active.access)).json.id as string;
      const deleted = await call('DELETE', `/users/${userId}`, projectHeaders(dev, 'server'));
      expect(deleted.status).toBe(200);
      expect((await me(active.access)).status).not.toBe(200);
      await bystanderFromMemory('a user deleted');
    } finally {
      await close();
    }
  });
});

describe.each(backends())('writes racing sign-ins on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  let keys: ProjectKeys;
  beforeAll(async () => {
    running = await backend.create();
    url = running.url;
    const internal = running.server.seeded.internal;
    keys = await createOwnedProject(url, internal, await signUpOwner(url, internal));
  });
  afterAll(async () => {
    await running?.close();
  });

  const signIn = (withKeys: ProjectKeys, email: string) =>
    raw(url, '/auth/password/sign-in', { keys: withKeys, body: { email, password: PASSWORD } });

  it('a publishable key revoked while sign-ins run is refused on the next request', async () => {
    const created = await raw(url, '/internal/api-keys', {
      keys,
      access: 'admin',
      body: {
        description: 'about to leak',
        expires_at_millis: Date.now() + 24 * 3600_000,
        has_publishable_client_key: true,
        has_secret_server_key: false,
        has_super_secret_admin_key: false,
      },
    });
    expect(created.status, created.text).toBe(200);
    const leaked = { ...keys, publishableClientKey: created.json.publishable_client_key as string };
    const user = await signUp(url, leaked);
    // In memory now: the key and its project.
    expect((await raw(url, '/users/me', { keys: leaked, accessToken: user.accessToken })).status).toBe(200);

    const racing = Array.from({ length: 6 }, () => signIn(leaked, user.email));
    const revoked = await raw(url, `/internal/api-keys/${created.json.id}`, {
      method: 'PATCH',
      keys,
      access: 'admin',
      body: { revoked: true },
    });
    expect(revoked.status, revoked.text).toBe(200);
    const refusedMe = await raw(url, '/users/me', { keys: leaked, accessToken: user.accessToken });
    expectKnownError(refusedMe, 'INVALID_PUBLISHABLE_CLIENT_KEY', { project_id: keys.projectId });
    expectKnownError(await signIn(leaked, user.email), 'INVALID_PUBLISHABLE_CLIENT_KEY', {
      project_id: keys.projectId,
    });
    // The racing sign-ins either finished first or were refused; none left the key usable.
    for (const answer of await Promise.all(racing)) expect([200, 401]).toContain(answer.status);
    expectKnownError(
      await raw(url, '/users/me', { keys: leaked, accessToken: user.accessToken }),
      'INVALID_PUBLISHABLE_CLIENT_KEY',
      { project_id: keys.projectId },
    );
  });

  it('password sign-in turned off while sign-ins run applies to the next sign-in', async () => {
    const user = await signUp(url, keys);
    expect((await signIn(keys, user.email)).status).toBe(200);
    const racing = Array.from({ length: 6 }, () => signIn(keys, user.email));
    await patchConfig(url, keys, { credential_enabled: false });
    try {
      expectKnownError(await signIn(keys, user.email), 'PASSWORD_AUTHENTICATION_NOT_ENABLED');
      for (const answer of await Promise.all(racing)) expect([200, 400]).toContain(answer.status);
      expectKnownError(await signIn(keys, user.email), 'PASSWORD_AUTHENTICATION_NOT_ENABLED');
    } finally {
      await patchConfig(url, keys, { credential_enabled: true });
    }
    expect((await signIn(keys, user.email)).status).toBe(200);
  });
});
