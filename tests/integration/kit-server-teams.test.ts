/**
 * The server-teams plugin against the real server, on every reachable database backend: a server
 * app (secret server key) creates, reads, changes and deletes teams, adds and removes members,
 * reads and changes their profiles, grants, lists and revokes permissions, sends, lists and
 * revokes invitations, and lists a team's users; each call's error results; and hostile ids, which
 * go through the path builder to the endpoint they name and come back as clear errors (a lone
 * surrogate is refused before any request), never a 500 and never a request to another path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../core/app.js';
import { HttpStatusError } from '../../core/errors/signet-error.js';
import type { Result } from '../../core/result.js';
import { serverTeams } from '../../plugins/server-teams/index.js';
import { serverUsers } from '../../plugins/server-users/index.js';
import { freshEmail } from '../support/raw-api.js';
import { backends } from '../support/server.js';

const CALLBACK = 'http://localhost:5173/handler/team-invitation';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const WEEK = 7 * 24 * 3600_000;

/** The data of an ok result; the test fails with the error otherwise. */
function ok<T>(result: Result<T, string>): T {
  if (result.status !== 'ok')
    throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.data;
}

/** The code of an error result. */
const codeOf = (result: Result<unknown, string>) => (result.status === 'error' ? result.error.code : 'ok');

