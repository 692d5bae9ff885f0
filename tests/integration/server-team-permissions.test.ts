/**
 * Team permissions (wire.md §4.10, §5.6): what members hold, directly and contained at any depth;
 * granting and revoking with server access. From the attacker's side: a client asking about
 * another user, a client granting, another project's team and user ids, unknown permissions and
 * members, ids that are not UUIDs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { createOwnedProject, signUpOwner } from '../support/owner.js';
import { expectKnownError, raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';
import { addMember, createTeam, heldPermissions } from '../support/team-setup.js';

const ADMIN_HOLDS = [
  '$delete_team',
  '$invite_members',
  '$read_members',
  '$remove_members',
  '$update_team',
  'admin',
];
const MEMBER_HOLDS = ['$invite_members', '$read_members', 'member'];

describe.each(backends())('team permissions on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  let keys: ProjectKeys;
  let other: ProjectKeys;
  beforeAll(async () => {
    running = await backend.create();
    url = running.url;
    const internal = running.server.seeded.internal;
    keys = await createOwnedProject(url, internal, await signUpOwner(url, internal));
    other = await createOwnedProject(url, internal, await signUpOwner(url, internal));
  });
  afterAll(async () => {
    await running?.close();
  });

  /** A team with a creator and a second member, both signed up. */
  async function teamOfTwo(project = keys) {
    const creator = await signUp(url, project);
    const member = await signUp(url, project);
    const teamId = await createTeam(url, project, creator.userId);
    await addMember(url, project, teamId, member.userId);
    return { teamId, creator, member };
  }

  const grant = (
    teamId: string,
    userId: string,
    id: string,
    project = keys,
    access: 'server' | 'admin' = 'server',
  ) =>
    raw(url, `/team-permissions/${teamId}/${userId}/${encodeURIComponent(id)}`, {
      keys: project,
      access,
      body: {},
    });
  const revoke = (teamId: string, userId: string, id: string, project = keys) =>
    raw(url, `/team-permissions/${teamId}/${userId}/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      keys: project,
      access: 'server',
      body: {},
    });

  it('gives the creator admin and a member member; recursive listing adds what they contain', async () => {
    const { teamId, creator, member } = await teamOfTwo();
    expect(await heldPermissions(url, keys, teamId, creator.userId, false)).toEqual(['admin']);
    expect(await heldPermissions(url, keys, teamId, creator.userId, true)).toEqual(ADMIN_HOLDS);
    expect(await heldPermissions(url, keys, teamId, member.userId, false)).toEqual(['member']);
    expect(await heldPermissions(url, keys, teamId, member.userId, true)).toEqual(MEMBER_HOLDS);

    // Without `recursive` the server lists direct grants only; each item names its member.
    const direct = await raw(url, `/team-permissions?team_id=${teamId}`, { keys, access: 'server' });
    expect(direct.status, direct.text).toBe(200);
    const pair = [creator.userId, member.userId].sort();
    const expected = pair.map((userId) => ({
      id: userId === creator.userId ? 'admin' : 'member',
      user_id: userId,
      team_id: teamId,
    }));
    expect(direct.json).toEqual({ items: expected, is_paginated: false });

    // `permission_id` filters after expansion: the creator holds $update_team, the member does not.
    const update = await raw(
      url,
      `/team-permissions?team_id=${teamId}&permission_id=$update_team&recursive=true`,
      {
        keys,
        access: 'admin',
      },
    );
    expect(update.json.items).toEqual([{ id: '$update_team', user_id: creator.userId, team_id: teamId }]);
    const directOnly = await raw(url, `/team-permissions?team_id=${teamId}&permission_id=$update_team`, {
      keys,
      access: 'server',
    });
    expect(directOnly.json.items).toEqual([]);
  });

  it('sorts the whole listing by team, then user, then id', async () => {
    const project = await createOwnedProject(
      url,
      running.server.seeded.internal,
      await signUpOwner(url, running.server.seeded.internal),
    );
    const a = await teamOfTwo(project);
    const b = await teamOfTwo(project);
    const listed = await raw(url, '/team-permissions?recursive=true', { keys: project, access: 'server' });
    expect(listed.status, listed.text).toBe(200);
    const keysOf = listed.json.items.map((p: { team_id: string; user_id: string; id: string }) => [
      p.team_id,
      p.user_id,
      p.id,
    ]);
    const sorted = [...keysOf].sort((x, y) => (x.join(' ') < y.join(' ') ? -1 : 1));
    expect(keysOf).toEqual(sorted);
    expect(keysOf).toHaveLength(2 * (ADMIN_HOLDS.length + MEMBER_HOLDS.length));
    expect(new Set(keysOf.map((k: string[]) => k[0]))).toEqual(new Set([a.teamId, b.teamId]));
  });

  it('grants and revokes directly; granting twice is the same; contained ones cannot be revoked alone', async () => {
    const { teamId, member } = await teamOfTwo();
    const first = await grant(teamId, member.userId, '$update_team');
    expect(first.status, first.text).toBe(201);
    expect(first.json).toEqual({ id: '$update_team', user_id: member.userId, team_id: teamId });
    const again = await grant(teamId, member.userId, '$update_team', keys, 'admin');
    expect(again.status, again.text).toBe(201);
    expect(again.json).toEqual(first.json);
    expect(await heldPermissions(url, keys, teamId, member.userId, false)).toEqual([
      '$update_team',
      'member',
    ]);

    // $read_members is held only through `member`: not a direct grant.
    expectKnownError(await revoke(teamId, member.userId, '$read_members'), 'TEAM_PERMISSION_NOT_FOUND', {
      team_id: teamId,
      user_id: member.userId,
      permission_id: '$read_members',
    });
    const revoked = await revoke(teamId, member.userId, 'member');
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.json).toEqual({ success: true });
    expect(await heldPermissions(url, keys, teamId, member.userId, true)).toEqual(['$update_team']);
    expectKnownError(await revoke(teamId, member.userId, 'member'), 'TEAM_PERMISSION_NOT_FOUND', {
      team_id: teamId,
      user_id: member.userId,
      permission_id: 'member',
    });
  });

  it('refuses unknown permissions and users who are not members', async () => {
    const { teamId, member } = await teamOfTwo();
    const outsider = await signUp(url, keys);
    for (const id of ['nope', '$nope', 'ADMIN', 'admin ']) {
      expectKnownError(await grant(teamId, member.userId, id), 'PERMISSION_NOT_FOUND', { permission_id: id });
    }
    expectKnownError(await grant(teamId, outsider.userId, 'admin'), 'TEAM_MEMBERSHIP_NOT_FOUND', {
      team_id: teamId,
      user_id: outsider.userId,
    });
    expectKnownError(await revoke(teamId, outsider.userId, 'admin'), 'TEAM_MEMBERSHIP_NOT_FOUND', {
      team_id: teamId,
      user_id: outsider.userId,
    });
    expectKnownError(await grant('not-a-uuid', member.userId, 'admin'), 'TEAM_MEMBERSHIP_NOT_FOUND', {
      team_id: 'not-a-uuid',
      user_id: member.userId,
    });
    expectKnownError(await grant(teamId, 'not-a-uuid', 'admin'), 'TEAM_MEMBERSHIP_NOT_FOUND', {
      team_id: teamId,
      user_id: 'not-a-uuid',
    });
    expect(await heldPermissions(url, keys, teamId, outsider.userId, true)).toEqual([]);
  });

  it("does not reach another project's teams, members or definitions", async () => {
    const theirs = await teamOfTwo(other);
    // The other project's member, named through this project's keys.
    expectKnownError(await grant(theirs.teamId, theirs.member.userId, 'admin'), 'TEAM_MEMBERSHIP_NOT_FOUND', {
      team_id: theirs.teamId,
      user_id: theirs.member.userId,
    });
    expectKnownError(
      await revoke(theirs.teamId, theirs.creator.userId, 'admin'),
      'TEAM_MEMBERSHIP_NOT_FOUND',
      {
        team_id: theirs.teamId,
        user_id: theirs.creator.userId,
      },
    );
    for (const query of [`team_id=${theirs.teamId}`, `user_id=${theirs.creator.userId}`]) {
      const listed = await raw(url, `/team-permissions?${query}&recursive=true`, { keys, access: 'server' });
      expect(listed.status, listed.text).toBe(200);
      expect(listed.json.items).toEqual([]);
    }
    // A definition of this project cannot be granted in the other.
    const defined = await raw(url, '/team-permission-definitions', {
      keys,
      access: 'admin',
      body: { id: 'only_here' },
    });
    expect(defined.status, defined.text).toBe(201);
    expectKnownError(
      await grant(theirs.teamId, theirs.member.userId, 'only_here', other),
      'PERMISSION_NOT_FOUND',
      {
        permission_id: 'only_here',
      },
    );
    // And nothing of theirs changed.
    expect(await heldPermissions(url, other, theirs.teamId, theirs.creator.userId, false)).toEqual(['admin']);
  });

  it('lets a client list only its own permissions, and never grant or revoke', async () => {
    const { teamId, creator, member } = await teamOfTwo();
    const own = await raw(url, `/team-permissions?team_id=${teamId}&user_id=me&recursive=true`, {
      keys,
      accessToken: member.accessToken,
    });
    expect(own.status, own.text).toBe(200);
    expect(own.json.items.map((p: { id: string }) => p.id)).toEqual(MEMBER_HOLDS);
    const byId = await raw(url, `/team-permissions?team_id=${teamId}&user_id=${member.userId}`, {
      keys,
      accessToken: member.accessToken,
    });
    expect(byId.status, byId.text).toBe(200);
    expect(byId.json.items).toEqual([{ id: 'member', user_id: member.userId, team_id: teamId }]);

    for (const query of [`team_id=${teamId}&user_id=${creator.userId}`, `team_id=${teamId}`]) {
      const theirs = await raw(url, `/team-permissions?${query}`, { keys, accessToken: member.accessToken });
      expect(theirs.status, theirs.text).toBe(403);
      expect(theirs.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(theirs.text).toMatch(/^Client can only list permissions for their own user/);
    }
    expectKnownError(
      await raw(url, '/team-permissions?user_id=me', { keys }),
      'CANNOT_GET_OWN_USER_WITHOUT_USER',
    );

    for (const method of ['POST', 'DELETE']) {
      const denied = await raw(url, `/team-permissions/${teamId}/${member.userId}/$update_team`, {
        method,
        keys,
        accessToken: member.accessToken,
        body: {},
      });
      expectKnownError(denied, 'INSUFFICIENT_ACCESS_TYPE', {
        actual_access_type: 'client',
        allowed_access_types: ['server', 'admin'],
      });
    }
    expect(await heldPermissions(url, keys, teamId, member.userId, false)).toEqual(['member']);
  });

  it('refuses malformed queries with a schema error, never a 500', async () => {
    for (const query of [
      'team_id=nope',
      'user_id=nope',
      'recursive=yes',
      'unknown=1',
      `permission_id=${'a'.repeat(300)}`,
    ]) {
      const listed = await raw(url, `/team-permissions?${query}`, { keys, access: 'server' });
      expect(listed.status, `${query}: ${listed.text}`).toBe(400);
      expect(listed.json.code).toBe('SCHEMA_ERROR');
    }
    const { teamId, member } = await teamOfTwo();
    for (const id of ['%00', '%ED%A0%80', 'a%2Fb']) {
      const granted = await raw(url, `/team-permissions/${teamId}/${member.userId}/${id}`, {
        keys,
        access: 'server',
        body: {},
      });
      expect([400, 404], `${id}: ${granted.text}`).toContain(granted.status);
    }
  });
});
