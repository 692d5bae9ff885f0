/**
 * What the server-teams and admin-team-permission-definitions plugins' types promise:
 * `app.serverTeams` only on a server (or admin) app that has the plugin, `app.teamPermissionDefinitions`
 * only on an admin app, and each call's result narrowed to the codes that call can fail with.
 */
import { describe, expectTypeOf, it } from 'vitest';
import { createApp, type ServerUser } from '../../core/index.js';
import {
  adminTeamPermissionDefinitions,
  type PermissionDefinition,
  type PermissionDefinitionCreateErrorCode,
  type PermissionDefinitionDeleteErrorCode,
  type PermissionDefinitionUpdateErrorCode,
} from '../../plugins/admin-team-permission-definitions/index.js';
import {
  type AddMemberErrorCode,
  type GrantPermissionErrorCode,
  type InviteErrorCode,
  type MemberErrorCode,
  type RevokePermissionErrorCode,
  type ServerTeam,
  type ServerTeamErrorCode,
  type ServerTeamMemberProfile,
  serverTeams,
  type TeamPermission,
} from '../../plugins/server-teams/index.js';
import { serverUsers } from '../../plugins/server-users/index.js';

const base = { projectId: 'p', baseUrl: 'http://127.0.0.1:1', tokenStore: 'memory' as const };

describe('server-teams plugin types', () => {
  it('exists only on a server or admin app that has the plugin', () => {
    // @ts-expect-error: serverTeams needs server access; this app has a publishable key only.
    createApp({ ...base, publishableClientKey: 'pck', plugins: [serverTeams()] });
    // @ts-expect-error: nor an app with no key at all.
    createApp({ ...base, plugins: [serverTeams()] });
    const server = createApp({ ...base, secretServerKey: 'ssk', plugins: [serverTeams()] });
    expectTypeOf(server.serverTeams.create).toBeFunction();
    const admin = createApp({ ...base, superSecretAdminKey: 'sak', plugins: [serverTeams()] });
    expectTypeOf(admin.serverTeams.listUsers).toBeFunction();
    const without = createApp({ ...base, secretServerKey: 'ssk', plugins: [serverUsers()] });
    // @ts-expect-error: no serverTeams plugin, no app.serverTeams.
    without.serverTeams;
  });

  it('narrows each call to its own codes', async () => {
    const app = createApp({ ...base, secretServerKey: 'ssk', plugins: [serverTeams()] });
    const got = await app.serverTeams.get('t');
    if (got.status === 'error') {
      expectTypeOf(got.error.code).toEqualTypeOf<ServerTeamErrorCode>();
      expectTypeOf(got.error.code).toEqualTypeOf<'TEAM_NOT_FOUND' | 'SCHEMA_ERROR'>();
      // @ts-expect-error: server access reads any team, so membership is no case to handle.
      got.error.code === 'TEAM_MEMBERSHIP_NOT_FOUND';
    } else {
      expectTypeOf(got.data).toEqualTypeOf<ServerTeam>();
      expectTypeOf(got.data.serverMetadata).toEqualTypeOf<unknown>();
      expectTypeOf(got.data.createdAt).toEqualTypeOf<number>();
    }
    const created = await app.serverTeams.create({ displayName: 'x', creatorUserId: 'u' });
    if (created.status === 'error')
      expectTypeOf(created.error.code).toEqualTypeOf<'USER_NOT_FOUND' | 'SCHEMA_ERROR'>();
    const added = await app.serverTeams.addMember('t', 'u');
    if (added.status === 'error') {
      expectTypeOf(added.error.code).toEqualTypeOf<AddMemberErrorCode>();
      expectTypeOf<'TEAM_MEMBERSHIP_ALREADY_EXISTS'>().toExtend<typeof added.error.code>();
    }
    const removed = await app.serverTeams.removeMember('t', 'u');
    if (removed.status === 'error') {
      expectTypeOf(removed.error.code).toEqualTypeOf<MemberErrorCode>();
      // @ts-expect-error: removing someone who is already in the team is no case of removing.
      removed.error.code === 'TEAM_MEMBERSHIP_ALREADY_EXISTS';
    }
    const granted = await app.serverTeams.grantPermission('t', 'u', 'p');
    if (granted.status === 'error') {
      expectTypeOf(granted.error.code).toEqualTypeOf<GrantPermissionErrorCode>();
      expectTypeOf(granted.error.code).toEqualTypeOf<
        'TEAM_MEMBERSHIP_NOT_FOUND' | 'PERMISSION_NOT_FOUND' | 'SCHEMA_ERROR'
      >();
    } else {
      expectTypeOf(granted.data).toEqualTypeOf<TeamPermission>();
    }
    const revoked = await app.serverTeams.revokePermission('t', 'u', 'p');
    if (revoked.status === 'error') {
      expectTypeOf(revoked.error.code).toEqualTypeOf<RevokePermissionErrorCode>();
      // @ts-expect-error: revoking an unknown id answers that the member does not hold it.
      revoked.error.code === 'PERMISSION_NOT_FOUND';
    }
    const invited = await app.serverTeams.sendInvitation('t', 'a@example.com', { callbackUrl: 'https://x' });
    if (invited.status === 'error') expectTypeOf(invited.error.code).toEqualTypeOf<InviteErrorCode>();
    const users = await app.serverTeams.listUsers({ teamId: 't' });
    if (users.status === 'ok') expectTypeOf(users.data).toEqualTypeOf<ServerUser[]>();
    else expectTypeOf(users.error.code).toEqualTypeOf<'SCHEMA_ERROR'>();
    const profiles = await app.serverTeams.listMemberProfiles({ teamId: 't' });
    if (profiles.status === 'ok') {
      expectTypeOf(profiles.data).toEqualTypeOf<ServerTeamMemberProfile[]>();
      expectTypeOf(profiles.data[0]!.user).toEqualTypeOf<ServerUser>();
    }
  });
});