describe.each(backends())('server-teams plugin on $name', (backend) => {
  let running: Awaited<ReturnType<typeof backend.create>>;
  beforeAll(async () => {
    running = await backend.create();
  });
  afterAll(async () => {
    await running?.close();
  });

  /** Every URL the server app requested, in order. */
  let requested: string[] = [];
  const serverApp = () => {
    const keys = running.server.seeded.dev;
    return createApp({
      projectId: keys.projectId,
      secretServerKey: keys.secretServerKey,
      baseUrl: running.url,
      tokenStore: 'memory',
      redirectMethod: 'none',
      fetch: (input, init) => {
        requested.push(String(input));
        return fetch(input, init);
      },
      plugins: [serverTeams(), serverUsers()],
    });
  };

  async function newUser(app: ReturnType<typeof serverApp>, displayName = 'Ada') {
    return ok(await app.serverUsers.create({ primaryEmail: freshEmail(), displayName }));
  }

  it('creates, reads, lists, changes and deletes teams, server metadata included', async () => {
    const app = serverApp();
    const creator = await newUser(app);
    const created = ok(
      await app.serverTeams.create({
        displayName: 'Rocket crew',
        clientMetadata: { color: 'red' },
        clientReadOnlyMetadata: { plan: 'pro' },
        serverMetadata: { stripeId: 'cus_1' },
        creatorUserId: creator.id,
      }),
    );
    expect(created).toEqual({
      id: expect.any(String),
      displayName: 'Rocket crew',
      profileImageUrl: null,
      clientMetadata: { color: 'red' },
      clientReadOnlyMetadata: { plan: 'pro' },
      serverMetadata: { stripeId: 'cus_1' },
      createdAt: expect.any(Number),
    });
    expect(Math.abs(created.createdAt - Date.now())).toBeLessThan(60_000);
    const lone = ok(await app.serverTeams.create({ displayName: 'Nobody’s team' }));

    expect(ok(await app.serverTeams.get(created.id))).toEqual(created);
    const all = ok(await app.serverTeams.list()).map((t) => t.id);
    expect(all).toEqual(expect.arrayContaining([created.id, lone.id]));
    expect(ok(await app.serverTeams.list({ userId: creator.id }))).toEqual([created]);
    // The creator holds the project's creator defaults ('admin': the five system permissions).
    const held = ok(await app.serverTeams.listPermissions({ teamId: created.id, userId: creator.id }));
    expect(held.map((p) => p.id)).toContain('$update_team');

    const changed = ok(
      await app.serverTeams.update(created.id, {
        displayName: 'Rocket crew 2',
        profileImageUrl: 'https://example.com/crew.png',
        serverMetadata: { stripeId: 'cus_2' },
        clientReadOnlyMetadata: null,
      }),
    );
    expect(changed).toMatchObject({
      displayName: 'Rocket crew 2',
      profileImageUrl: 'https://example.com/crew.png',
      clientMetadata: { color: 'red' },
      clientReadOnlyMetadata: null,
      serverMetadata: { stripeId: 'cus_2' },
      createdAt: created.createdAt,
    });
    // Nothing given, nothing changed.
    expect(ok(await app.serverTeams.update(created.id, {}))).toEqual(changed);

    expect(ok(await app.serverTeams.delete(created.id))).toBeUndefined();
    expect(codeOf(await app.serverTeams.get(created.id))).toBe('TEAM_NOT_FOUND');
    expect(ok(await app.serverTeams.list({ userId: creator.id }))).toEqual([]);
  });

  it('answers each team call’s errors', async () => {
    const app = serverApp();
    expect(codeOf(await app.serverTeams.get(UNKNOWN))).toBe('TEAM_NOT_FOUND');
    expect(codeOf(await app.serverTeams.get('not-a-uuid'))).toBe('TEAM_NOT_FOUND');
    expect(codeOf(await app.serverTeams.update(UNKNOWN, { displayName: 'x' }))).toBe('TEAM_NOT_FOUND');
    expect(codeOf(await app.serverTeams.delete(UNKNOWN))).toBe('TEAM_NOT_FOUND');
    expect(codeOf(await app.serverTeams.create({ displayName: 'x', creatorUserId: UNKNOWN }))).toBe(
      'USER_NOT_FOUND',
    );
    // An empty name is a name, as the reference takes it.
    expect(ok(await app.serverTeams.create({ displayName: '' })).displayName).toBe('');
    expect(codeOf(await app.serverTeams.create({ displayName: 'x', creatorUserId: 'someone' }))).toBe(
      'SCHEMA_ERROR',
    );
    const team = ok(await app.serverTeams.create({ displayName: 'Kept' }));
    expect(codeOf(await app.serverTeams.update(team.id, { displayName: 'x'.repeat(257) }))).toBe(
      'SCHEMA_ERROR',
    );
    expect(codeOf(await app.serverTeams.list({ userId: 'not-a-uuid' }))).toBe('SCHEMA_ERROR');
  });

  it('adds and removes members, and lists a team’s users as server users', async () => {
    const app = serverApp();
    const [ada, bob] = [await newUser(app, 'Ada'), await newUser(app, 'Bob')];
    const team = ok(await app.serverTeams.create({ displayName: 'Crew', creatorUserId: ada.id }));

    expect(ok(await app.serverTeams.addMember(team.id, bob.id))).toBeUndefined();
    expect(codeOf(await app.serverTeams.addMember(team.id, bob.id))).toBe('TEAM_MEMBERSHIP_ALREADY_EXISTS');
    expect(codeOf(await app.serverTeams.addMember(team.id, UNKNOWN))).toBe('USER_NOT_FOUND');
    expect(codeOf(await app.serverTeams.addMember(UNKNOWN, bob.id))).toBe('TEAM_NOT_FOUND');

    const users = ok(await app.serverTeams.listUsers({ teamId: team.id }));
    expect(users.map((u) => u.id).sort()).toEqual([ada.id, bob.id].sort());
    const listedBob = users.find((u) => u.id === bob.id)!;
    expect(listedBob).toEqual(await app.serverUsers.get(bob.id));
    expect(listedBob).toMatchObject({
      displayName: 'Bob',
      primaryEmail: bob.primaryEmail,
      serverMetadata: null,
    });
    expect(ok(await app.serverTeams.list({ userId: bob.id })).map((t) => t.id)).toEqual([team.id]);
    // A new member holds the project's member defaults.
    const bobHolds = ok(await app.serverTeams.listPermissions({ teamId: team.id, userId: bob.id }));
    expect(bobHolds.map((p) => p.id)).toEqual(['$invite_members', '$read_members', 'member']);

    expect(ok(await app.serverTeams.removeMember(team.id, bob.id))).toBeUndefined();
    expect(codeOf(await app.serverTeams.removeMember(team.id, bob.id))).toBe('TEAM_MEMBERSHIP_NOT_FOUND');
    expect(codeOf(await app.serverTeams.removeMember(UNKNOWN, bob.id))).toBe('TEAM_NOT_FOUND');
    expect(ok(await app.serverTeams.listUsers({ teamId: team.id })).map((u) => u.id)).toEqual([ada.id]);
    expect(ok(await app.serverTeams.listPermissions({ teamId: team.id, userId: bob.id }))).toEqual([]);
    expect(codeOf(await app.serverTeams.listUsers({ teamId: 'not-a-uuid' }))).toBe('SCHEMA_ERROR');
  });

  it('reads and changes member profiles, which fall back to the user’s own', async () => {
    const app = serverApp();
    const [ada, bob] = [await newUser(app, 'Ada'), await newUser(app, 'Bob')];
    const crew = ok(await app.serverTeams.create({ displayName: 'Crew', creatorUserId: ada.id }));
    const band = ok(await app.serverTeams.create({ displayName: 'Band', creatorUserId: ada.id }));
    ok(await app.serverTeams.addMember(crew.id, bob.id));

    const profiles = ok(await app.serverTeams.listMemberProfiles({ teamId: crew.id }));
    expect(profiles.map((p) => [p.userId, p.displayName])).toEqual([
      [ada.id, 'Ada'],
      [bob.id, 'Bob'],
    ]);
    expect(profiles[1]!.user).toMatchObject({
      id: bob.id,
      primaryEmail: bob.primaryEmail,
      lastActiveAt: expect.any(Number),
    });
    expect(
      ok(await app.serverTeams.listMemberProfiles({ userId: ada.id }))
        .map((p) => p.teamId)
        .sort(),
    ).toEqual([crew.id, band.id].sort());
    expect(ok(await app.serverTeams.listMemberProfiles({ teamId: band.id, userId: bob.id }))).toEqual([]);

    const changed = ok(
      await app.serverTeams.updateMemberProfile(crew.id, bob.id, {
        displayName: 'Drummer',
        profileImageUrl: 'https://example.com/bob.png',
      }),
    );
    expect(changed).toMatchObject({ teamId: crew.id, userId: bob.id, displayName: 'Drummer' });
    expect(changed.profileImageUrl).toBe('https://example.com/bob.png');
    expect(ok(await app.serverTeams.getMemberProfile(crew.id, bob.id))).toEqual(changed);
    // The profile is per team; null falls back to the user's own name.
    expect(
      ok(await app.serverTeams.updateMemberProfile(crew.id, bob.id, { displayName: null })).displayName,
    ).toBe('Bob');

    expect(codeOf(await app.serverTeams.getMemberProfile(band.id, bob.id))).toBe('TEAM_MEMBERSHIP_NOT_FOUND');
    expect(codeOf(await app.serverTeams.getMemberProfile(UNKNOWN, bob.id))).toBe('TEAM_NOT_FOUND');
    expect(codeOf(await app.serverTeams.updateMemberProfile(band.id, bob.id, { displayName: 'x' }))).toBe(
      'TEAM_MEMBERSHIP_NOT_FOUND',
    );
    expect(
      codeOf(await app.serverTeams.updateMemberProfile(crew.id, bob.id, { displayName: 'x'.repeat(257) })),
    ).toBe('SCHEMA_ERROR');
    expect(codeOf(await app.serverTeams.listMemberProfiles({ teamId: 'not-a-uuid' }))).toBe('SCHEMA_ERROR');
  });

  it('grants, lists (direct and recursive, filtered) and revokes permissions', async () => {
    const app = serverApp();
    const [ada, bob] = [await newUser(app, 'Ada'), await newUser(app, 'Bob')];
    const team = ok(await app.serverTeams.create({ displayName: 'Crew', creatorUserId: ada.id }));
    ok(await app.serverTeams.addMember(team.id, bob.id));

    const granted = ok(await app.serverTeams.grantPermission(team.id, bob.id, '$update_team'));
    expect(granted).toEqual({ id: '$update_team', teamId: team.id, userId: bob.id });
    // Granting again changes nothing and answers the same.
    expect(ok(await app.serverTeams.grantPermission(team.id, bob.id, '$update_team'))).toEqual(granted);

    const direct = ok(
      await app.serverTeams.listPermissions({ teamId: team.id, userId: bob.id, recursive: false }),
    );
    expect(direct.map((p) => p.id)).toEqual(['$update_team', 'member']);
    // Ada holds 'admin' directly, which contains the five system permissions.
    const adaDirect = ok(
      await app.serverTeams.listPermissions({ teamId: team.id, userId: ada.id, recursive: false }),
    );
    expect(adaDirect.map((p) => p.id)).toEqual(['admin']);
    const adaAll = ok(await app.serverTeams.listPermissions({ teamId: team.id, userId: ada.id }));
    expect(adaAll.map((p) => p.id)).toEqual([
      '$delete_team',
      '$invite_members',
      '$read_members',
      '$remove_members',
      '$update_team',
      'admin',
    ]);
    // The permission filter applies after expansion; the team filter alone lists every member.
    const updaters = ok(
      await app.serverTeams.listPermissions({ teamId: team.id, permissionId: '$update_team' }),
    );
    expect(updaters.map((p) => p.userId).sort()).toEqual([ada.id, bob.id].sort());
    const directUpdaters = ok(
      await app.serverTeams.listPermissions({
        teamId: team.id,
        permissionId: '$update_team',
        recursive: false,
      }),
    );
    expect(directUpdaters.map((p) => p.userId)).toEqual([bob.id]);

    expect(ok(await app.serverTeams.revokePermission(team.id, bob.id, '$update_team'))).toBeUndefined();
    expect(codeOf(await app.serverTeams.revokePermission(team.id, bob.id, '$update_team'))).toBe(
      'TEAM_PERMISSION_NOT_FOUND',
    );
    // Held only through 'admin': not revocable alone.
    expect(codeOf(await app.serverTeams.revokePermission(team.id, ada.id, '$delete_team'))).toBe(
      'TEAM_PERMISSION_NOT_FOUND',
    );
    expect(codeOf(await app.serverTeams.grantPermission(team.id, bob.id, 'no_such_permission'))).toBe(
      'PERMISSION_NOT_FOUND',
    );
    const stranger = await newUser(app, 'Stranger');
    expect(codeOf(await app.serverTeams.grantPermission(team.id, stranger.id, '$read_members'))).toBe(
      'TEAM_MEMBERSHIP_NOT_FOUND',
    );
    expect(codeOf(await app.serverTeams.revokePermission(UNKNOWN, bob.id, '$read_members'))).toBe(
      'TEAM_MEMBERSHIP_NOT_FOUND',
    );
    expect(codeOf(await app.serverTeams.listPermissions({ teamId: 'not-a-uuid' }))).toBe('SCHEMA_ERROR');
  });

  it('sends, lists and revokes invitations', async () => {
    const app = serverApp();
    const team = ok(await app.serverTeams.create({ displayName: 'Crew' }));
    const email = freshEmail();
    const sent = ok(await app.serverTeams.sendInvitation(team.id, email, { callbackUrl: CALLBACK }));
    const listed = ok(await app.serverTeams.listInvitations(team.id));
    expect(listed).toEqual([
      { id: sent.id, teamId: team.id, recipientEmail: email, expiresAt: expect.any(Number) },
    ]);
    expect(Math.abs(listed[0]!.expiresAt - (Date.now() + WEEK))).toBeLessThan(60_000);

    expect(ok(await app.serverTeams.revokeInvitation(team.id, sent.id))).toBeUndefined();
    expect(ok(await app.serverTeams.listInvitations(team.id))).toEqual([]);
    // Gone (or never this team's): the server's 404 in words.
    const again = app.serverTeams.revokeInvitation(team.id, sent.id);
    await expect(again).rejects.toBeInstanceOf(HttpStatusError);
    await expect(again).rejects.toMatchObject({
      status: 404,
      body: expect.stringContaining('Team invitation not found.'),
    });

    const untrusted = await app.serverTeams.sendInvitation(team.id, email, {
      callbackUrl: 'https://evil.example.com/handler/team-invitation',
    });
    expect(codeOf(untrusted)).toBe('REDIRECT_URL_NOT_WHITELISTED');
    expect(codeOf(await app.serverTeams.sendInvitation(UNKNOWN, email, { callbackUrl: CALLBACK }))).toBe(
      'TEAM_NOT_FOUND',
    );
    expect(
      codeOf(await app.serverTeams.sendInvitation(team.id, 'not an email', { callbackUrl: CALLBACK })),
    ).toBe('SCHEMA_ERROR');
    expect(codeOf(await app.serverTeams.listInvitations(UNKNOWN))).toBe('TEAM_NOT_FOUND');
    expect(codeOf(await app.serverTeams.listInvitations('not-a-uuid'))).toBe('SCHEMA_ERROR');
    expect(codeOf(await app.serverTeams.revokeInvitation('not-a-uuid', sent.id))).toBe('SCHEMA_ERROR');
  });

  it('sends hostile ids to the endpoint they name and answers a clear error, never a 500', async () => {
    const app = serverApp();
    const [ada, bob] = [await newUser(app, 'Ada'), await newUser(app, 'Bob')];
    const team = ok(await app.serverTeams.create({ displayName: 'Target', creatorUserId: ada.id }));
    ok(await app.serverTeams.addMember(team.id, bob.id));
    const before = {
      teams: ok(await app.serverTeams.list()),
      held: ok(await app.serverTeams.listPermissions({ recursive: false })),
      users: ok(await app.serverTeams.listUsers({ teamId: team.id })),
    };

    /** Each call with `id` in one place, and the API path (below /api/v1) it must reach. */
    const calls = (id: string): [string, () => Promise<Result<unknown, string>>][] => [
      ['/teams/*', () => app.serverTeams.get(id)],
      ['/teams/*', () => app.serverTeams.update(id, { displayName: 'Hijacked' })],
      ['/teams/*', () => app.serverTeams.delete(id)],
      ['/team-memberships/*/*', () => app.serverTeams.addMember(id, bob.id)],
      ['/team-memberships/*/*', () => app.serverTeams.removeMember(team.id, id)],
      ['/team-member-profiles/*/*', () => app.serverTeams.getMemberProfile(id, bob.id)],
      [
        '/team-member-profiles/*/*',
        () => app.serverTeams.updateMemberProfile(team.id, id, { displayName: 'x' }),
      ],
      ['/team-permissions/*/*/*', () => app.serverTeams.grantPermission(team.id, bob.id, id)],
      ['/team-permissions/*/*/*', () => app.serverTeams.revokePermission(team.id, id, '$read_members')],
      ['/team-invitations/*', () => app.serverTeams.revokeInvitation(team.id, id)],
      ['/team-invitations', () => app.serverTeams.listInvitations(id)],
      ['/teams', () => app.serverTeams.list({ userId: id })],
      ['/users', () => app.serverTeams.listUsers({ teamId: id })],
      ['/team-member-profiles', () => app.serverTeams.listMemberProfiles({ teamId: id })],
      ['/team-permissions', () => app.serverTeams.listPermissions({ permissionId: id, userId: id })],
    ];
    const shape = (path: string) =>
      path.replace(/\/[^/]+/g, (segment, offset) => (offset === 0 ? segment : '/*'));

    for (const id of [
      'a\u0000b',
      '\u0000',
      'x'.repeat(70_000),
      '../',
      '../../users',
      '..%2F..',
      '%2e%2e',
      'a/b?c#d',
    ]) {
      for (const [path, call] of calls(id)) {
        requested = [];
        let outcome: string;
        try {
          const result = await call();
          outcome = result.status === 'ok' ? 'ok' : result.error.code;
        } catch (error) {
          // Only the server's answers in words, or Node's refusal of a 70,000-character URL.
          expect(error, `${path} with ${JSON.stringify(id.slice(0, 20))}`).toBeInstanceOf(HttpStatusError);
          const { status } = error as HttpStatusError;
          expect([404, 431], `${path}: ${status}`).toContain(status);
          outcome = String(status);
        }
        const what = `${path} with ${JSON.stringify(id.slice(0, 20))}: ${outcome}`;
        expect(outcome, what).not.toBe('ok');
        // One request, to the endpoint the call names: the id stayed one segment (or query value).
        expect(requested, what).toHaveLength(1);
        expect(shape(new URL(requested[0]!).pathname.replace(/^\/api\/v1/, '')), what).toBe(path);
      }
    }

    // A lone surrogate has no UTF-8 to send, and an empty, "." or ".." segment would be dropped or
    // resolved to another endpoint: refused in the kit, before any request. In a query they are
    // values like any other, which the server refuses.
    for (const id of ['\ud800', '', '.', '..']) {
      for (const [path, call] of calls(id)) {
        requested = [];
        const what = `${path} with ${JSON.stringify(id)}`;
        if (id === '\ud800' || path.includes('*')) {
          await expect(call(), what).rejects.toThrow(TypeError);
          expect(requested, what).toEqual([]);
        } else {
          expect(codeOf(await call()), what).toBe('SCHEMA_ERROR');
          expect(requested, what).toHaveLength(1);
        }
      }
    }

    // Nothing was changed by any of it.
    expect(ok(await app.serverTeams.list())).toEqual(before.teams);
    expect(ok(await app.serverTeams.listPermissions({ recursive: false }))).toEqual(before.held);
    expect(ok(await app.serverTeams.listUsers({ teamId: team.id }))).toEqual(before.users);
  });

  it('cannot be given to a client app', () => {
    const keys = running.server.seeded.dev;
    expect(() =>
      // @ts-expect-error: a client app cannot take a plugin that needs server access.
      createApp({
        projectId: keys.projectId,
        publishableClientKey: keys.publishableClientKey,
        baseUrl: running.url,
        plugins: [serverTeams()],
      }),
    ).toThrow(/"serverTeams" plugin needs server access/);
  });
});
