/**
 * The teams plugin against the real server, in process, on every reachable database backend: a
 * user creates, changes, selects, leaves and deletes teams (the list signal following), invites a
 * second user by email, who reads the emailed link's code, sees the team and joins it; the codes
 * of what a stranger, a plain member or a used code are refused with.
 */
import { effect } from '@preact/signals-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../core/app.js';
import { password } from '../../plugins/password/index.js';
import { type Team, teams } from '../../plugins/teams/index.js';
import { codeFromLink, type OutboxMessage, patchConfig, readMailbox } from '../support/outbox.js';
import { freshEmail } from '../support/raw-api.js';
import { backends } from '../support/server.js';
import { addEmail } from '../support/team-setup.js';

const ORIGIN = 'http://localhost:5173';
const PASSWORD = 'correct horse battery';

describe.each(backends())('teams plugin on $name', (backend) => {
  let running: Awaited<ReturnType<typeof backend.create>>;
  let mailbox: string;
  beforeAll(async () => {
    running = await backend.create();
    mailbox = (await running.server.listenMailbox(0)).url;
    await patchConfig(running.url, running.server.seeded.dev, { client_team_creation_enabled: true });
  });
  afterAll(async () => {
    await running?.close();
  });

  /** A browser app of its own; the page is deep in the app, so emailed links must use the origin. */
  const makeApp = () => {
    const keys = running.server.seeded.dev;
    return createApp({
      projectId: keys.projectId,
      publishableClientKey: keys.publishableClientKey,
      baseUrl: running.url,
      tokenStore: 'memory',
      redirectMethod: 'none',
      env: { currentUrl: () => `${ORIGIN}/settings/teams?tab=1` },
      plugins: [password(), teams()],
    });
  };
  type App = ReturnType<typeof makeApp>;

  /** A new user signed up with a password in an app of its own. */
  async function signedUp(email = freshEmail()) {
    const app = makeApp();
    const result = await app.password.signUp({ email, password: PASSWORD, noRedirect: true });
    if (result.status !== 'ok') throw new Error(`sign-up failed: ${JSON.stringify(result)}`);
    return { app, email, userId: result.data.userId };
  }

  async function newTeam(app: App, displayName = 'Rocket crew'): Promise<Team> {
    const created = await app.teams.create({ displayName });
    if (created.status !== 'ok') throw created.error;
    return created.data;
  }

  /** The newest team invitation emailed to `email`. */
  async function invitationEmail(email: string): Promise<OutboxMessage> {
    const messages = (await readMailbox(mailbox, email)).filter((m) =>
      m.body.text.includes('/team-invitation'),
    );
    expect(messages.length, `no invitation to ${email}`).toBeGreaterThan(0);
    return messages.at(-1)!;
  }

  /** What the list signal shows now (its data, or the status while it has none). */
  const listed = (app: App) => {
    const state = app.teams.list.value;
    return state.status === 'ok' ? state.data.map((t) => t.displayName) : state.status;
  };

  it('creates a team the creator sees listed and may change, and selects it', async () => {
    const { app } = await signedUp();
    const seen: unknown[] = [];
    const stop = effect(() => {
      seen.push(listed(app));
    });
    await app.teams.refresh();
    expect(listed(app)).toEqual([]);

    const team = await newTeam(app);
    expect(team).toEqual({
      id: expect.any(String),
      displayName: 'Rocket crew',
      profileImageUrl: null,
      clientMetadata: null,
      clientReadOnlyMetadata: null,
    });
    expect(listed(app)).toEqual(['Rocket crew']);
    // The creator holds the default 'admin', which contains every system permission.
    expect(await app.teams.hasPermission(team.id, '$update_team')).toBe(true);
    expect(await app.teams.hasPermission(team.id, '$delete_team')).toBe(true);
    expect((await app.teams.permissions(team.id, { recursive: false })).map((p) => p.id)).toEqual(['admin']);
    expect((await app.teams.permissions(team.id)).map((p) => p.id)).toContain('$invite_members');

    const updated = await app.teams.update(team.id, { displayName: 'Moon crew', clientMetadata: { n: 1 } });
    expect(updated).toEqual({
      status: 'ok',
      data: { ...team, displayName: 'Moon crew', clientMetadata: { n: 1 } },
    });
    expect(listed(app)).toEqual(['Moon crew']);
    expect(await app.teams.get(team.id)).toEqual(updated);

    expect(app.user.value?.selectedTeamId).toBeNull();
    const user = await app.teams.select(team.id);
    expect(user.selectedTeamId).toBe(team.id);
    expect(app.user.value?.selectedTeamId).toBe(team.id);
    expect(app.teams.selected.value?.displayName).toBe('Moon crew');
    expect((await app.refreshUser())?.selectedTeamId).toBe(team.id);
    expect((await app.teams.select(null)).selectedTeamId).toBeNull();
    expect(app.teams.selected.value).toBeNull();

    expect(seen).toContain('pending');
    expect(seen).toContainEqual(['Rocket crew']);
    expect(seen.at(-1)).toEqual(['Moon crew']);
    stop();
  });

  it('keeps a team profile per member, falling back to the user’s own name', async () => {
    const { app, userId } = await signedUp();
    const team = await newTeam(app);
    const mine = await app.teams.myProfile(team.id);
    expect(mine).toEqual({
      status: 'ok',
      data: { teamId: team.id, userId, displayName: null, profileImageUrl: null },
    });
    const changed = await app.teams.updateMyProfile(team.id, { displayName: 'Captain' });
    expect(changed.status === 'ok' && changed.data.displayName).toBe('Captain');
    const members = await app.teams.members(team.id);
    expect(members.status === 'ok' && members.data.map((m) => m.displayName)).toEqual(['Captain']);
  });

  it('invites a second user by email, who joins through the emailed code and sees the team', async () => {
    const owner = await signedUp();
    const team = await newTeam(owner.app, 'Invited crew');
    const guestEmail = freshEmail();
    const guest = await signedUp(guestEmail);

    const sent = await owner.app.teams.invite(team.id, guestEmail);
    expect(sent).toEqual({ status: 'ok', data: { id: expect.any(String) } });
    const pending = await owner.app.teams.invitations(team.id);
    expect(pending).toEqual({
      status: 'ok',
      data: [
        {
          id: sent.status === 'ok' ? sent.data.id : '',
          teamId: team.id,
          recipientEmail: guestEmail,
          expiresAt: expect.any(Number),
        },
      ],
    });

    // The link leads to the app's team-invitation page on the page's origin.
    const message = await invitationEmail(guestEmail);
    expect(message.body.text).toContain(`${ORIGIN}/handler/team-invitation?code=`);
    expect(message.body.text).toContain('Invited crew');
    const code = codeFromLink(message);

    expect(await guest.app.teams.checkInvitationCode(code)).toEqual({ status: 'ok', data: undefined });
    expect(await guest.app.teams.invitationDetails(code)).toEqual({
      status: 'ok',
      data: { teamId: team.id, teamDisplayName: 'Invited crew' },
    });
    await guest.app.teams.refresh();
    expect(listed(guest.app)).toEqual([]);
    expect(await guest.app.teams.acceptInvitation(code)).toEqual({ status: 'ok', data: undefined });
    expect(listed(guest.app)).toEqual(['Invited crew']);
    expect(await owner.app.teams.invitations(team.id)).toEqual({ status: 'ok', data: [] });

    // Both see both; the guest holds the default 'member' permissions only.
    for (const app of [owner.app, guest.app]) {
      const members = await app.teams.members(team.id);
      expect(members.status === 'ok' && members.data.map((m) => m.userId).sort()).toEqual(
        [owner.userId, guest.userId].sort(),
      );
    }
    expect(await guest.app.teams.hasPermission(team.id, '$read_members')).toBe(true);
    expect(await guest.app.teams.hasPermission(team.id, '$delete_team')).toBe(false);
    expect(await guest.app.teams.hasPermission(team.id, '$update_team')).toBe(false);

    const refusedUpdate = await guest.app.teams.update(team.id, { displayName: 'Mine now' });
    expect(refusedUpdate.status === 'error' && refusedUpdate.error.code).toBe('TEAM_PERMISSION_REQUIRED');
    const refusedDelete = await guest.app.teams.delete(team.id);
    expect(refusedDelete.status === 'error' && refusedDelete.error.code).toBe('TEAM_PERMISSION_REQUIRED');

    // The code worked once.
    const reused = await guest.app.teams.acceptInvitation(code);
    expect(reused.status === 'error' && reused.error.code).toBe('VERIFICATION_CODE_ALREADY_USED');
    const rechecked = await owner.app.teams.checkInvitationCode(code);
    expect(rechecked.status === 'error' && rechecked.error.code).toBe('VERIFICATION_CODE_ALREADY_USED');

    // The guest leaves; the team stays with its owner.
    expect(await guest.app.teams.leave(team.id)).toEqual({ status: 'ok', data: undefined });
    expect(listed(guest.app)).toEqual([]);
    const gone = await guest.app.teams.get(team.id);
    expect(gone.status === 'error' && gone.error.code).toBe('TEAM_MEMBERSHIP_NOT_FOUND');
    const left = await owner.app.teams.members(team.id);
    expect(left.status === 'ok' && left.data.map((m) => m.userId)).toEqual([owner.userId]);
  });

  it('deletes a team, clearing the owner’s selection, and answers TEAM_NOT_FOUND after', async () => {
    const { app } = await signedUp();
    const kept = await newTeam(app, 'Kept');
    const doomed = await newTeam(app, 'Doomed');
    await app.teams.select(doomed.id);
    expect(listed(app)).toEqual(['Kept', 'Doomed']);
    expect(await app.teams.delete(doomed.id)).toEqual({ status: 'ok', data: undefined });
    expect(listed(app)).toEqual(['Kept']);
    expect(app.user.value?.selectedTeamId).toBeNull();
    const after = await app.teams.get(doomed.id);
    expect(after.status === 'error' && after.error.code).toBe('TEAM_NOT_FOUND');
    expect((await app.teams.get(kept.id)).status).toBe('ok');
  });

  it('refuses a stranger with typed codes, and nothing of the team leaks', async () => {
    const owner = await signedUp();
    const team = await newTeam(owner.app);
    const stranger = await signedUp();
    for (const result of [
      await stranger.app.teams.get(team.id),
      await stranger.app.teams.update(team.id, { displayName: 'Taken' }),
      await stranger.app.teams.delete(team.id),
      await stranger.app.teams.members(team.id),
      await stranger.app.teams.myProfile(team.id),
      await stranger.app.teams.invite(team.id, freshEmail()),
      await stranger.app.teams.invitations(team.id),
      await stranger.app.teams.leave(team.id),
    ]) {
      expect(result.status === 'error' && result.error.code).toBe('TEAM_MEMBERSHIP_NOT_FOUND');
    }
    expect(await stranger.app.teams.hasPermission(team.id, '$read_members')).toBe(false);
    expect(await stranger.app.teams.permissions(team.id)).toEqual([]);
    // Selecting a team of someone else is refused in words (the wire names no code).
    await expect(stranger.app.teams.select(team.id)).rejects.toMatchObject({ status: 400 });
    expect((await owner.app.teams.get(team.id)).status).toBe('ok');
  });

  it('types the failures of invitations: untrusted link, signed out, revoked code', async () => {
    const owner = await signedUp();
    const team = await newTeam(owner.app);
    const untrusted = await owner.app.teams.invite(team.id, freshEmail(), {
      callbackUrl: 'https://evil.example.com/handler/team-invitation',
    });
    expect(untrusted.status === 'error' && untrusted.error.code).toBe('REDIRECT_URL_NOT_WHITELISTED');

    const email = freshEmail();
    const sent = await owner.app.teams.invite(team.id, email);
    if (sent.status !== 'ok') throw sent.error;
    const code = codeFromLink(await invitationEmail(email));
    // Signed out: checking works, joining needs a user, and the code stays usable.
    const signedOut = makeApp();
    expect((await signedOut.teams.checkInvitationCode(code)).status).toBe('ok');
    const noUser = await signedOut.teams.acceptInvitation(code);
    expect(noUser.status === 'error' && noUser.error.code).toBe('USER_AUTHENTICATION_REQUIRED');
    expect(listed(signedOut)).toEqual('pending');
    await signedOut.teams.refresh();
    expect(listed(signedOut)).toEqual([]);

    expect(await owner.app.teams.revokeInvitation(team.id, sent.data.id)).toEqual({
      status: 'ok',
      data: undefined,
    });
    const invitee = await signedUp(email);
    const revoked = await invitee.app.teams.invitationDetails(code);
    expect(revoked.status === 'error' && revoked.error.code).toBe('VERIFICATION_CODE_NOT_FOUND');
  });

  it('shows each user their own list across sign-out and sign-in in one app', async () => {
    const first = await signedUp();
    await newTeam(first.app, 'First’s team');
    const secondEmail = freshEmail();
    const second = await signedUp(secondEmail);
    await newTeam(second.app, 'Second’s team');

    const app = first.app;
    const seen: unknown[] = [];
    const stop = effect(() => {
      seen.push(listed(app));
    });
    await app.teams.refresh();
    expect(listed(app)).toEqual(['First’s team']);
    await app.signOut({ noRedirect: true });
    await app.teams.refresh();
    expect(listed(app)).toEqual([]);
    await app.password.signIn({ email: secondEmail, password: PASSWORD, noRedirect: true });
    await app.teams.refresh();
    expect(listed(app)).toEqual(['Second’s team']);
    // Never the first user's teams while the second is signed in.
    const shown = seen.map((s) => JSON.stringify(s));
    const signedOutAt = shown.lastIndexOf('[]');
    expect(shown.slice(signedOutAt)).not.toContain(JSON.stringify(['First’s team']));
    stop();
  });

  /** Waits until `view` has data and returns it (the views load when first watched). */
  async function loaded<T>(view: { value: { status: string; data?: T } }): Promise<T> {
    const stop = effect(() => {
      view.value;
    });
    try {
      await expect.poll(() => view.value.status, { timeout: 10_000 }).toBe('ok');
      return view.value.data as T;
    } finally {
      stop();
    }
  }

  it('keeps one cached permission list per team and reloads the member and invitation views after changes', async () => {
    const owner = await signedUp();
    const team = await newTeam(owner.app, 'Views crew');
    const perms = owner.app.teams.permissionsOf(team.id);
    expect(owner.app.teams.permissionsOf(team.id)).toBe(perms); // one signal per team, however often asked
    const held = await loaded(perms);
    expect(held.map((p) => p.id)).toEqual(
      expect.arrayContaining(['admin', '$remove_members', '$read_members']),
    );

    const members = owner.app.teams.membersOf(team.id);
    const stopMembers = effect(() => {
      members.value;
    });
    await expect.poll(() => members.value.status).toBe('ok');
    const invitations = owner.app.teams.invitationsOf(team.id);
    const stopInvitations = effect(() => {
      invitations.value;
    });
    await expect.poll(() => invitations.value.status).toBe('ok');

    const invitee = await signedUp();
    const sent = await owner.app.teams.invite(team.id, invitee.email);
    expect(sent.status).toBe('ok');
    // The invitation view reloaded itself after the invite.
    expect(invitations.value).toEqual({
      status: 'ok',
      data: [expect.objectContaining({ recipientEmail: invitee.email, teamId: team.id })],
    });
    const code = codeFromLink(await invitationEmail(invitee.email));
    expect((await invitee.app.teams.acceptInvitation(code)).status).toBe('ok');
    await owner.app.teams.refreshTeam(team.id);
    const shownMembers = () =>
      members.value.status === 'ok' ? members.value.data.map((m) => m.userId).sort() : members.value.status;
    expect(shownMembers()).toEqual([owner.userId, invitee.userId].sort());
    expect(invitations.value).toEqual({ status: 'ok', data: [] });

    // Removing a member: needs $remove_members, which the invitee (a plain member) lacks.
    const refused = await invitee.app.teams.removeMember(team.id, owner.userId);
    expect(refused.status === 'error' && refused.error.code).toBe('TEAM_PERMISSION_REQUIRED');
    expect((await owner.app.teams.removeMember(team.id, invitee.userId)).status).toBe('ok');
    expect(shownMembers()).toEqual([owner.userId]);
    stopMembers();
    stopInvitations();
  });

  it('lists the invitations sent to the user’s verified emails, and joins or declines them by id', async () => {
    const owner = await signedUp();
    const team = await newTeam(owner.app, 'Received crew');
    const other = await newTeam(owner.app, 'Declined crew');
    const invitee = await signedUp();
    const verified = await addEmail(running.url, running.server.seeded.dev, invitee.userId);
    const unverified = await addEmail(running.url, running.server.seeded.dev, invitee.userId, {
      verified: false,
    });
    expect((await owner.app.teams.invite(team.id, verified)).status).toBe('ok');
    expect((await owner.app.teams.invite(other.id, verified)).status).toBe('ok');
    expect((await owner.app.teams.invite(team.id, unverified)).status).toBe('ok');

    const received = await loaded(invitee.app.teams.received);
    // Only the verified address's invitations, with the team's name.
    expect(received.map((i) => [i.teamDisplayName, i.recipientEmail]).sort()).toEqual([
      ['Declined crew', verified],
      ['Received crew', verified],
    ]);
    // The owner received none of them.
    expect(await loaded(owner.app.teams.received)).toEqual([]);

    const stop = effect(() => {
      invitee.app.teams.received.value;
    });
    const toJoin = received.find((i) => i.teamId === team.id)!;
    const toDecline = received.find((i) => i.teamId === other.id)!;
    // Another user cannot answer the invitee's invitation, even knowing its id: the 404 in words.
    await expect(owner.app.teams.acceptReceived(toJoin.id)).rejects.toMatchObject({ status: 404 });
    await expect(owner.app.teams.declineReceived(toDecline.id)).rejects.toMatchObject({ status: 404 });

    expect(await invitee.app.teams.acceptReceived(toJoin.id)).toEqual({ status: 'ok', data: undefined });
    expect(listed(invitee.app)).toEqual(['Received crew']);
    expect(await invitee.app.teams.declineReceived(toDecline.id)).toEqual({ status: 'ok', data: undefined });
    expect(invitee.app.teams.received.value).toEqual({ status: 'ok', data: [] });
    // Declined is final: the emailed link of that invitation no longer joins.
    const declinedMail = (await readMailbox(mailbox, verified)).filter((m) =>
      m.body.text.includes('/team-invitation'),
    );
    const codes = declinedMail.map(codeFromLink);
    const results = await Promise.all(codes.map((c) => invitee.app.teams.checkInvitationCode(c)));
    expect(results.every((r) => r.status === 'error')).toBe(true);
    expect(listed(invitee.app)).toEqual(['Received crew']);
    stop();
  });

  it('refuses an id that would reach another endpoint, before any request, and encodes the rest', async () => {
    const { app } = await signedUp();
    const team = await newTeam(app, 'Path crew');
    // An empty id would make GET /teams/ the list of the user's teams: refused, nothing sent.
    await expect(app.teams.get('')).rejects.toThrow(TypeError);
    await expect(app.teams.delete('..')).rejects.toThrow(TypeError);
    await expect(app.teams.leave('\ud800')).rejects.toThrow(TypeError);
    // Separators stay inside the one segment: another team's path is never reached.
    const slashed = await app.teams.get(`${team.id}/../${team.id}`);
    expect(slashed.status).toBe('error');
    expect((await app.teams.get(team.id)).status).toBe('ok');
  });
});
