/**
 * Team invitations (wire.md §4.10, §5.5, §6.8) on every database backend: sending with the emailed
 * link, the invitee's details / check-code / accept, listing only pending ones, revoking, the
 * permission checks, one use per code, the 7-day lifetime, and hostile input.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/src/db/database.js';
import type { ProjectKeys } from '../../server/src/index.js';
import { pendingTeamInvitations } from '../../server/src/services/teams/invitations.js';
import { codeFromLink, latestMessage, patchConfig } from '../support/outbox.js';
import { createOwnedProject, signUpOwner } from '../support/owner.js';
import {
  expectTooManyRequests,
  mailCount,
  PRODUCTION_ORIGIN,
  setProductionMode,
  trustProductionOrigin,
} from '../support/rate-limits.js';
import { expectKnownError, freshEmail, type RawRequest, raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

const CALLBACK = 'http://localhost:5173/handler/team-invitation';
const DAY = 24 * 60 * 60 * 1000;

type User = Awaited<ReturnType<typeof signUp>>;

describe.each(backends())('server team invitations on $name', (backend) => {
  /** A test of PostgreSQL's query planner (EXPLAIN): registered on PostgreSQL only, never skipped. */
  const itOnPostgres = (name: string, test: () => Promise<void>, timeout?: number) => {
    if (backend.name === 'postgres') it(name, test, timeout);
  };
  let running: RunningServer;
  let url: string;
  let mailbox: string;
  let dev: ProjectKeys;
  let clock = Date.now();

  beforeAll(async () => {
    running = await backend.create({ now: () => clock });
    url = running.url;
    mailbox = (await running.server.listenMailbox(0)).url;
    dev = running.server.seeded.dev;
  });
  afterAll(async () => {
    await running?.close();
  });

  const asClient = (user: User, keys = dev): RawRequest => ({ keys, accessToken: user.accessToken });
  const asServer = (keys = dev): RawRequest => ({ keys, access: 'server' });

  /** A team of `keys`'s project created by `creator` (who gets the creator's permissions). */
  async function createTeam(creator: User, name = 'Acme', keys = dev): Promise<string> {
    const created = await raw(url, '/teams', {
      ...asServer(keys),
      body: { display_name: name, creator_user_id: creator.userId },
    });
    expect(created.status, created.text).toBe(201);
    return created.json.id;
  }

  /** Adds `user` to `teamId` through server access (default member permissions). */
  async function addMember(teamId: string, user: User): Promise<void> {
    const added = await raw(url, `/team-memberships/${teamId}/${user.userId}`, { ...asServer(), body: {} });
    expect(added.status, added.text).toBe(201);
  }

  /** Sends an invitation as `who` and returns its id and the code of the emailed link. */
  async function invite(
    who: RawRequest,
    teamId: string,
    email = freshEmail(),
  ): Promise<{ id: string; code: string; email: string }> {
    const sent = await raw(url, '/team-invitations/send-code', {
      ...who,
      body: { team_id: teamId, email, callback_url: CALLBACK },
    });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json).toEqual({ success: true, id: expect.any(String) });
    const code = codeFromLink(await latestMessage(mailbox, email));
    return { id: sent.json.id, code, email };
  }

  const accept = (user: User | undefined, code: string) =>
    raw(url, '/team-invitations/accept', {
      ...(user ? asClient(user) : { keys: dev }),
      body: { code },
    });

  const pending = (who: RawRequest, teamId: string) => raw(url, `/team-invitations?team_id=${teamId}`, who);

  it('the whole flow: invite, the email and its link, details, check-code, accept as a member', async () => {
    const owner = await signUp(url, dev);
    const teamId = await createTeam(owner, 'Rocket Club');
    const invitee = await signUp(url, dev);
    const email = freshEmail();
    const sent = await raw(url, '/team-invitations/send-code', {
      ...asClient(owner),
      body: { team_id: teamId, email, callback_url: CALLBACK },
    });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json).toEqual({ success: true, id: expect.any(String) });

    const message = await latestMessage(mailbox, email);
    expect(message.subject).toBe('You have been invited to join Rocket Club');
    expect(message.body.text).toContain('Rocket Club');
    const code = codeFromLink(message);
    expect(message.body.text).toContain(`${CALLBACK}?code=${code}`);

    const list = await pending(asClient(owner), teamId);
    expect(list.status, list.text).toBe(200);
    expect(list.json).toEqual({
      items: [
        {
          id: sent.json.id,
          team_id: teamId,
          expires_at_millis: expect.any(Number),
          recipient_email: email,
        },
      ],
      is_paginated: false,
    });
    // Seven days, on the server's clock.
    expect(list.json.items[0].expires_at_millis).toBeGreaterThanOrEqual(clock + 7 * DAY - 1000);
    expect(list.json.items[0].expires_at_millis).toBeLessThanOrEqual(clock + 7 * DAY + 1000);

    const check = await raw(url, '/team-invitations/accept/check-code', { keys: dev, body: { code } });
    expect(check.status, check.text).toBe(200);
    expect(check.json).toEqual({ is_code_valid: true });
    // The code is case-insensitive, as every code is.
    const details = await raw(url, '/team-invitations/accept/details', {
      ...asClient(invitee),
      body: { code: code.toUpperCase() },
    });
    expect(details.status, details.text).toBe(200);
    expect(details.json).toEqual({ team_id: teamId, team_display_name: 'Rocket Club' });

    // Not the invited address: the wire does not compare it.
    const accepted = await accept(invitee, code);
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json).toEqual({});

    const teams = await raw(url, '/teams?user_id=me', asClient(invitee));
    expect(teams.status, teams.text).toBe(200);
    expect(teams.json.items.map((t: { id: string }) => t.id)).toEqual([teamId]);
    const permissions = await raw(
      url,
      `/team-permissions?team_id=${teamId}&user_id=me&recursive=false`,
      asClient(invitee),
    );
    expect(permissions.status, permissions.text).toBe(200);
    expect(permissions.json.items).toEqual([{ id: 'member', team_id: teamId, user_id: invitee.userId }]);
    // What `member` contains: inviting and listing, not removing.
    await invite(asClient(invitee), teamId);
    expect((await pending(asClient(invitee), teamId)).status).toBe(200);
    const removal = await raw(url, `/team-invitations/${sent.json.id}?team_id=${teamId}`, {
      ...asClient(invitee),
      method: 'DELETE',
    });
    expectKnownError(removal, 'TEAM_PERMISSION_REQUIRED', {
      team_id: teamId,
      user_id: invitee.userId,
      permission_id: '$remove_members',
    });

    // Used: gone from the list, and refused a second time.
    const after = await pending(asServer(), teamId);
    expect(after.json.items.map((i: { id: string }) => i.id)).not.toContain(sent.json.id);
    expectKnownError(await accept(invitee, code), 'VERIFICATION_CODE_ALREADY_USED');
    const again = await raw(url, '/team-invitations/accept/check-code', { keys: dev, body: { code } });
    expectKnownError(again, 'VERIFICATION_CODE_ALREADY_USED');
  });

  it('server access invites without a user; accepting as a member already changes nothing', async () => {
    const owner = await signUp(url, dev);
    const teamId = await createTeam(owner);
    const first = await invite(asServer(), teamId);
    const accepted = await accept(owner, first.code);
    expect(accepted.status, accepted.text).toBe(200);
    // The creator keeps its own permissions (no member grant added).
    const permissions = await raw(
      url,
      `/team-permissions?team_id=${teamId}&user_id=${owner.userId}&recursive=false`,
      asServer(),
    );
    expect(permissions.json.items.map((p: { id: string }) => p.id)).toEqual(['admin']);
    const members = await raw(url, `/teams?user_id=${owner.userId}`, asServer());
    expect(members.json.items).toHaveLength(1);
    // The code is spent all the same.
    expectKnownError(await accept(owner, first.code), 'VERIFICATION_CODE_ALREADY_USED');
  });

  it('lists only pending invitations; a revoked one cannot be accepted', async () => {
    const owner = await signUp(url, dev);
    const teamId = await createTeam(owner);
    const otherTeam = await createTeam(owner, 'Other');
    const used = await invite(asClient(owner), teamId);
    const revoked = await invite(asClient(owner), teamId);
    const kept = await invite(asClient(owner), teamId);
    await invite(asClient(owner), otherTeam);
    expect((await accept(await signUp(url, dev), used.code)).status).toBe(200);

    // The wrong team's id, then the right one.
    const wrongTeam = await raw(url, `/team-invitations/${revoked.id}?team_id=${otherTeam}`, {
      ...asClient(owner),
      method: 'DELETE',
    });
    expect(wrongTeam.status).toBe(404);
    const removed = await raw(url, `/team-invitations/${revoked.id}?team_id=${teamId}`, {
      ...asClient(owner),
      method: 'DELETE',
    });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.json).toEqual({ success: true });
    const twice = await raw(url, `/team-invitations/${revoked.id}?team_id=${teamId}`, {
      ...asServer(),
      method: 'DELETE',
      body: {},
    });
    expect(twice.status).toBe(404);
    expectKnownError(await accept(await signUp(url, dev), revoked.code), 'VERIFICATION_CODE_NOT_FOUND');

    const list = await pending(asClient(owner), teamId);
    expect(list.json.items).toEqual([
      { id: kept.id, team_id: teamId, expires_at_millis: expect.any(Number), recipient_email: kept.email },
    ]);
    const serverList = await pending(asServer(), teamId);
    expect(serverList.json).toEqual(list.json);

    const missing = await raw(url, '/team-invitations', asServer());
    expect(missing.status).toBe(400);
    expect(missing.json.code).toBe('SCHEMA_ERROR');
    const deleteMissing = await raw(url, `/team-invitations/${kept.id}`, { ...asServer(), method: 'DELETE' });
    expect(deleteMissing.status).toBe(400);
    expect(deleteMissing.json.code).toBe('SCHEMA_ERROR');
  });

  it('refuses untrusted callback URLs, members without the permission, non-members and signed-out clients', async () => {
    const owner = await signUp(url, dev);
    const teamId = await createTeam(owner);
    const untrusted = await raw(url, '/team-invitations/send-code', {
      ...asClient(owner),
      body: {
        team_id: teamId,
        email: freshEmail(),
        callback_url: 'https://evil.example/handler/team-invitation',
      },
    });
    expectKnownError(untrusted, 'REDIRECT_URL_NOT_WHITELISTED');
    const serverUntrusted = await raw(url, '/team-invitations/send-code', {
      ...asServer(),
      body: { team_id: teamId, email: freshEmail(), callback_url: 'https://evil.example/x' },
    });
    expectKnownError(serverUntrusted, 'REDIRECT_URL_NOT_WHITELISTED');

    // A member who joined while the project gave members no permissions.
    await patchConfig(url, dev, { team_member_default_permissions: [] });
    const bare = await signUp(url, dev);
    try {
      await addMember(teamId, bare);
    } finally {
      await patchConfig(url, dev, { team_member_default_permissions: [{ id: 'member' }] });
    }
    const refused = await raw(url, '/team-invitations/send-code', {
      ...asClient(bare),
      body: { team_id: teamId, email: freshEmail(), callback_url: CALLBACK },
    });
    expectKnownError(refused, 'TEAM_PERMISSION_REQUIRED', {
      team_id: teamId,
      user_id: bare.userId,
      permission_id: '$invite_members',
    });
    expectKnownError(await pending(asClient(bare), teamId), 'TEAM_PERMISSION_REQUIRED', {
      team_id: teamId,
      user_id: bare.userId,
      permission_id: '$read_members',
    });

    const stranger = await signUp(url, dev);
    const notMember = await raw(url, '/team-invitations/send-code', {
      ...asClient(stranger),
      body: { team_id: teamId, email: freshEmail(), callback_url: CALLBACK },
    });
    expectKnownError(notMember, 'TEAM_MEMBERSHIP_NOT_FOUND', { team_id: teamId, user_id: stranger.userId });
    expectKnownError(await pending(asClient(stranger), teamId), 'TEAM_MEMBERSHIP_NOT_FOUND', {
      team_id: teamId,
      user_id: stranger.userId,
    });
    const { id } = await invite(asClient(owner), teamId);
    const strangerDelete = await raw(url, `/team-invitations/${id}?team_id=${teamId}`, {
      ...asClient(stranger),
      method: 'DELETE',
    });
    expectKnownError(strangerDelete, 'TEAM_MEMBERSHIP_NOT_FOUND', {
      team_id: teamId,
      user_id: stranger.userId,
    });

    const signedOut = await raw(url, '/team-invitations/send-code', {
      keys: dev,
      body: { team_id: teamId, email: freshEmail(), callback_url: CALLBACK },
    });
    expectKnownError(signedOut, 'USER_AUTHENTICATION_REQUIRED');
    expectKnownError(await pending({ keys: dev }, teamId), 'USER_AUTHENTICATION_REQUIRED');

    const unknownTeam = crypto.randomUUID();
    const noTeam = await raw(url, '/team-invitations/send-code', {
      ...asServer(),
      body: { team_id: unknownTeam, email: freshEmail(), callback_url: CALLBACK },
    });
    expectKnownError(noTeam, 'TEAM_NOT_FOUND', { team_id: unknownTeam });
  });

  it('accepting or reading details signed out is refused and leaves the code usable', async () => {
    const owner = await signUp(url, dev);
    const teamId = await createTeam(owner);
    const { code } = await invite(asClient(owner), teamId);
    expectKnownError(await accept(undefined, code), 'USER_AUTHENTICATION_REQUIRED');
    const details = await raw(url, '/team-invitations/accept/details', { keys: dev, body: { code } });
    expectKnownError(details, 'USER_AUTHENTICATION_REQUIRED');
    const serverNoUser = await raw(url, '/team-invitations/accept', { ...asServer(), body: { code } });
    expectKnownError(serverNoUser, 'USER_AUTHENTICATION_REQUIRED');
    const later = await signUp(url, dev);
    expect((await accept(later, code)).status).toBe(200);
    expect((await raw(url, '/teams?user_id=me', asClient(later))).json.items).toHaveLength(1);
  });

  it("keeps projects apart: another project's team, invitation and code are not found", async () => {
    const internal = running.server.seeded.internal;
    const other = await createOwnedProject(url, internal, await signUpOwner(url, internal));
    const theirs = await signUp(url, other);
    const theirTeam = await createTeam(theirs, 'Theirs', other);
    const theirInvite = await invite(asServer(other), theirTeam);

    const owner = await signUp(url, dev);
    const ourTeam = await createTeam(owner);
    const send = await raw(url, '/team-invitations/send-code', {
      ...asServer(),
      body: { team_id: theirTeam, email: freshEmail(), callback_url: CALLBACK },
    });
    expectKnownError(send, 'TEAM_NOT_FOUND', { team_id: theirTeam });
    expectKnownError(await pending(asServer(), theirTeam), 'TEAM_NOT_FOUND', { team_id: theirTeam });
    const removal = await raw(url, `/team-invitations/${theirInvite.id}?team_id=${ourTeam}`, {
      ...asServer(),
      method: 'DELETE',
    });
    expect(removal.status).toBe(404);
    expectKnownError(await accept(owner, theirInvite.code), 'VERIFICATION_CODE_NOT_FOUND');
    const details = await raw(url, '/team-invitations/accept/details', {
      ...asClient(owner),
      body: { code: theirInvite.code },
    });
    expectKnownError(details, 'VERIFICATION_CODE_NOT_FOUND');
    // Still pending in its own project.
    expect((await pending(asServer(other), theirTeam)).json.items).toHaveLength(1);
  });

  it('two simultaneous accepts of one code: one joins, the other is refused', async () => {
    const owner = await signUp(url, dev);
    const teamId = await createTeam(owner);
    const { code } = await invite(asClient(owner), teamId);
    const [ada, bob] = [await signUp(url, dev), await signUp(url, dev)];
    const results = await Promise.all([accept(ada, code), accept(bob, code)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.status !== 200)!;
    expectKnownError(loser, 'VERIFICATION_CODE_ALREADY_USED');
    const members = await Promise.all(
      [ada, bob].map(async (u) => (await raw(url, '/teams?user_id=me', asClient(u))).json.items.length),
    );
    expect(members.sort()).toEqual([0, 1]);
  });

  it('hostile strings are a 400, never a 500', async () => {
    const owner = await signUp(url, dev);
    const teamId = await createTeam(owner);
    const hostile = ['a\u0000b', '\ud800', 'x'.repeat(70_000)];
    for (const bad of hostile) {
      const bodies = [
        { team_id: bad, email: freshEmail(), callback_url: CALLBACK },
        { team_id: teamId, email: `${bad}@example.com`, callback_url: CALLBACK },
        { team_id: teamId, email: freshEmail(), callback_url: `${CALLBACK}?q=${bad}` },
      ];
      for (const body of bodies) {
        const sent = await raw(url, '/team-invitations/send-code', { ...asClient(owner), body });
        expect(sent.status, sent.text).toBe(400);
      }
      for (const path of [
        '/team-invitations/accept',
        '/team-invitations/accept/check-code',
        '/team-invitations/accept/details',
      ]) {
        const used = await raw(url, path, { ...asClient(owner), body: { code: bad } });
        expect(used.status, used.text).toBe(400);
      }
    }
    // In URLs: a NUL, the UTF-8 bytes of a lone surrogate (no UTF-8 at all), 70k characters (past
    // Node's header limit, 431, before any route).
    for (const bad of ['a%00b', '%ED%A0%80', 'x'.repeat(70_000)]) {
      const listed = await raw(url, `/team-invitations?team_id=${bad}`, asServer());
      expect([400, 431], listed.text).toContain(listed.status);
      const removed = await raw(url, `/team-invitations/${bad}?team_id=${teamId}`, {
        ...asServer(),
        method: 'DELETE',
      });
      expect([400, 404, 431], removed.text).toContain(removed.status);
    }
    // A 45-character code with a NUL is the right length and still refused cleanly.
    const nul = await accept(owner, `${'a'.repeat(44)}\u0000`);
    expect(nul.status, nul.text).toBe(400);
  });

  it('deleting a team deletes its pending invitations in the same transaction', async () => {
    const owner = await signUp(url, dev);
    const teamId = await createTeam(owner);
    const used = await invite(asClient(owner), teamId);
    const { id, code } = await invite(asClient(owner), teamId);
    const joiner = await signUp(url, dev);
    expect((await accept(joiner, used.code)).status).toBe(200);
    expect((await pending(asServer(), teamId)).json.items.map((i: { id: string }) => i.id)).toEqual([id]);
    const deleted = await raw(url, `/teams/${teamId}`, { ...asServer(), method: 'DELETE' });
    expect(deleted.status, deleted.text).toBe(200);

    if (running.databaseUrl) {
      const client = new pg.Client({ connectionString: running.databaseUrl });
      await client.connect();
      try {
        const rows = await client.query('SELECT id FROM verification_codes WHERE id = $1', [id]);
        expect(rows.rowCount).toBe(0);
      } finally {
        await client.end();
      }
    }
    // Gone, not merely refused: no row answers to the code any more.
    const check = await raw(url, '/team-invitations/accept/check-code', { keys: dev, body: { code } });
    expectKnownError(check, 'VERIFICATION_CODE_NOT_FOUND');
    const invitee = await signUp(url, dev);
    const details = await raw(url, '/team-invitations/accept/details', {
      ...asClient(invitee),
      body: { code },
    });
    expectKnownError(details, 'VERIFICATION_CODE_NOT_FOUND');
    expectKnownError(await accept(invitee, code), 'VERIFICATION_CODE_NOT_FOUND');
    expect((await raw(url, '/teams?user_id=me', asClient(invitee))).json.items).toEqual([]);
    // The used one stays (for the retention sweep) and still says so.
    expectKnownError(await accept(invitee, used.code), 'VERIFICATION_CODE_ALREADY_USED');
  });

  it('an accept racing the team deletion never leaves a member of a deleted team, nor a 500', async () => {
    for (let round = 0; round < 15; round++) {
      const owner = await signUp(url, dev);
      const teamId = await createTeam(owner);
      const { code } = await invite(asServer(), teamId);
      const invitee = await signUp(url, dev);
      const [accepted, deleted] = await Promise.all([
        accept(invitee, code),
        raw(url, `/teams/${teamId}`, { ...asServer(), method: 'DELETE' }),
      ]);
      expect(deleted.status, deleted.text).toBe(200);
      // Joined just before the deletion, or found the invitation gone (or taken from under it).
      if (accepted.status !== 200) {
        expect(accepted.json.code, accepted.text).toMatch(
          /^(VERIFICATION_CODE_NOT_FOUND|VERIFICATION_CODE_ALREADY_USED|TEAM_NOT_FOUND)$/,
        );
      }
      expect((await raw(url, '/teams?user_id=me', asClient(invitee))).json.items).toEqual([]);
      expect((await raw(url, '/teams?user_id=me', asClient(owner))).json.items).toEqual([]);
    }
  });

  itOnPostgres("a team's list reads the invitation index, not the whole code table (EXPLAIN)", async () => {
    const owner = await signUp(url, dev);
    const teamId = await createTeam(owner);
    const mine = await invite(asServer(), teamId);
    // 20,000 other codes of the project: pending and used invitations of other teams, used ones
    // of this team, sign-in codes.
    const client = new pg.Client({ connectionString: running.databaseUrl });
    await client.connect();
    const database = await openDatabase({ kind: 'postgres', url: running.databaseUrl! }, () => {});
    try {
      await client.query(
        `INSERT INTO verification_codes (id, project_id, type, code_hash, nonce_hash, created_at, expires_at, used_at, method, data)
           SELECT gen_random_uuid(), $1,
                  CASE WHEN i % 4 = 0 THEN 'ONE_TIME_PASSWORD' ELSE 'TEAM_INVITATION' END,
                  gen_random_uuid()::text, gen_random_uuid()::text, now(), now() + interval '7 days',
                  CASE WHEN i % 4 IN (2, 3) THEN now() END,
                  jsonb_build_object('email', 'x' || i || '@example.com'),
                  jsonb_build_object('team_id', CASE WHEN i % 4 = 2 THEN $2 ELSE gen_random_uuid()::text END)
           FROM generate_series(1, 20000) AS i`,
        [dev.projectId, teamId],
      );
      await client.query('ANALYZE verification_codes');
      const query = pendingTeamInvitations(database.db, {
        projectId: dev.projectId,
        teamId,
        now: new Date(clock),
      }).toSQL();
      const plan = (await client.query(`EXPLAIN ${query.sql}`, query.params)).rows
        .map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN'])
        .join('\n');
      expect(plan).toContain('verification_codes_team_invitation_idx');
      expect(plan).not.toContain('Seq Scan');
      const listed = await pending(asServer(), teamId);
      expect(listed.json.items.map((i: { id: string }) => i.id)).toEqual([mine.id]);
    } finally {
      await database.close();
      await client.end();
    }
  });

  it('sending is rate-limited per recipient in production mode', async () => {
    const internal = running.server.seeded.internal;
    const prod = await createOwnedProject(url, internal, await signUpOwner(url, internal));
    await trustProductionOrigin(url, prod);
    await setProductionMode(url, prod, true);
    const owner = await signUp(url, prod);
    const teamId = await createTeam(owner, 'Busy', prod);
    const email = freshEmail();
    const send = () =>
      raw(url, '/team-invitations/send-code', {
        ...asServer(prod),
        body: { team_id: teamId, email, callback_url: `${PRODUCTION_ORIGIN}/handler/team-invitation` },
      });
    for (let i = 0; i < 5; i++) expect((await send()).status).toBe(200);
    expectTooManyRequests(await send());
    expect(await mailCount({ url, keys: prod }, email)).toBe(5);
  });

  // Last: it moves the server's clock a week on.
  it('an invitation expires after 7 days', async () => {
    const owner = await signUp(url, dev);
    const teamId = await createTeam(owner);
    const early = await invite(asClient(owner), teamId);
    const late = await invite(asClient(owner), teamId);
    clock += 7 * DAY - 60_000;
    const invitee = await signUp(url, dev);
    expect((await accept(invitee, early.code)).status).toBe(200);
    clock += 2 * 60_000;
    const check = await raw(url, '/team-invitations/accept/check-code', {
      keys: dev,
      body: { code: late.code },
    });
    expectKnownError(check, 'VERIFICATION_CODE_EXPIRED');
    const other = await signUp(url, dev);
    expectKnownError(await accept(other, late.code), 'VERIFICATION_CODE_EXPIRED');
    expect((await pending(asServer(), teamId)).json.items).toEqual([]);
  });
});
