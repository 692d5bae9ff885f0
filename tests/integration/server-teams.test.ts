/**
 * Teams on the server (wire.md §4.10, §5.3, §4.8): creating, reading, changing and deleting teams
 * with each access type, a user's selected team, `GET /users?team_id=`, and the team made on
 * sign-up. From the attacker's side: another project's team ids, a non-member's client, a member
 * without the permission, hostile strings in paths and bodies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { devSignIn } from '../support/oauth-flow.js';
import { emailedSignInCode, patchConfig } from '../support/outbox.js';
import { createOwnedProject, signUpOwner } from '../support/owner.js';
import { expectKnownError, freshEmail, type RawRequest, raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

const MISSING_TEAM = '00000000-0000-4000-8000-000000000000';

describe.each(backends())('teams on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  let dev: ProjectKeys;
  let other: ProjectKeys;
  let mailbox: string;
  beforeAll(async () => {
    running = await backend.create({ resetCodeResponseTimeMs: { min: 0, max: 0 } });
    url = running.url;
    dev = running.server.seeded.dev;
    mailbox = (await running.server.listenMailbox(0)).url;
    await running.server.listenDevIdentityProvider();
    other = await createOwnedProject(
      url,
      running.server.seeded.internal,
      await signUpOwner(url, running.server.seeded.internal),
    );
    await patchConfig(url, dev, { client_team_creation_enabled: true, magic_link_enabled: true });
  });
  afterAll(async () => {
    await running?.close();
  });

  const call = (path: string, options: RawRequest = {}) => raw(url, path, { keys: dev, ...options });
  const server = (path: string, options: RawRequest = {}) => call(path, { access: 'server', ...options });

  /** A team created by server access with `creator` as creator (or none). */
  async function serverTeam(creator?: string, name = 'Team') {
    const body: Record<string, unknown> = { display_name: name };
    if (creator) body.creator_user_id = creator;
    const created = await server('/teams', { body });
    expect(created.status, created.text).toBe(201);
    return created.json.id as string;
  }

  const join = (teamId: string, userId: string, keys = dev) =>
    raw(url, `/team-memberships/${teamId}/${userId}`, { keys, access: 'server', body: {} });

  it('refuses an empty profile image URL as a schema error, on create and on update', async () => {
    const user = await signUp(url, dev);
    const teamId = await serverTeam(user.userId);
    const emptyImage = { display_name: 'Acme', profile_image_url: '' };
    for (const response of [
      await call('/teams', { accessToken: user.accessToken, body: emptyImage }),
      await server('/teams', { body: emptyImage }),
      await call(`/teams/${teamId}`, { method: 'PATCH', accessToken: user.accessToken, body: emptyImage }),
      await server(`/teams/${teamId}`, { method: 'PATCH', body: emptyImage }),
    ]) {
      expect(response.status, response.text).toBe(400);
      expect(response.json.code).toBe('SCHEMA_ERROR');
      expect(response.json.error).toContain('  - body.profile_image_url is not a valid URL');
    }
    expect((await server(`/teams/${teamId}`)).json.display_name).toBe('Team');
  });

  it('lets a signed-in client create a team it then belongs to, with the creator permissions', async () => {
    const user = await signUp(url, dev);
    const created = await call('/teams', {
      accessToken: user.accessToken,
      body: { display_name: 'Acme', client_metadata: { plan: 'free' } },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      display_name: 'Acme',
      profile_image_url: null,
      client_metadata: { plan: 'free' },
      client_read_only_metadata: null,
    });
    const mine = await call('/teams?user_id=me', { accessToken: user.accessToken });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.json).toEqual({ items: [created.json], is_paginated: false });
    // The creator holds admin, which contains $update_team and $delete_team.
    const renamed = await call(`/teams/${created.json.id}`, {
      method: 'PATCH',
      accessToken: user.accessToken,
      body: { display_name: 'Acme Inc' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json.display_name).toBe('Acme Inc');
    expect(renamed.json.server_metadata).toBeUndefined();
    const asServer = await server(`/teams/${created.json.id}`);
    expect(asServer.json).toMatchObject({ display_name: 'Acme Inc', server_metadata: null });
    expect(asServer.json.created_at_millis).toEqual(expect.any(Number));
    const gone = await call(`/teams/${created.json.id}`, {
      method: 'DELETE',
      accessToken: user.accessToken,
      body: {},
    });
    expect(gone.status, gone.text).toBe(200);
    expect(gone.json).toEqual({ success: true });
    expectKnownError(await server(`/teams/${created.json.id}`), 'TEAM_NOT_FOUND', {
      team_id: created.json.id,
    });
  });

  it('refuses client creation without a user, when disabled, or for another creator', async () => {
    expectKnownError(await call('/teams', { body: { display_name: 'x' } }), 'USER_AUTHENTICATION_REQUIRED');
    const user = await signUp(url, dev);
    const victim = await signUp(url, dev);
    const forOther = await call('/teams', {
      accessToken: user.accessToken,
      body: { display_name: 'x', creator_user_id: victim.userId },
    });
    expect(forOther.status, forOther.text).toBe(403);
    const remote = await call('/teams', {
      accessToken: user.accessToken,
      body: { display_name: 'x', profile_image_url: 'https://evil.example/a.png' },
    });
    expect(remote.status).toBe(400);
    expect(remote.text).toBe('Invalid profile image URL');
    await patchConfig(url, dev, { client_team_creation_enabled: false });
    try {
      const off = await call('/teams', { accessToken: user.accessToken, body: { display_name: 'x' } });
      expect(off.status, off.text).toBe(403);
      expect(off.text).toBe('Client team creation is disabled for this project');
    } finally {
      await patchConfig(url, dev, { client_team_creation_enabled: true });
    }
    // Nothing was created by any refused request.
    const victimTeams = await server(`/teams?user_id=${victim.userId}`);
    expect(victimTeams.json.items).toEqual([]);
    const userTeams = await server(`/teams?user_id=${user.userId}`);
    expect(userTeams.json.items).toEqual([]);
  });

  it('lists teams oldest first: a client only its own, server access any user or all', async () => {
    const user = await signUp(url, dev);
    const first = await serverTeam(user.userId, 'First');
    const second = await serverTeam(user.userId, 'Second');
    const notMine = await serverTeam(undefined, 'Not mine');
    const mine = await call(`/teams?user_id=${user.userId.toUpperCase()}`, { accessToken: user.accessToken });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.json.items.map((t: { id: string }) => t.id)).toEqual([first, second]);
    const all = await server('/teams');
    const ids = all.json.items.map((t: { id: string }) => t.id);
    expect(ids).toEqual(expect.arrayContaining([first, second, notMine]));
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(notMine));
    const stranger = await signUp(url, dev);
    for (const query of [`?user_id=${user.userId}`, '']) {
      const refused = await call(`/teams${query}`, { accessToken: stranger.accessToken });
      expect(refused.status, refused.text).toBe(403);
    }
    expectKnownError(await call('/teams?user_id=me'), 'CANNOT_GET_OWN_USER_WITHOUT_USER');
    // Another project's server key sees none of these.
    const elsewhere = await raw(url, '/teams', { keys: other, access: 'server' });
    expect(elsewhere.json.items).toEqual([]);
  });

  it("keeps another project's and a stranger's teams out of reach", async () => {
    const owner = await signUp(url, dev);
    const teamId = await serverTeam(owner.userId);
    const stranger = await signUp(url, dev);
    const asStranger = (method: string, body?: unknown) =>
      call(`/teams/${teamId}`, { method, accessToken: stranger.accessToken, body });
    const membership = { team_id: teamId, user_id: stranger.userId };
    expectKnownError(await asStranger('GET'), 'TEAM_MEMBERSHIP_NOT_FOUND', membership);
    expectKnownError(
      await asStranger('PATCH', { display_name: 'pwned' }),
      'TEAM_MEMBERSHIP_NOT_FOUND',
      membership,
    );
    expectKnownError(await asStranger('DELETE', {}), 'TEAM_MEMBERSHIP_NOT_FOUND', membership);
    // Another project's keys, server and admin alike, find no such team.
    for (const access of ['server', 'admin'] as const) {
      const keys = { keys: other, access };
      expectKnownError(await raw(url, `/teams/${teamId}`, keys), 'TEAM_NOT_FOUND', { team_id: teamId });
      expectKnownError(
        await raw(url, `/teams/${teamId}`, { ...keys, method: 'PATCH', body: { display_name: 'pwned' } }),
        'TEAM_NOT_FOUND',
        { team_id: teamId },
      );
      expectKnownError(await raw(url, `/teams/${teamId}`, { ...keys, method: 'DELETE' }), 'TEAM_NOT_FOUND', {
        team_id: teamId,
      });
      const otherUser = await raw(url, '/users', { keys: other, access: 'server', body: {} });
      expect(otherUser.status, otherUser.text).toBe(201);
      expectKnownError(await join(teamId, otherUser.json.id, other), 'TEAM_NOT_FOUND', { team_id: teamId });
      // Nor can this project add a user of the other project to its own team.
      expectKnownError(await join(teamId, otherUser.json.id), 'USER_NOT_FOUND');
    }
    const still = await server(`/teams/${teamId}`);
    expect(still.json.display_name).toBe('Team');
    const users = await server(`/users?team_id=${teamId}`);
    expect(users.json.items.map((u: { id: string }) => u.id)).toEqual([owner.userId]);
    const fromOther = await raw(url, `/users?team_id=${teamId}`, { keys: other, access: 'server' });
    expect(fromOther.json.items).toEqual([]);
  });

  it('refuses a member without $update_team, $delete_team and $remove_members', async () => {
    const owner = await signUp(url, dev);
    const member = await signUp(url, dev);
    const teamId = await serverTeam(owner.userId);
    const joined = await join(teamId, member.userId);
    expect(joined.status, joined.text).toBe(201);
    expect(joined.json).toEqual({ team_id: teamId, user_id: member.userId });
    const asMember = (path: string, method: string, body?: unknown) =>
      call(path, { method, accessToken: member.accessToken, body });
    const required = (permission_id: string) => ({ team_id: teamId, user_id: member.userId, permission_id });
    const read = await asMember(`/teams/${teamId}`, 'GET');
    expect(read.status, read.text).toBe(200);
    expectKnownError(
      await asMember(`/teams/${teamId}`, 'PATCH', { display_name: 'pwned' }),
      'TEAM_PERMISSION_REQUIRED',
      required('$update_team'),
    );
    expectKnownError(
      await asMember(`/teams/${teamId}`, 'DELETE', {}),
      'TEAM_PERMISSION_REQUIRED',
      required('$delete_team'),
    );
    expectKnownError(
      await asMember(`/team-memberships/${teamId}/${owner.userId}`, 'DELETE', {}),
      'TEAM_PERMISSION_REQUIRED',
      required('$remove_members'),
    );
    expect((await server(`/teams/${teamId}`)).json.display_name).toBe('Team');
    const members = await server(`/users?team_id=${teamId}`);
    expect(members.json.items.map((u: { id: string }) => u.id).sort()).toEqual(
      [owner.userId, member.userId].sort(),
    );
    // The owner (admin) may remove the member; the member may always leave.
    const removed = await call(`/team-memberships/${teamId}/${member.userId}`, {
      method: 'DELETE',
      accessToken: owner.accessToken,
      body: {},
    });
    expect(removed.status, removed.text).toBe(200);
    expectKnownError(await asMember(`/teams/${teamId}`, 'GET'), 'TEAM_MEMBERSHIP_NOT_FOUND', {
      team_id: teamId,
      user_id: member.userId,
    });
    const left = await call(`/team-memberships/${teamId}/me`, {
      method: 'DELETE',
      accessToken: owner.accessToken,
      body: {},
    });
    expect(left.status, left.text).toBe(200);
    expectKnownError(
      await call(`/team-memberships/${teamId}/me`, {
        method: 'DELETE',
        accessToken: owner.accessToken,
        body: {},
      }),
      'TEAM_MEMBERSHIP_NOT_FOUND',
      { team_id: teamId, user_id: owner.userId },
    );
    expect((await server(`/users?team_id=${teamId}`)).json.items).toEqual([]);
  });

  it('adds a member once: a second join, or two at once, is TEAM_MEMBERSHIP_ALREADY_EXISTS', async () => {
    const user = await signUp(url, dev);
    const teamId = await serverTeam();
    expectKnownError(await join(MISSING_TEAM, user.userId), 'TEAM_NOT_FOUND', { team_id: MISSING_TEAM });
    expectKnownError(await join(teamId, MISSING_TEAM), 'USER_NOT_FOUND');
    expectKnownError(await join('not-a-team', user.userId), 'TEAM_NOT_FOUND', { team_id: 'not-a-team' });
    const client = await call(`/team-memberships/${teamId}/${user.userId}`, {
      accessToken: user.accessToken,
      body: {},
    });
    expect(client.status).toBe(401);
    expect((await join(teamId, user.userId)).status).toBe(201);
    expectKnownError(await join(teamId, user.userId), 'TEAM_MEMBERSHIP_ALREADY_EXISTS');

    const racer = await signUp(url, dev);
    const answers = await Promise.all([
      join(teamId, racer.userId),
      join(teamId, racer.userId),
      join(teamId, racer.userId),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expectKnownError(answer, 'TEAM_MEMBERSHIP_ALREADY_EXISTS');
    }
    const members = await server(`/users?team_id=${teamId}`);
    expect(members.json.items.map((u: { id: string }) => u.id).sort()).toEqual(
      [user.userId, racer.userId].sort(),
    );
  });

  it('selects only a team the user belongs to, and forgets it when the user leaves or the team goes', async () => {
    const user = await signUp(url, dev);
    const teamId = await serverTeam(undefined, 'Selected');
    const select = (id: string | null) =>
      call('/users/me', { method: 'PATCH', accessToken: user.accessToken, body: { selected_team_id: id } });
    const notMember = await select(teamId);
    expect(notMember.status).toBe(400);
    expect(notMember.text).toBe('The user is not a member of the selected team.');
    expect((await select(MISSING_TEAM)).status).toBe(400);
    await join(teamId, user.userId);
    const selected = await select(teamId);
    expect(selected.status, selected.text).toBe(200);
    expect(selected.json.selected_team_id).toBe(teamId);
    expect(selected.json.selected_team).toEqual({
      id: teamId,
      display_name: 'Selected',
      profile_image_url: null,
      client_metadata: null,
      client_read_only_metadata: null,
    });
    // The server view carries the server team; a rename shows at once (the auth cache forgets it).
    await server(`/teams/${teamId}`, {
      method: 'PATCH',
      body: { display_name: 'Renamed', server_metadata: { a: 1 } },
    });
    const me = await call('/users/me', { accessToken: user.accessToken });
    expect(me.json.selected_team.display_name).toBe('Renamed');
    const asServer = await server(`/users/${user.userId}`);
    expect(asServer.json.selected_team).toMatchObject({ id: teamId, server_metadata: { a: 1 } });
    expect(asServer.json.selected_team.created_at_millis).toEqual(expect.any(Number));
    const cleared = await select(null);
    expect(cleared.json).toMatchObject({ selected_team_id: null, selected_team: null });

    // Leaving clears it.
    await select(teamId);
    const left = await call(`/team-memberships/${teamId}/me`, {
      method: 'DELETE',
      accessToken: user.accessToken,
      body: {},
    });
    expect(left.status, left.text).toBe(200);
    expect((await call('/users/me', { accessToken: user.accessToken })).json).toMatchObject({
      selected_team_id: null,
      selected_team: null,
    });
    expect((await select(teamId)).status).toBe(400);

    // Deleting the team clears it for everyone who selected it, through the server PATCH too.
    await join(teamId, user.userId);
    const second = await signUp(url, dev);
    await join(teamId, second.userId);
    const bySever = await server(`/users/${second.userId}`, {
      method: 'PATCH',
      body: { selected_team_id: teamId },
    });
    expect(bySever.json.selected_team_id).toBe(teamId);
    await select(teamId);
    expect((await server(`/teams/${teamId}`, { method: 'DELETE' })).status).toBe(200);
    for (const id of [user.userId, second.userId]) {
      expect((await server(`/users/${id}`)).json).toMatchObject({
        selected_team_id: null,
        selected_team: null,
      });
    }
  });

  it('answers hostile strings with a 400, never a 500, and stores nothing', async () => {
    const user = await signUp(url, dev);
    const teamId = await serverTeam(user.userId, 'Intact');
    // `""` is a name (the reference takes it); these are not.
    const bad = ['\u0000', 'a\u0000b', '\ud800', 'x'.repeat(70_000), 7, null];
    for (const display_name of bad) {
      const created = await call('/teams', { accessToken: user.accessToken, body: { display_name } });
      expect(
        created.status,
        `${JSON.stringify(display_name).slice(0, 20)}: ${created.text.slice(0, 200)}`,
      ).toBe(400);
      const patched = await server(`/teams/${teamId}`, { method: 'PATCH', body: { display_name } });
      expect(patched.status).toBe(400);
    }
    const bigMetadata = await server('/teams', {
      body: { display_name: 'x', server_metadata: 'm'.repeat(100_001) },
    });
    expect(bigMetadata.status).toBe(400);
    const extra = await server('/teams', { body: { display_name: 'x', owner: 'me' } });
    expect(extra.status).toBe(400);
    for (const id of ['%00', '%ED%A0%80', 'x'.repeat(5_000), 'not-a-uuid', MISSING_TEAM.toUpperCase()]) {
      for (const method of ['GET', 'PATCH', 'DELETE']) {
        const answer = await server(`/teams/${id}`, {
          method,
          body: method === 'PATCH' ? { display_name: 'y' } : undefined,
        });
        expect(
          answer.status,
          `${method} ${id.slice(0, 20)}: ${answer.text.slice(0, 200)}`,
        ).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
      }
      for (const path of [`/team-memberships/${id}/${user.userId}`, `/team-memberships/${teamId}/${id}`]) {
        for (const method of ['POST', 'DELETE']) {
          const answer = await server(path, { method, body: {} });
          expect(
            answer.status,
            `${method} ${path.slice(0, 80)}: ${answer.text.slice(0, 200)}`,
          ).toBeGreaterThanOrEqual(400);
          expect(answer.status).toBeLessThan(500);
        }
      }
      // A UUID in capitals is a UUID: nobody's, so an empty list; anything else is no id at all.
      const isUuid = id === MISSING_TEAM.toUpperCase();
      const listed = await server(`/teams?user_id=${id}`);
      expect(listed.status).toBe(isUuid ? 200 : 400);
      const users = await server(`/users?team_id=${id}`);
      expect(users.status).toBe(isUuid ? 200 : 400);
      if (isUuid) expect([listed.json.items, users.json.items]).toEqual([[], []]);
    }
    expect((await server(`/teams/${teamId}`)).json.display_name).toBe('Intact');
    expect((await server(`/teams?user_id=${user.userId}`)).json.items).toHaveLength(1);
  });

  it('creates the team of a new user on every sign-up path when the project asks for it', async () => {
    const before = await signUp(url, dev);
    expect((await server(`/teams?user_id=${before.userId}`)).json.items).toEqual([]);
    await patchConfig(url, dev, { create_team_on_sign_up: true });
    try {
      const teamsOf = async (userId: string) => (await server(`/teams?user_id=${userId}`)).json.items;
      const byPassword = await signUp(url, dev);
      expect((await teamsOf(byPassword.userId)).map((t: { display_name: string }) => t.display_name)).toEqual(
        [`${byPassword.email}'s Team`],
      );
      // The creator holds the creator's permissions in it.
      const [own] = await teamsOf(byPassword.userId);
      const renamed = await call(`/teams/${own.id}`, {
        method: 'PATCH',
        accessToken: byPassword.accessToken,
        body: { display_name: 'Mine' },
      });
      expect(renamed.status, renamed.text).toBe(200);

      const email = freshEmail();
      const code = await emailedSignInCode(
        { url, keys: dev, mailboxUrl: mailbox },
        email,
        'http://localhost:5173/handler/magic-link-callback',
      );
      const byCode = await call('/auth/otp/sign-in', { body: { code } });
      expect(byCode.status, byCode.text).toBe(200);
      expect(byCode.json.is_new_user).toBe(true);
      expect(
        (await teamsOf(byCode.json.user_id)).map((t: { display_name: string }) => t.display_name),
      ).toEqual([`${email}'s Team`]);

      const byOAuth = await devSignIn(url, dev, 'github', { email: freshEmail(), name: 'Grace Hopper' });
      expect(byOAuth.status, JSON.stringify(byOAuth.json)).toBe(200);
      expect(byOAuth.json.is_new_user).toBe(true);
      const oauthUser = await call('/users/me', { accessToken: byOAuth.json.access_token });
      expect((await teamsOf(oauthUser.json.id)).map((t: { display_name: string }) => t.display_name)).toEqual(
        ["Grace Hopper's Team"],
      );

      const named = await server('/users', { body: { display_name: 'Ada', primary_email: freshEmail() } });
      expect(named.status, named.text).toBe(201);
      expect((await teamsOf(named.json.id)).map((t: { display_name: string }) => t.display_name)).toEqual([
        "Ada's Team",
      ]);
      const bare = await server('/users', { body: {} });
      expect((await teamsOf(bare.json.id)).map((t: { display_name: string }) => t.display_name)).toEqual([
        'Personal Team',
      ]);
      // A user signing in again gets no second team.
      const again = await call('/auth/password/sign-in', {
        body: { email: byPassword.email, password: byPassword.password },
      });
      expect(again.status, again.text).toBe(200);
      expect(await teamsOf(byPassword.userId)).toHaveLength(1);
    } finally {
      await patchConfig(url, dev, { create_team_on_sign_up: false });
    }
    const after = await signUp(url, dev);
    expect((await server(`/teams?user_id=${after.userId}`)).json.items).toEqual([]);
  });
});
