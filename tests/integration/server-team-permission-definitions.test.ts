/**
 * Team permission definitions (wire.md §4.10, §5.6), admin only: the five system permissions and
 * a project's own, contained lists that chain and may loop, a rename that follows the id into
 * members' grants, other definitions and the default lists, a delete that removes it from all of
 * them. From the attacker's side: ids outside the rule (uppercase, spaces, `$`, 70,000 characters,
 * NUL, a lone surrogate), client and server access, system permissions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { SYSTEM_PERMISSIONS } from '../../wire/team.js';
import { createOwnedProject, signUpOwner } from '../support/owner.js';
import { expectKnownError, raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';
import { addMember, createTeam, heldPermissions } from '../support/team-setup.js';

const SYSTEM = Object.entries(SYSTEM_PERMISSIONS).map(([id, description]) => ({
  id,
  description,
  contained_permission_ids: [],
}));
const DEFAULTS = [
  {
    id: 'admin',
    description: 'Default permission for team creators',
    contained_permission_ids: [
      '$delete_team',
      '$invite_members',
      '$read_members',
      '$remove_members',
      '$update_team',
    ],
  },
  {
    id: 'member',
    description: 'Default permission for team members',
    contained_permission_ids: ['$invite_members', '$read_members'],
  },
];

describe.each(backends())('team permission definitions on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  beforeAll(async () => {
    running = await backend.create();
    url = running.url;
  });
  afterAll(async () => {
    await running?.close();
  });

  /** A new project of a new owner: definitions are project-wide, so each test has its own. */
  async function project(): Promise<ProjectKeys> {
    const internal = running.server.seeded.internal;
    return createOwnedProject(url, internal, await signUpOwner(url, internal));
  }
  const list = (keys: ProjectKeys) => raw(url, '/team-permission-definitions', { keys, access: 'admin' });
  const create = (keys: ProjectKeys, body: unknown) =>
    raw(url, '/team-permission-definitions', { keys, access: 'admin', body });
  const patch = (keys: ProjectKeys, id: string, body: unknown) =>
    raw(url, `/team-permission-definitions/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      keys,
      access: 'admin',
      body,
    });
  const remove = (keys: ProjectKeys, id: string) =>
    raw(url, `/team-permission-definitions/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      keys,
      access: 'admin',
    });
  const ids = async (keys: ProjectKeys) => (await list(keys)).json.items.map((d: { id: string }) => d.id);
  const defaults = async (keys: ProjectKeys) => {
    const current = await raw(url, '/projects/current', { keys, access: 'admin' });
    expect(current.status, current.text).toBe(200);
    return {
      creator: current.json.config.team_creator_default_permissions,
      member: current.json.config.team_member_default_permissions,
    };
  };

  it('lists the system permissions and the project defaults, by id', async () => {
    const keys = await project();
    const listed = await list(keys);
    expect(listed.status, listed.text).toBe(200);
    const expected = [...SYSTEM, ...DEFAULTS].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(listed.json).toEqual({ items: expected, is_paginated: false });
  });

  it('creates definitions whose contained lists chain, and a member holds the whole chain', async () => {
    const keys = await project();
    const reader = await create(keys, {
      id: 'docs:read',
      description: 'Reads docs',
      contained_permission_ids: ['$read_members'],
    });
    expect(reader.status, reader.text).toBe(201);
    expect(reader.json).toEqual({
      id: 'docs:read',
      description: 'Reads docs',
      contained_permission_ids: ['$read_members'],
    });
    const writer = await create(keys, {
      id: 'docs_write',
      contained_permission_ids: ['docs:read', '$update_team', 'docs:read'],
    });
    expect(writer.status, writer.text).toBe(201);
    // No description: no key; the contained list sorted, each id once.
    expect(writer.json).toEqual({
      id: 'docs_write',
      contained_permission_ids: ['$update_team', 'docs:read'],
    });
    expect(await ids(keys)).toContain('docs_write');

    expectKnownError(
      await create(keys, { id: 'editor', contained_permission_ids: ['docs_write', 'ghost'] }),
      'CONTAINED_PERMISSION_NOT_FOUND',
      { permission_id: 'ghost' },
    );
    expectKnownError(
      await create(keys, { id: 'loop', contained_permission_ids: ['loop'] }),
      'CONTAINED_PERMISSION_NOT_FOUND',
      {
        permission_id: 'loop',
      },
    );
    expect(await ids(keys)).not.toContain('editor');

    const taken = await create(keys, { id: 'docs_write' });
    expect(taken.status, taken.text).toBe(409);
    expect(taken.text).toBe('Permission "docs_write" already exists.');

    const user = await signUp(url, keys);
    const teamId = await createTeam(url, keys, user.userId);
    const granted = await raw(url, `/team-permissions/${teamId}/${user.userId}/docs_write`, {
      keys,
      access: 'server',
      body: {},
    });
    expect(granted.status, granted.text).toBe(201);
    const revoked = await raw(url, `/team-permissions/${teamId}/${user.userId}/admin`, {
      method: 'DELETE',
      keys,
      access: 'server',
    });
    expect(revoked.status, revoked.text).toBe(200);
    expect(await heldPermissions(url, keys, teamId, user.userId, true)).toEqual([
      '$read_members',
      '$update_team',
      'docs:read',
      'docs_write',
    ]);
  });

  it('survives a cycle: A contains B contains A', async () => {
    const keys = await project();
    expect((await create(keys, { id: 'a', contained_permission_ids: ['$read_members'] })).status).toBe(201);
    expect((await create(keys, { id: 'b', contained_permission_ids: ['a', '$delete_team'] })).status).toBe(
      201,
    );
    const looped = await patch(keys, 'a', { contained_permission_ids: ['b', '$read_members'] });
    expect(looped.status, looped.text).toBe(200);
    expect(looped.json).toEqual({ id: 'a', contained_permission_ids: ['$read_members', 'b'] });
    const self = await patch(keys, 'b', { contained_permission_ids: ['a', 'b'] });
    expect(self.status, self.text).toBe(200);

    const user = await signUp(url, keys);
    const teamId = await createTeam(url, keys, user.userId);
    await raw(url, `/team-permissions/${teamId}/${user.userId}/admin`, {
      method: 'DELETE',
      keys,
      access: 'server',
    });
    const granted = await raw(url, `/team-permissions/${teamId}/${user.userId}/a`, {
      keys,
      access: 'server',
      body: {},
    });
    expect(granted.status, granted.text).toBe(201);
    expect(await heldPermissions(url, keys, teamId, user.userId, true)).toEqual(['$read_members', 'a', 'b']);
  });

  it('renames a definition in members’ grants, other definitions and the default lists', async () => {
    const keys = await project();
    expect((await create(keys, { id: 'outer', contained_permission_ids: ['admin'] })).status).toBe(201);
    const creator = await signUp(url, keys);
    const teamId = await createTeam(url, keys, creator.userId);

    const renamed = await patch(keys, 'admin', { id: 'owner', description: 'Owns the team' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json).toEqual({ ...DEFAULTS[0], id: 'owner', description: 'Owns the team' });
    expect(await ids(keys)).not.toContain('admin');
    const outer = (await list(keys)).json.items.find((d: { id: string }) => d.id === 'outer');
    expect(outer.contained_permission_ids).toEqual(['owner']);
    expect(await heldPermissions(url, keys, teamId, creator.userId, false)).toEqual(['owner']);
    expect((await defaults(keys)).creator).toEqual([{ id: 'owner' }]);

    // A new team's creator gets the renamed default.
    const next = await signUp(url, keys);
    const nextTeam = await createTeam(url, keys, next.userId);
    expect(await heldPermissions(url, keys, nextTeam, next.userId, false)).toEqual(['owner']);

    // The old id is gone; the new one cannot be taken twice; a rename onto an existing id is refused.
    expectKnownError(await patch(keys, 'admin', { description: 'x' }), 'PERMISSION_NOT_FOUND', {
      permission_id: 'admin',
    });
    const clash = await patch(keys, 'outer', { id: 'member' });
    expect(clash.status, clash.text).toBe(409);
    expect(clash.text).toBe('Permission "member" already exists.');
    expectKnownError(
      await patch(keys, 'outer', { contained_permission_ids: ['admin'] }),
      'CONTAINED_PERMISSION_NOT_FOUND',
      {
        permission_id: 'admin',
      },
    );
    // The project PATCH now knows the project's own ids, and no longer the old one.
    const config = (list: unknown) =>
      raw(url, '/projects/current', {
        method: 'PATCH',
        keys,
        access: 'admin',
        body: { config: { team_member_default_permissions: list } },
      });
    expect((await config([{ id: 'outer' }])).status).toBe(200);
    const stale = await config([{ id: 'admin' }]);
    expect(stale.status).toBe(400);
    expect(stale.text).toBe("Permission with id 'admin' does not exist.");
  });

  it('deletes a definition from members’ grants, other definitions and the default lists', async () => {
    const keys = await project();
    expect(
      (await create(keys, { id: 'wrapper', contained_permission_ids: ['member', '$delete_team'] })).status,
    ).toBe(201);
    const creator = await signUp(url, keys);
    const member = await signUp(url, keys);
    const teamId = await createTeam(url, keys, creator.userId);
    await addMember(url, keys, teamId, member.userId);
    expect(await heldPermissions(url, keys, teamId, member.userId, false)).toEqual(['member']);

    const deleted = await remove(keys, 'member');
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.json).toEqual({ success: true });
    expect(await heldPermissions(url, keys, teamId, member.userId, true)).toEqual([]);
    const wrapper = (await list(keys)).json.items.find((d: { id: string }) => d.id === 'wrapper');
    expect(wrapper.contained_permission_ids).toEqual(['$delete_team']);
    expect(await defaults(keys)).toEqual({ creator: [{ id: 'admin' }], member: [] });
    // A new member gets nothing now; the creator keeps admin.
    const late = await signUp(url, keys);
    await addMember(url, keys, teamId, late.userId);
    expect(await heldPermissions(url, keys, teamId, late.userId, true)).toEqual([]);
    expect(await heldPermissions(url, keys, teamId, creator.userId, false)).toEqual(['admin']);

    expectKnownError(await remove(keys, 'member'), 'PERMISSION_NOT_FOUND', { permission_id: 'member' });
    expectKnownError(
      await raw(url, `/team-permissions/${teamId}/${member.userId}/member`, {
        keys,
        access: 'server',
        body: {},
      }),
      'PERMISSION_NOT_FOUND',
      { permission_id: 'member' },
    );
  });

  it('a default list set while its definition is deleted never names a missing definition', async () => {
    const keys = await project();
    const setMemberDefaults = (ids: string[]) =>
      raw(url, '/projects/current', {
        method: 'PATCH',
        keys,
        access: 'admin',
        body: { config: { team_member_default_permissions: ids.map((id) => ({ id })) } },
      });
    for (let round = 0; round < 25; round++) {
      const id = `racing_${round}`;
      expect((await create(keys, { id })).status).toBe(201);
      const [patched, deleted] = await Promise.all([setMemberDefaults(['member', id]), remove(keys, id)]);
      expect(deleted.status, deleted.text).toBe(200);
      // Either the delete came first and the PATCH is refused, or the PATCH came first and the
      // delete took the id out of the list it had just written.
      if (patched.status !== 200) {
        expect(patched.status, patched.text).toBe(400);
        expect(patched.text).toBe(`Permission with id '${id}' does not exist.`);
      }
      expect(await defaults(keys)).toEqual({ creator: [{ id: 'admin' }], member: [{ id: 'member' }] });
      expect(await ids(keys)).not.toContain(id);
    }
  });

  it('a member joining while a default definition is deleted never holds the deleted id', async () => {
    const keys = await project();
    const creator = await signUp(url, keys);
    const teamId = await createTeam(url, keys, creator.userId);
    for (let round = 0; round < 25; round++) {
      const id = `joining_${round}`;
      expect((await create(keys, { id })).status).toBe(201);
      const patched = await raw(url, '/projects/current', {
        method: 'PATCH',
        keys,
        access: 'admin',
        body: { config: { team_member_default_permissions: [{ id: 'member' }, { id }] } },
      });
      expect(patched.status, patched.text).toBe(200);
      const user = await signUp(url, keys);
      const [joined, deleted] = await Promise.all([
        raw(url, `/team-memberships/${teamId}/${user.userId}`, { keys, access: 'server', body: {} }),
        remove(keys, id),
      ]);
      expect(joined.status, joined.text).toBe(201);
      expect(deleted.status, deleted.text).toBe(200);
      // Joined before the delete (which then took the grant away) or after it (no grant made).
      expect(await heldPermissions(url, keys, teamId, user.userId, false)).toEqual(['member']);
    }
  });

  it('leaves the system permissions alone', async () => {
    const keys = await project();
    for (const id of Object.keys(SYSTEM_PERMISSIONS)) {
      const changed = await patch(keys, id, { description: 'mine now' });
      expect(changed.status, changed.text).toBe(400);
      expect(changed.text).toBe(`System permission "${id}" cannot be changed.`);
      const deleted = await remove(keys, id);
      expect(deleted.status, deleted.text).toBe(400);
      expect(deleted.text).toBe(`System permission "${id}" cannot be deleted.`);
    }
    expectKnownError(await patch(keys, '$other', {}), 'PERMISSION_NOT_FOUND', { permission_id: '$other' });
    expectKnownError(await remove(keys, 'ghost'), 'PERMISSION_NOT_FOUND', { permission_id: 'ghost' });
    expect((await list(keys)).json.items).toEqual(
      [...SYSTEM, ...DEFAULTS].sort((a, b) => (a.id < b.id ? -1 : 1)),
    );
  });

  it('refuses ids outside the rule with a 400, never a 500', async () => {
    const keys = await project();
    const bad = [
      'Admin',
      'has space',
      '$x',
      '$update_team',
      '',
      'a'.repeat(70_000),
      'nul\u0000',
      'lone\ud800',
      'dash-y',
      'é',
    ];
    for (const id of bad) {
      const created = await create(keys, { id });
      expect(created.status, `${JSON.stringify(id.slice(0, 20))}: ${created.text.slice(0, 200)}`).toBe(400);
      expect(created.json.code).toBe('SCHEMA_ERROR');
      const renamed = await patch(keys, 'member', { id });
      expect(renamed.status).toBe(400);
      expect(renamed.json.code).toBe('SCHEMA_ERROR');
    }
    for (const body of [
      { id: 'ok', contained_permission_ids: ['nul\u0000'] },
      { id: 'ok', description: 'd'.repeat(70_000) },
      { id: 'ok', extra: 1 },
    ]) {
      const created = await create(keys, body);
      expect(created.status, created.text.slice(0, 200)).toBe(400);
    }
    expect(await ids(keys)).toEqual([...Object.keys(SYSTEM_PERMISSIONS), 'admin', 'member'].sort());
    const good = await create(keys, { id: 'a:b_c:9' });
    expect(good.status, good.text).toBe(201);
  });

  it('is for admin access only', async () => {
    const keys = await project();
    const user = await signUp(url, keys);
    const requests: [string, string, unknown][] = [
      ['GET', '/team-permission-definitions', undefined],
      ['POST', '/team-permission-definitions', { id: 'sneaky' }],
      ['PATCH', '/team-permission-definitions/member', { description: 'sneaky' }],
      ['DELETE', '/team-permission-definitions/member', undefined],
    ];
    for (const [method, path, body] of requests) {
      for (const access of ['client', 'server'] as const) {
        const denied = await raw(url, path, {
          method,
          keys,
          access,
          ...(access === 'client' ? { accessToken: user.accessToken } : {}),
          body,
        });
        expectKnownError(denied, 'INSUFFICIENT_ACCESS_TYPE', {
          actual_access_type: access,
          allowed_access_types: ['admin'],
        });
      }
    }
    expect((await list(keys)).json.items).toEqual(
      [...SYSTEM, ...DEFAULTS].sort((a, b) => (a.id < b.id ? -1 : 1)),
    );
  });
});