describe('admin-team-permission-definitions plugin types', () => {
  it('exists only on an admin app', () => {
    // @ts-expect-error: definitions need admin access; a server key is not enough.
    createApp({ ...base, secretServerKey: 'ssk', plugins: [adminTeamPermissionDefinitions()] });
    const admin = createApp({
      ...base,
      superSecretAdminKey: 'sak',
      plugins: [adminTeamPermissionDefinitions()],
    });
    expectTypeOf(admin.teamPermissionDefinitions.list).returns.toEqualTypeOf<
      Promise<PermissionDefinition[]>
    >();
    const owner = createApp({
      ...base,
      adminAccessToken: () => 'token',
      plugins: [adminTeamPermissionDefinitions()],
    });
    expectTypeOf(owner.teamPermissionDefinitions.delete).toBeFunction();
  });

  it('narrows each call to its own codes', async () => {
    const app = createApp({
      ...base,
      superSecretAdminKey: 'sak',
      plugins: [adminTeamPermissionDefinitions()],
    });
    const created = await app.teamPermissionDefinitions.create({ id: 'x', containedPermissionIds: ['y'] });
    if (created.status === 'error') {
      expectTypeOf(created.error.code).toEqualTypeOf<PermissionDefinitionCreateErrorCode>();
      expectTypeOf(created.error.code).toEqualTypeOf<'CONTAINED_PERMISSION_NOT_FOUND' | 'SCHEMA_ERROR'>();
      // @ts-expect-error: creating names no existing definition.
      created.error.code === 'PERMISSION_NOT_FOUND';
    } else {
      expectTypeOf(created.data.isSystem).toEqualTypeOf<boolean>();
    }
    const updated = await app.teamPermissionDefinitions.update('x', { id: 'renamed' });
    if (updated.status === 'error')
      expectTypeOf(updated.error.code).toEqualTypeOf<PermissionDefinitionUpdateErrorCode>();
    const deleted = await app.teamPermissionDefinitions.delete('x');
    if (deleted.status === 'error') {
      expectTypeOf(deleted.error.code).toEqualTypeOf<PermissionDefinitionDeleteErrorCode>();
      // @ts-expect-error: deleting checks no contained list.
      deleted.error.code === 'CONTAINED_PERMISSION_NOT_FOUND';
    }
    // @ts-expect-error: a definition needs its id.
    app.teamPermissionDefinitions.create({ description: 'no id' });
  });
});
