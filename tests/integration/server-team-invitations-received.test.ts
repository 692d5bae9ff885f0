/**
 * Received team invitations, signet's addition (docs/server/teams.md, "Invitations received"): `GET
 * /team-invitations?user_id=`, `POST /team-invitations/{id}/accept` and `/decline`, on every
 * database backend. Mostly from the attacker's side: only a verified email of the user makes an
 * invitation the user's, anyone else gets a 404 that says nothing about whose it is, and an
 * invitation is used once whichever way (by id, by the emailed code, accept or decline).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/src/db/database.js';
import type { ProjectKeys } from '../../server/src/index.js';
import { receivedTeamInvitationsQuery } from '../../server/src/services/teams/invitations.js';
import { codeFromLink, latestMessage, patchConfig } from '../support/outbox.js';
import { createOwnedProject, signUpOwner } from '../support/owner.js';
import {
  expectKnownError,
  freshEmail,
  type RawRequest,
  type RawResponse,
  raw,
  signUp,
} from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';
import { addEmail, heldPermissions } from '../support/team-setup.js';

const CALLBACK = 'http://localhost:5173/handler/team-invitation';
const DAY = 24 * 60 * 60 * 1000;
const NOT_FOUND = 'Team invitation not found.';

type User = Awaited<ReturnType<typeof signUp>>;

describe.each(backends())('received team invitations on $name', (backend) => {
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

  /** A user with a verified address other than its (unverified) sign-up one. */
  async function recipient(keys = dev): Promise<User & { verified: string }> {
    const user = await signUp(url, keys);
    return { ...user, verified: await addEmail(url, keys, user.userId) };
  }

  async function createTeam(name = 'Acme', keys = dev): Promise<string> {
    const owner = await signUp(url, keys);
    const created = await raw(url, '/teams', {
      ...asServer(keys),
      body: { display_name: name, creator_user_id: owner.userId },
    });
    expect(created.status, created.text).toBe(201);
    return created.json.id;
  }

  /** Invites `email` to `teamId` (server access) and returns the invitation's id and emailed code. */
  async function invite(teamId: string, email: string, keys = dev): Promise<{ id: string; code: string }> {
    const sent = await raw(url, '/team-invitations/send-code', {
      ...asServer(keys),
      body: { team_id: teamId, email, callback_url: CALLBACK },
    });
    expect(sent.status, sent.text).toBe(200);
    return { id: sent.json.id, code: codeFromLink(await latestMessage(mailbox, email)) };
  }

  const received = (who: RawRequest, userId = 'me') => raw(url, `/team-invitations?user_id=${userId}`, who);
  const receivedIds = async (user: User) => {
    const list = await received(asClient(user));
    expect(list.status, list.text).toBe(200);
    return list.json.items.map((i: { id: string }) => i.id);
  };
  const acceptById = (who: RawRequest, id: string, body: unknown = {}) =>
    raw(url, `/team-invitations/${id}/accept`, { ...who, body });
  const declineById = (who: RawRequest, id: string, body: unknown = {}) =>
    raw(url, `/team-invitations/${id}/decline`, { ...who, body });
  const acceptByCode = (user: User, code: string) =>
    raw(url, '/team-invitations/accept', { ...asClient(user), body: { code } });
  const teamPending = async (teamId: string) => {
    const list = await raw(url, `/team-invitations?team_id=${teamId}`, asServer());
    expect(list.status, list.text).toBe(200);
    return list.json.items.map((i: { id: string }) => i.id);
  };
  const teamsOf = async (user: User) =>
    (await raw(url, '/teams?user_id=me', asClient(user))).json.items.map((t: { id: string }) => t.id);
  /** Gives `user` a fresh access token (after the clock moved past the old one's life). */
  async function signIn(user: User): Promise<void> {
    const signedIn = await raw(url, '/auth/password/sign-in', {
      keys: dev,
      body: { email: user.email, password: user.password },
    });
    expect(signedIn.status, signedIn.text).toBe(200);
    user.accessToken = signedIn.json.access_token;
  }
  const expectNotFound = (response: RawResponse) => {
    expect(response.status, response.text).toBe(404);
    expect(response.text).toBe(NOT_FOUND);
  };

  it('lists the invitations sent to verified emails, soonest expiry first, with the team name', async () => {
    const user = await recipient();
    const second = await addEmail(url, dev, user.userId);
    const rockets = await createTeam('Rockets');
    const boats = await createTeam('Boats');
    const first = await invite(rockets, user.verified);
    clock += 1000;
    const later = await invite(boats, second);
    // Sent elsewhere: to someone else, and to the address the user signed up with (unverified).
    await invite(rockets, freshEmail());
    await invite(boats, user.email);

    const list = await received(asClient(user));
    expect(list.status, list.text).toBe(200);
    expect(list.json).toEqual({
      items: [
        {
          id: first.id,
          team_id: rockets,
          expires_at_millis: clock - 1000 + 7 * DAY,
          recipient_email: user.verified,
          team_display_name: 'Rockets',
        },
        {
          id: later.id,
          team_id: boats,
          expires_at_millis: clock + 7 * DAY,
          recipient_email: second,
          team_display_name: 'Boats',
        },
      ],
      is_paginated: false,
    });
    // The user's own id works as `me` does, and server access may ask for anyone.
    expect((await received(asClient(user), user.userId)).json).toEqual(list.json);
    expect((await received(asClient(user), user.userId.toUpperCase())).json).toEqual(list.json);
    expect((await received(asServer(), user.userId)).json).toEqual(list.json);
    expect((await received({ keys: dev, access: 'admin' }, user.userId)).json).toEqual(list.json);
  });

  it('accepting by id joins with the default member permissions and uses the invitation up', async () => {
    const user = await recipient();
    const teamId = await createTeam();
    const { id, code } = await invite(teamId, user.verified);
    const accepted = await acceptById(asClient(user), id);
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json).toEqual({});
    expect(await receivedIds(user)).toEqual([]);
    expect(await teamPending(teamId)).toEqual([]);
    expect(await teamsOf(user)).toEqual([teamId]);
    expect(await heldPermissions(url, dev, teamId, user.userId, false)).toEqual(['member']);
    // Once, whichever way.
    expectKnownError(await acceptById(asClient(user), id), 'VERIFICATION_CODE_ALREADY_USED');
    expectKnownError(await declineById(asClient(user), id), 'VERIFICATION_CODE_ALREADY_USED');
    expectKnownError(await acceptByCode(user, code), 'VERIFICATION_CODE_ALREADY_USED');
  });

  it('lists invitations to teams the user is in; accepting one changes nothing but uses it up', async () => {
    const user = await recipient();
    const teamId = await createTeam();
    const joined = await raw(url, `/team-memberships/${teamId}/${user.userId}`, { ...asServer(), body: {} });
    expect(joined.status, joined.text).toBe(201);
    // Were the accept to grant the defaults again, the member would now hold `admin` too.
    await patchConfig(url, dev, { team_member_default_permissions: [{ id: 'admin' }] });
    try {
      const { id } = await invite(teamId, user.verified);
      expect(await receivedIds(user)).toEqual([id]);
      expect((await acceptById(asClient(user), id)).status).toBe(200);
      expect(await receivedIds(user)).toEqual([]);
    } finally {
      await patchConfig(url, dev, { team_member_default_permissions: [{ id: 'member' }] });
    }
    expect(await heldPermissions(url, dev, teamId, user.userId, false)).toEqual(['member']);
  });

  it('an address the user has not verified: not listed, not usable, until it is verified', async () => {
    const user = await signUp(url, dev);
    // The sign-up's verification link, kept for later.
    const verification = codeFromLink(await latestMessage(mailbox, user.email));
    const teamId = await createTeam();
    const { id, code } = await invite(teamId, user.email);
    expect(await receivedIds(user)).toEqual([]);
    expectNotFound(await acceptById(asClient(user), id));
    expectNotFound(await declineById(asClient(user), id));
    // Server access acting for the user is held to the same rule.
    expectNotFound(await acceptById(asServer(), id, { user_id: user.userId }));
    expect(await teamPending(teamId)).toEqual([id]);

    const verified = await raw(url, '/contact-channels/verify', { keys: dev, body: { code: verification } });
    expect(verified.status, verified.text).toBe(200);
    expect(await receivedIds(user)).toEqual([id]);
    const declined = await declineById(asClient(user), id);
    expect(declined.status, declined.text).toBe(200);
    expect(declined.json).toEqual({ success: true });
    // Declined: gone for good, by id and by the emailed code.
    expect(await receivedIds(user)).toEqual([]);
    expect(await teamPending(teamId)).toEqual([]);
    expectNotFound(await acceptById(asClient(user), id));
    expectNotFound(await declineById(asClient(user), id));
    expectKnownError(await acceptByCode(user, code), 'VERIFICATION_CODE_NOT_FOUND');
    const check = await raw(url, '/team-invitations/accept/check-code', { keys: dev, body: { code } });
    expectKnownError(check, 'VERIFICATION_CODE_NOT_FOUND');
    expect(await teamsOf(user)).toEqual([]);
  });

  it("another user never sees, accepts or declines someone's invitation, even knowing its id", async () => {
    const victim = await recipient();
    const attacker = await recipient();
    const teamId = await createTeam();
    const { id } = await invite(teamId, victim.verified);

    expect(await receivedIds(attacker)).toEqual([]);
    expectNotFound(await acceptById(asClient(attacker), id));
    expectNotFound(await declineById(asClient(attacker), id));
    // Naming the victim as a client: refused outright.
    for (const victimId of [victim.userId, victim.userId.toUpperCase()]) {
      const spying = await received(asClient(attacker), victimId);
      expect(spying.status, spying.text).toBe(403);
      expect(spying.text).toBe(
        'Client can only list invitations for their own user. user_id must be either "me" or the ID of the current user',
      );
    }
    // A client cannot name anyone in an accept's body either.
    const naming = await acceptById(asClient(attacker), id, { user_id: victim.userId });
    expect(naming.status, naming.text).toBe(400);
    expect(naming.json.code).toBe('SCHEMA_ERROR');
    // The victim's address added to the attacker's own account, unverified: still nothing.
    const added = await raw(url, '/contact-channels', {
      ...asClient(attacker),
      body: { user_id: 'me', value: victim.verified, type: 'email', used_for_auth: false },
    });
    expect(added.status, added.text).toBe(201);
    expect(added.json.is_verified).toBe(false);
    expect(await receivedIds(attacker)).toEqual([]);
    expectNotFound(await acceptById(asClient(attacker), id));
    expectNotFound(await declineById(asClient(attacker), id));
    // The same address in another case, verified on the attacker's account: not the same address.
    await addEmail(url, dev, attacker.userId, { email: victim.verified.toUpperCase() });
    expect(await receivedIds(attacker)).toEqual([]);
    expectNotFound(await acceptById(asClient(attacker), id));
    // Ids that are no invitation answer the same.
    expectNotFound(await acceptById(asClient(attacker), crypto.randomUUID()));
    expectNotFound(await declineById(asClient(attacker), crypto.randomUUID()));

    // Untouched by all that: the victim still has it, and takes it.
    expect(await receivedIds(victim)).toEqual([id]);
    expect((await acceptById(asClient(victim), id)).status).toBe(200);
    expect(await teamsOf(victim)).toEqual([teamId]);
    expect(await teamsOf(attacker)).toEqual([]);
    // Now used: the attacker still learns nothing (a 404, not "already used").
    expectNotFound(await acceptById(asClient(attacker), id));
    expectNotFound(await declineById(asClient(attacker), id));
  });

  it("another project's invitation is a 404, even to the same verified address", async () => {
    const internal = running.server.seeded.internal;
    const other = await createOwnedProject(url, internal, await signUpOwner(url, internal));
    const theirs = await recipient(other);
    const theirTeam = await createTeam('Theirs', other);
    const { id } = await invite(theirTeam, theirs.verified, other);

    const ours = await signUp(url, dev);
    await addEmail(url, dev, ours.userId, { email: theirs.verified });
    expect(await receivedIds(ours)).toEqual([]);
    expectNotFound(await acceptById(asClient(ours), id));
    expectNotFound(await declineById(asClient(ours), id));
    expectNotFound(await acceptById(asServer(), id, { user_id: ours.userId }));
    // Another project's user cannot be named by this project's server.
    expectKnownError(await received(asServer(), theirs.userId), 'USER_NOT_FOUND');
    expectKnownError(await acceptById(asServer(), id, { user_id: theirs.userId }), 'USER_NOT_FOUND');
    // Still there in its own project.
    const there = await received(asClient(theirs, other));
    expect(there.json.items.map((i: { id: string }) => i.id)).toEqual([id]);
  });

  it('a revoked invitation is neither listed nor usable', async () => {
    const user = await recipient();
    const teamId = await createTeam();
    const { id, code } = await invite(teamId, user.verified);
    const revoked = await raw(url, `/team-invitations/${id}?team_id=${teamId}`, {
      ...asServer(),
      method: 'DELETE',
    });
    expect(revoked.status, revoked.text).toBe(200);
    expect(await receivedIds(user)).toEqual([]);
    expectNotFound(await acceptById(asClient(user), id));
    expectNotFound(await declineById(asClient(user), id));
    expectKnownError(await acceptByCode(user, code), 'VERIFICATION_CODE_NOT_FOUND');
    expect(await teamsOf(user)).toEqual([]);
  });

  it("a deleted team's invitations are gone from the list", async () => {
    const user = await recipient();
    const teamId = await createTeam();
    const { id } = await invite(teamId, user.verified);
    expect((await raw(url, `/teams/${teamId}`, { ...asServer(), method: 'DELETE' })).status).toBe(200);
    expect(await receivedIds(user)).toEqual([]);
    expectNotFound(await acceptById(asClient(user), id));
  });

  it('server access acts for the user it names, or the signed-in one', async () => {
    const user = await recipient();
    const [first, second, third] = [await createTeam(), await createTeam(), await createTeam()];
    const a = await invite(first, user.verified);
    const b = await invite(second, user.verified);
    const c = await invite(third, user.verified);
    expect((await acceptById(asServer(), a.id, { user_id: user.userId })).status).toBe(200);
    expect((await declineById({ keys: dev, access: 'admin' }, b.id, { user_id: user.userId })).status).toBe(
      200,
    );
    // With the user's own token, `me` (or nothing) is that user.
    const withToken = { ...asServer(), accessToken: user.accessToken };
    expect(await acceptById(withToken, c.id, { user_id: 'me' })).toMatchObject({ status: 200 });
    expect((await teamsOf(user)).sort()).toEqual([first, third].sort());
    // Without a user to act for.
    const d = await invite(second, user.verified);
    expectKnownError(await acceptById(asServer(), d.id), 'USER_AUTHENTICATION_REQUIRED');
    expectKnownError(await declineById(asServer(), d.id, { user_id: 'me' }), 'USER_AUTHENTICATION_REQUIRED');
    expectKnownError(await acceptById(asServer(), d.id, { user_id: crypto.randomUUID() }), 'USER_NOT_FOUND');
    // Signed out as a client: refused before the invitation is touched.
    expectKnownError(await acceptById({ keys: dev }, d.id), 'USER_AUTHENTICATION_REQUIRED');
    expectKnownError(await declineById({ keys: dev }, d.id), 'USER_AUTHENTICATION_REQUIRED');
    expect(await receivedIds(user)).toEqual([d.id]);
  });

  it('asks for exactly one of team_id and user_id, and a user to list for', async () => {
    const user = await recipient();
    const teamId = await createTeam();
    for (const query of ['', `?team_id=${teamId}&user_id=me`, `?user_id=me&team_id=${teamId}`]) {
      const answer = await raw(url, `/team-invitations${query}`, asServer());
      expect(answer.status, answer.text).toBe(400);
      expect(answer.json.code).toBe('SCHEMA_ERROR');
      expect(answer.json.error).toMatch(/query\.team_id (or|and) query\.user_id/);
    }
    expectKnownError(await received({ keys: dev }), 'CANNOT_GET_OWN_USER_WITHOUT_USER');
    expectKnownError(await received({ keys: dev }, user.userId), 'CANNOT_GET_OWN_USER_WITHOUT_USER');
    expectKnownError(await received(asServer()), 'CANNOT_GET_OWN_USER_WITHOUT_USER');
    expectKnownError(await received(asServer(), crypto.randomUUID()), 'USER_NOT_FOUND');
    const bad = await received(asServer(), 'someone');
    expect(bad.status, bad.text).toBe(400);
    expect(bad.json.code).toBe('SCHEMA_ERROR');
  });

  it('two accepts at once by the recipient, by id or by code, or an accept and a decline: one wins', async () => {
    for (let round = 0; round < 8; round++) {
      const user = await recipient();
      const teamId = await createTeam();
      const { id, code } = await invite(teamId, user.verified);
      const racers =
        round % 2 === 0
          ? [acceptById(asClient(user), id), acceptById(asClient(user), id)]
          : [acceptById(asClient(user), id), acceptByCode(user, code)];
      const results = await Promise.all(racers);
      expect(results.map((r) => r.status).sort(), results.map((r) => r.text).join(' | ')).toEqual([200, 409]);
      expectKnownError(results.find((r) => r.status === 409)!, 'VERIFICATION_CODE_ALREADY_USED');
      expect(await teamsOf(user)).toEqual([teamId]);
      expect(await heldPermissions(url, dev, teamId, user.userId, false)).toEqual(['member']);
    }
    for (let round = 0; round < 8; round++) {
      const user = await recipient();
      const teamId = await createTeam();
      const { id } = await invite(teamId, user.verified);
      const [accepted, declined] = await Promise.all([
        acceptById(asClient(user), id),
        declineById(asClient(user), id),
      ]);
      if (accepted.status === 200) {
        // Accepted first: the decline found it used.
        expectKnownError(declined, 'VERIFICATION_CODE_ALREADY_USED');
        expect(await teamsOf(user)).toEqual([teamId]);
      } else {
        // Declined first: the accept found nothing.
        expect(declined.status, declined.text).toBe(200);
        expectNotFound(accepted);
        expect(await teamsOf(user)).toEqual([]);
      }
      expect(await receivedIds(user)).toEqual([]);
    }
  });

  it('hostile ids, queries and bodies are a 400 (431 past the header limit), never a 500', async () => {
    const user = await recipient();
    const teamId = await createTeam();
    const { id } = await invite(teamId, user.verified);
    // In the path and the query: not a UUID, a NUL, a lone surrogate (as fetch sends it, and as
    // raw UTF-8 bytes that are no UTF-8), 10,000 and 70,000 characters.
    const inUrl = [
      'not-a-uuid',
      `${id}x`,
      'a%00b',
      '\ud800',
      '%ED%A0%80',
      'x'.repeat(10_000),
      'x'.repeat(70_000),
    ];
    for (const bad of inUrl) {
      const allowed = bad.length > 16_000 ? [400, 431] : [400];
      for (const answer of [
        await acceptById(asClient(user), bad),
        await declineById(asClient(user), bad),
        await acceptById(asServer(), bad, { user_id: user.userId }),
        await received(asClient(user), bad),
        await received(asServer(), bad),
      ]) {
        expect(allowed, `${bad.slice(0, 20)}: ${answer.status} ${answer.text.slice(0, 200)}`).toContain(
          answer.status,
        );
        if (answer.status === 400) expect(answer.json.code).toBe('SCHEMA_ERROR');
      }
    }
    // In the body.
    for (const body of [
      { user_id: 'a\u0000b' },
      { user_id: '\ud800' },
      { user_id: 'x'.repeat(70_000) },
      { user_id: user.userId, extra: 1 },
      { '\ud800': 1 },
      'not json',
      '{"user_id": "me"',
    ]) {
      for (const answer of [
        await acceptById(asServer(), id, body),
        await declineById(asServer(), id, body),
      ]) {
        expect(answer.status, answer.text.slice(0, 200)).toBe(400);
      }
      const client = await acceptById(asClient(user), id, body);
      expect(client.status, client.text.slice(0, 200)).toBe(400);
    }
    // Nothing happened to the invitation.
    expect(await receivedIds(user)).toEqual([id]);
  });

  itOnPostgres("a user's list reads the recipient index, not the whole code table (EXPLAIN)", async () => {
    const user = await recipient();
    const teamId = await createTeam();
    await invite(teamId, user.verified);
    const client = new pg.Client({ connectionString: running.databaseUrl });
    await client.connect();
    const database = await openDatabase({ kind: 'postgres', url: running.databaseUrl! }, () => {});
    try {
      // 20,000 other codes of the project: invitations to other addresses, used ones to this
      // one, sign-in codes to this one.
      await client.query(
        `INSERT INTO verification_codes (id, project_id, type, code_hash, nonce_hash, created_at, expires_at, used_at, method, data)
           SELECT gen_random_uuid(), $1,
                  CASE WHEN i % 4 = 0 THEN 'ONE_TIME_PASSWORD' ELSE 'TEAM_INVITATION' END,
                  gen_random_uuid()::text, gen_random_uuid()::text, now(), now() + interval '7 days',
                  CASE WHEN i % 4 = 2 THEN now() END,
                  jsonb_build_object('email', CASE WHEN i % 4 IN (0, 2) THEN $2 ELSE 'x' || i || '@example.com' END),
                  jsonb_build_object('team_id', gen_random_uuid()::text)
           FROM generate_series(1, 20000) AS i`,
        [dev.projectId, user.verified],
      );
      await client.query('ANALYZE verification_codes');
      const query = receivedTeamInvitationsQuery(database.db, {
        projectId: dev.projectId,
        emails: [user.verified, user.email],
        now: new Date(clock),
      }).toSQL();
      const plan = (await client.query(`EXPLAIN ${query.sql}`, query.params)).rows
        .map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN'])
        .join('\n');
      expect(plan).toContain('verification_codes_team_invitation_recipient_idx');
      expect(plan).not.toContain('Seq Scan');
      expect(await receivedIds(user)).toHaveLength(1);
    } finally {
      await database.close();
      await client.end();
    }
  });

  // Last: it moves the server's clock a week on.
  it('an expired invitation is neither listed nor usable', async () => {
    const user = await recipient();
    const teamId = await createTeam();
    const { id, code } = await invite(teamId, user.verified);
    clock += 7 * DAY - 60_000;
    // Access tokens live minutes: sign in again on the new clock.
    await signIn(user);
    expect(await receivedIds(user)).toEqual([id]);
    clock += 2 * 60_000;
    expect(await receivedIds(user)).toEqual([]);
    // The user's own invitation: it may say why.
    expectKnownError(await acceptById(asClient(user), id), 'VERIFICATION_CODE_EXPIRED');
    expectKnownError(await declineById(asClient(user), id), 'VERIFICATION_CODE_EXPIRED');
    expectKnownError(await acceptByCode(user, code), 'VERIFICATION_CODE_EXPIRED');
    // Anyone else's: still a 404.
    const stranger = await recipient();
    expectNotFound(await acceptById(asClient(stranger), id));
    expect(await teamsOf(user)).toEqual([]);
  });
});
