/**
 * The admin-team-permission-definitions plugin against the real server, on every reachable
 * database backend: an admin app (super secret admin key) lists the definitions with the system
 * ones flagged, defines, changes, renames and deletes one; a rename is carried into a member's
 * grant and another definition's contained list, a delete removes both; each call's error results
 * and the server's answers in words; hostile ids go through the path builder and come back as
 * clear errors, never a 500 and never a request to another path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../core/app.js';
import { HttpStatusError } from '../../core/errors/signet-error.js';
import type { Result } from '../../core/result.js';
import { adminTeamPermissionDefinitions } from '../../plugins/admin-team-permission-definitions/index.js';
import { serverTeams } from '../../plugins/server-teams/index.js';
import { serverUsers } from '../../plugins/server-users/index.js';
import { freshEmail } from '../support/raw-api.js';
import { backends } from '../support/server.js';

/** The data of an ok result; the test fails with the error otherwise. */
function ok<T>(result: Result<T, string>): T {
  if (result.status !== 'ok')
    throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.data;
}

/** The code of an error result. */
const codeOf = (result: Result<unknown, string>) => (result.status === 'error' ? result.error.code : 'ok');

describe.each(backends())('admin-team-permission-definitions plugin on $name', (backend) => {
  let running: Awaited<ReturnType<typeof backend.create>>;
  beforeAll(async () => {
    running = await backend.create();
  });
  afterAll(async () => {
    await running?.close();
  });

  /** Every URL the admin app requested, in order. */
  let requested: string[] = [];
  const adminApp = () => {
    const keys = running.server.seeded.dev;
    return createApp({
      projectId: keys.projectId,
      superSecretAdminKey: keys.superSecretAdminKey,
      baseUrl: running.url,
      tokenStore: 'memory',
      redirectMethod: 'none',
      fetch: (input, init) => {
        requested.push(String(input));
        return fetch(input, init);
      },
      plugins: [adminTeamPermissionDefinitions(), serverTeams(), serverUsers()],
    });
  };
  type App = ReturnType<typeof adminApp>;

  /** A team with a member who is not its creator. */
  async function teamWithMember(app: App) {
    const user = ok(await app.serverUsers.create({ primaryEmail: freshEmail(), displayName: 'Bob' }));
    const team = ok(await app.serverTeams.create({ displayName: 'Crew' }));
    ok(await app.serverTeams.addMember(team.id, user.id));
    return { teamId: team.id, userId: user.id };
  }
  const directGrants = async (app: App, member: { teamId: string; userId: string }) =>
    ok(await app.serverTeams.listPermissions({ ...member, recursive: false })).map((p) => p.id);

  it('lists the system permissions, flagged, and the project’s defaults', async () => {
    const definitions = await adminApp().teamPermissionDefinitions.list();
    expect(definitions.filter((d) => d.isSystem)).toEqual([
      { id: '$delete_team', description: 'Delete the team', containedPermissionIds: [], isSystem: true },
      {
        id: '$invite_members',
        description: 'Invite other users to the team',
        containedPermissionIds: [],
        isSystem: true,
      },
      {
        id: '$read_members',
        description: 'Read and list the other members of the team',
        containedPermissionIds: [],
        isSystem: true,
      },
      {
        id: '$remove_members',
        description: 'Remove other members from the team',
        containedPermissionIds: [],
        isSystem: true,
      },
      {
        id: '$update_team',
        description: 'Update the team information',
        containedPermissionIds: [],
        isSystem: true,
      },
    ]);
    const member = definitions.find((d) => d.id === 'member');
    expect(member).toMatchObject({
      containedPermissionIds: ['$invite_members', '$read_members'],
      isSystem: false,
    });
    expect(definitions.map((d) => d.id)).toEqual([...definitions.map((d) => d.id)].sort());
  });

  it('defines, changes and deletes a permission, with each call’s errors', async () => {
    const app = adminApp();
    const defs = app.teamPermissionDefinitions;
    const created = ok(
      await defs.create({
        id: 'billing:read',
        description: 'Read invoices',
        containedPermissionIds: ['$read_members', '$read_members'],
      }),
    );
    expect(created).toEqual({
      id: 'billing:read',
      description: 'Read invoices',
      containedPermissionIds: ['$read_members'],
      isSystem: false,
    });
    const bare = ok(await defs.create({ id: 'bare_permission' }));
    expect(bare).toEqual({
      id: 'bare_permission',
      description: null,
      containedPermissionIds: [],
      isSystem: false,
    });
    expect((await defs.list()).map((d) => d.id)).toEqual(
      expect.arrayContaining(['billing:read', 'bare_permission']),
    );

    expect(codeOf(await defs.create({ id: 'broken', containedPermissionIds: ['missing'] }))).toBe(
      'CONTAINED_PERMISSION_NOT_FOUND',
    );
    for (const id of ['Upper', 'with space', '$mine', '', 'x'.repeat(257)])
      expect(codeOf(await defs.create({ id })), id).toBe('SCHEMA_ERROR');
    // An id the project has: the server's 409 in words.
    const taken = defs.create({ id: 'billing:read' });
    await expect(taken).rejects.toBeInstanceOf(HttpStatusError);
    await expect(taken).rejects.toMatchObject({
      status: 409,
      body: expect.stringContaining('already exists'),
    });

    const changed = ok(
      await defs.update('billing:read', {
        description: 'Read and pay invoices',
        containedPermissionIds: ['bare_permission', '$update_team'],
      }),
    );
    expect(changed).toEqual({
      id: 'billing:read',
      description: 'Read and pay invoices',
      containedPermissionIds: ['$update_team', 'bare_permission'],
      isSystem: false,
    });
    expect(ok(await defs.update('billing:read', {}))).toEqual(changed);
    expect(codeOf(await defs.update('no_such', { description: 'x' }))).toBe('PERMISSION_NOT_FOUND');
    expect(codeOf(await defs.update('billing:read', { containedPermissionIds: ['missing'] }))).toBe(
      'CONTAINED_PERMISSION_NOT_FOUND',
    );
    expect(codeOf(await defs.update('billing:read', { id: 'Not Valid' }))).toBe('SCHEMA_ERROR');
    await expect(defs.update('billing:read', { id: 'bare_permission' })).rejects.toMatchObject({
      status: 409,
    });
    // System permissions cannot be changed or deleted: the server's 400 in words.
    await expect(defs.update('$update_team', { description: 'mine now' })).rejects.toMatchObject({
      status: 400,
      body: expect.stringContaining('cannot be changed'),
    });
    await expect(defs.delete('$update_team')).rejects.toMatchObject({ status: 400 });
    expect(codeOf(await defs.delete('$not_a_system_one'))).toBe('PERMISSION_NOT_FOUND');

    expect(ok(await defs.delete('bare_permission'))).toBeUndefined();
    expect(codeOf(await defs.delete('bare_permission'))).toBe('PERMISSION_NOT_FOUND');
    // Deleting it removed it from the definition that contained it.
    expect((await defs.list()).find((d) => d.id === 'billing:read')?.containedPermissionIds).toEqual([
      '$update_team',
    ]);
  });

  it('carries a rename into a member’s grant and other definitions, and a delete removes them', async () => {
    const app = adminApp();
    const defs = app.teamPermissionDefinitions;
    ok(await defs.create({ id: 'docs_read', containedPermissionIds: ['$read_members'] }));
    ok(await defs.create({ id: 'docs_editor', containedPermissionIds: ['docs_read'] }));
    const member = await teamWithMember(app);
    ok(await app.serverTeams.grantPermission(member.teamId, member.userId, 'docs_read'));
    expect(await directGrants(app, member)).toEqual(['docs_read', 'member']);

    const renamed = ok(await defs.update('docs_read', { id: 'docs:read', description: 'Read the docs' }));
    expect(renamed).toEqual({
      id: 'docs:read',
      description: 'Read the docs',
      containedPermissionIds: ['$read_members'],
      isSystem: false,
    });
    expect(await directGrants(app, member)).toEqual(['docs:read', 'member']);
    const recursive = ok(await app.serverTeams.listPermissions({ ...member, permissionId: 'docs:read' }));
    expect(recursive.map((p) => p.id)).toEqual(['docs:read']);
    const all = await defs.list();
    expect(all.find((d) => d.id === 'docs_editor')?.containedPermissionIds).toEqual(['docs:read']);
    expect(all.some((d) => d.id === 'docs_read')).toBe(false);
    expect(codeOf(await defs.update('docs_read', { description: 'x' }))).toBe('PERMISSION_NOT_FOUND');
    // The old id can no longer be granted; the new one can be revoked.
    expect(codeOf(await app.serverTeams.grantPermission(member.teamId, member.userId, 'docs_read'))).toBe(
      'PERMISSION_NOT_FOUND',
    );

    ok(await defs.delete('docs:read'));
    expect(await directGrants(app, member)).toEqual(['member']);
    expect((await defs.list()).find((d) => d.id === 'docs_editor')?.containedPermissionIds).toEqual([]);
  });

  it('sends hostile ids to the endpoint they name and answers a clear error, never a 500', async () => {
    const app = adminApp();
    const defs = app.teamPermissionDefinitions;
    ok(await defs.create({ id: 'kept', containedPermissionIds: ['$read_members'] }));
    const before = await defs.list();
    const calls = (id: string): (() => Promise<Result<unknown, string>>)[] => [
      () => defs.update(id, { description: 'hijacked' }),
      () => defs.update(id, { id: 'hijacked' }),
      () => defs.delete(id),
    ];

    for (const id of ['a\u0000b', '\u0000', 'x'.repeat(70_000), '../', '../../teams', 'a/b?c#d', '%2e%2e']) {
      for (const call of calls(id)) {
        requested = [];
        const what = JSON.stringify(id.slice(0, 20));
        let outcome: string;
        try {
          outcome = codeOf(await call());
        } catch (error) {
          // Only Node's refusal of a 70,000-character URL.
          expect(error, what).toBeInstanceOf(HttpStatusError);
          outcome = String((error as HttpStatusError).status);
        }
        expect(['SCHEMA_ERROR', 'PERMISSION_NOT_FOUND', '431'], `${what}: ${outcome}`).toContain(outcome);
        expect(requested, what).toHaveLength(1);
        const segments = new URL(requested[0]!).pathname.split('/');
        expect(segments.slice(0, 4), what).toEqual(['', 'api', 'v1', 'team-permission-definitions']);
        expect(segments, what).toHaveLength(5);
      }
      // In a body, the same ids are schema errors.
      expect(codeOf(await defs.create({ id })), JSON.stringify(id.slice(0, 20))).toBe('SCHEMA_ERROR');
    }
    // No URL carries these to the definition they name: refused before any request.
    for (const id of ['\ud800', '', '.', '..']) {
      for (const call of calls(id)) {
        requested = [];
        await expect(call(), JSON.stringify(id)).rejects.toThrow(TypeError);
        expect(requested).toEqual([]);
      }
    }
    expect(await defs.list()).toEqual(before);
  });

  it('cannot be given to a server app', () => {
    const keys = running.server.seeded.dev;
    expect(() =>
      // @ts-expect-error: a server app cannot take a plugin that needs admin access.
      createApp({
        projectId: keys.projectId,
        secretServerKey: keys.secretServerKey,
        baseUrl: running.url,
        plugins: [adminTeamPermissionDefinitions()],
      }),
    ).toThrow(/"teamPermissionDefinitions" plugin needs admin access/);
  });
});
