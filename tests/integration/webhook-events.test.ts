/**
 * Every webhook event from every path that makes its change, and from none that does not: an admin
 * configures two endpoints through the kit's adminWebhooks() plugin (one for every event, one for
 * team events only), then users sign up by password, code, OAuth and server create, change, reset
 * a password, build a team, join it by membership and by invitation, gain and lose a permission,
 * leave, and are deleted. Each delivery is verified with the `standardwebhooks` package (not
 * signet's code) and matched to the change it reports. Refused changes send nothing.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../core/app.js';
import { adminWebhooks } from '../../plugins/admin-webhooks/index.js';
import type { ProjectKeys } from '../../server/src/index.js';
import { devSignIn } from '../support/oauth-flow.js';
import { codeFromLink, emailedSignInCode, latestMessage } from '../support/outbox.js';
import { freshEmail, type RawRequest, raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

const CALLBACK = 'http://localhost:5173/handler/callback';

/** One event as a receiver verified it. */
interface Event {
  type: string;
  data: Record<string, unknown>;
  id: string;
}

describe.each(backends())('webhook events on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  let dev: ProjectKeys;
  let mailbox: string;
  let all: WebhookReceiver;
  let teamsOnly: WebhookReceiver;
  let allSecret: string;
  let teamsSecret: string;
  /** How many deliveries each receiver had when the current step began. */
  let seen = { all: 0, teams: 0 };

  beforeAll(async () => {
    running = await backend.create({ resetCodeResponseTimeMs: { min: 0, max: 0 } });
    url = running.url;
    dev = running.server.seeded.dev;
    mailbox = (await running.server.listenMailbox(0)).url;
    await running.server.listenDevIdentityProvider();
    all = await startWebhookReceiver();
    teamsOnly = await startWebhookReceiver();
    const admin = createApp({
      projectId: dev.projectId,
      superSecretAdminKey: dev.superSecretAdminKey,
      baseUrl: url,
      tokenStore: 'memory',
      redirectMethod: 'none',
      plugins: [adminWebhooks()],
    });
    const everything = await admin.webhooks.createEndpoint({ url: all.url, description: 'all' });
    const teams = await admin.webhooks.createEndpoint({
      url: teamsOnly.url,
      eventTypes: ['team.created', 'team.updated', 'team.deleted'],
    });
    allSecret = await admin.webhooks.revealSecret(everything.id);
    teamsSecret = await admin.webhooks.revealSecret(teams.id);
  });
  afterAll(async () => {
    await running?.close();
    await all?.close();
    await teamsOnly?.close();
  });

  const server = (): RawRequest => ({ keys: dev, access: 'server' });
  const asUser = (accessToken: string): RawRequest => ({ keys: dev, accessToken });

  /** Verifies a receiver's deliveries from `from` on with the endpoint's secret. */
  function verified(receiver: WebhookReceiver, secret: string, from: number): Event[] {
    return receiver.received.slice(from).map((hook) => {
      const headers = {
        'webhook-id': String(hook.headers['webhook-id']),
        'webhook-timestamp': String(hook.headers['webhook-timestamp']),
        'webhook-signature': String(hook.headers['webhook-signature']),
      };
      const payload = new Webhook(secret).verify(hook.body, headers) as { type: string; data: never };
      // The Svix names carry the same values, for receivers written against Svix.
      expect(hook.headers['svix-id']).toBe(headers['webhook-id']);
      expect(hook.headers['svix-signature']).toBe(headers['webhook-signature']);
      return { type: payload.type, data: payload.data, id: headers['webhook-id'] };
    });
  }

  /**
   * The events a step sent, once `count` have arrived at the every-event endpoint (their order is
   * the workers' and not asserted), then a pause in which no other may arrive.
   */
  async function stepEvents(count: number): Promise<Event[]> {
    await all.waitFor(seen.all + count);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const events = verified(all, allSecret, seen.all);
    seen = { ...seen, all: all.received.length };
    return events;
  }

  const types = (events: Event[]) => events.map((e) => e.type).sort();

  it('user.created from each way of signing up, with the server view of the user', async () => {
    const byPassword = await signUp(url, dev);
    const [created] = await stepEvents(1);
    expect(created).toMatchObject({
      type: 'user.created',
      data: {
        id: byPassword.userId,
        primary_email: byPassword.email,
        has_password: true,
        server_metadata: null,
      },
    });

    const codeEmail = freshEmail();
    const code = await emailedSignInCode({ url, keys: dev, mailboxUrl: mailbox }, codeEmail, CALLBACK);
    const byCode = await raw(url, '/auth/otp/sign-in', { keys: dev, body: { code } });
    expect(byCode.status, byCode.text).toBe(200);
    expect(await stepEvents(1)).toEqual([
      expect.objectContaining({
        type: 'user.created',
        data: expect.objectContaining({ primary_email: codeEmail }),
      }),
    ]);

    const oauthEmail = freshEmail();
    const byOAuth = await devSignIn(url, dev, 'github', { email: oauthEmail, name: 'Grace Hopper' });
    expect(byOAuth.status).toBe(200);
    const [oauthUser] = await stepEvents(1);
    expect(oauthUser?.type).toBe('user.created');
    expect(oauthUser?.data).toMatchObject({ primary_email: oauthEmail, display_name: 'Grace Hopper' });
    expect(oauthUser?.data.oauth_providers).toEqual([expect.objectContaining({ id: 'github' })]);

    const byServer = await raw(url, '/users', { ...server(), body: { display_name: 'Made by the server' } });
    expect(byServer.status, byServer.text).toBe(201);
    expect(await stepEvents(1)).toEqual([
      expect.objectContaining({
        type: 'user.created',
        data: expect.objectContaining({ id: byServer.json.id }),
      }),
    ]);
  });

  it('user.updated from client and server updates and from a password reset; none from a refused change', async () => {
    const user = await signUp(url, dev);
    await stepEvents(1);

    const patched = await raw(url, '/users/me', {
      ...asUser(user.accessToken),
      method: 'PATCH',
      body: { display_name: 'Ada' },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(await stepEvents(1)).toEqual([
      expect.objectContaining({
        type: 'user.updated',
        data: expect.objectContaining({ id: user.userId, display_name: 'Ada' }),
      }),
    ]);

    const byServer = await raw(url, `/users/${user.userId}`, {
      ...server(),
      method: 'PATCH',
      body: { server_metadata: { plan: 'pro' } },
    });
    expect(byServer.status, byServer.text).toBe(200);
    expect((await stepEvents(1))[0]?.data).toMatchObject({
      id: user.userId,
      server_metadata: { plan: 'pro' },
    });

    const sent = await raw(url, '/auth/password/send-reset-code', {
      keys: dev,
      body: { email: user.email, callback_url: CALLBACK },
    });
    expect(sent.status, sent.text).toBe(200);
    const resetCode = codeFromLink(await latestMessage(mailbox, user.email));
    const reset = await raw(url, '/auth/password/reset', {
      keys: dev,
      body: { code: resetCode, password: 'a brand new password' },
    });
    expect(reset.status, reset.text).toBe(200);
    expect(types(await stepEvents(1))).toEqual(['user.updated']);

    // Refused: the email is taken (sign-up) and the selected team is not the user's (update).
    const taken = await raw(url, '/auth/password/sign-up', {
      keys: dev,
      body: { email: user.email, password: 'whatever it is 1', verification_callback_url: CALLBACK },
    });
    expect(taken.status).toBe(409);
    const badTeam = await raw(url, '/users/me', {
      ...asUser(user.accessToken),
      method: 'PATCH',
      body: { display_name: 'Never', selected_team_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(badTeam.status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(all.received.length).toBe(seen.all);
  });

  it('team, membership and permission events from every team change, and the deletions', async () => {
    const project = await raw(url, '/projects/current', { keys: dev, access: 'admin' });
    const creatorDefaults = project.json.config.team_creator_default_permissions.map(
      (p: { id: string }) => p.id,
    );
    const memberDefaults = project.json.config.team_member_default_permissions.map(
      (p: { id: string }) => p.id,
    );
    const creator = await signUp(url, dev);
    const member = await signUp(url, dev);
    const invitee = await signUp(url, dev);
    await stepEvents(3);
    const teamsBefore = teamsOnly.received.length;

    const team = await raw(url, '/teams', {
      ...server(),
      body: { display_name: 'Rocket Club', creator_user_id: creator.userId },
    });
    expect(team.status, team.text).toBe(201);
    const teamId: string = team.json.id;
    const created = await stepEvents(1 + 1 + creatorDefaults.length);
    expect(created).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'team.created',
          data: expect.objectContaining({ id: teamId, display_name: 'Rocket Club' }),
        }),
        {
          type: 'team_membership.created',
          data: { team_id: teamId, user_id: creator.userId },
          id: expect.any(String),
        },
        ...creatorDefaults.map((id: string) =>
          expect.objectContaining({
            type: 'team_permission.created',
            data: { id, team_id: teamId, user_id: creator.userId },
          }),
        ),
      ]),
    );

    const renamed = await raw(url, `/teams/${teamId}`, {
      ...server(),
      method: 'PATCH',
      body: { display_name: 'Rockets' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(await stepEvents(1)).toEqual([
      expect.objectContaining({
        type: 'team.updated',
        data: expect.objectContaining({ id: teamId, display_name: 'Rockets' }),
      }),
    ]);

    const joined = await raw(url, `/team-memberships/${teamId}/${member.userId}`, {
      ...server(),
      method: 'POST',
      body: {},
    });
    expect(joined.status, joined.text).toBe(201);
    expect(types(await stepEvents(1 + memberDefaults.length))).toEqual(
      ['team_membership.created', ...memberDefaults.map(() => 'team_permission.created')].sort(),
    );

    const grant = (method: 'POST' | 'DELETE') =>
      raw(url, `/team-permissions/${teamId}/${member.userId}/$read_members`, {
        ...server(),
        method,
        body: {},
      });
    expect((await grant('POST')).status).toBe(201);
    expect(await stepEvents(1)).toEqual([
      expect.objectContaining({
        type: 'team_permission.created',
        data: { id: '$read_members', team_id: teamId, user_id: member.userId },
      }),
    ]);
    // Granting what is held changes nothing, and sends nothing.
    expect((await grant('POST')).status).toBe(201);
    expect((await grant('DELETE')).status).toBe(200);
    expect(types(await stepEvents(1))).toEqual(['team_permission.deleted']);

    const inviteEmail = freshEmail();
    const sent = await raw(url, '/team-invitations/send-code', {
      ...server(),
      body: { team_id: teamId, email: inviteEmail, callback_url: CALLBACK },
    });
    expect(sent.status, sent.text).toBe(200);
    const inviteCode = codeFromLink(await latestMessage(mailbox, inviteEmail));
    const accepted = await raw(url, '/team-invitations/accept', {
      ...asUser(invitee.accessToken),
      body: { code: inviteCode },
    });
    expect(accepted.status, accepted.text).toBe(200);
    const byInvitation = await stepEvents(1 + memberDefaults.length);
    expect(byInvitation).toContainEqual(
      expect.objectContaining({
        type: 'team_membership.created',
        data: { team_id: teamId, user_id: invitee.userId },
      }),
    );

    const left = await raw(url, `/team-memberships/${teamId}/${member.userId}`, {
      ...server(),
      method: 'DELETE',
      body: {},
    });
    expect(left.status, left.text).toBe(200);
    expect(await stepEvents(1)).toEqual([
      expect.objectContaining({
        type: 'team_membership.deleted',
        data: { team_id: teamId, user_id: member.userId },
      }),
    ]);

    const userDeleted = await raw(url, `/users/${invitee.userId}`, {
      ...server(),
      method: 'DELETE',
      body: {},
    });
    expect(userDeleted.status, userDeleted.text).toBe(200);
    const deletion = await stepEvents(2);
    expect(deletion).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'team_membership.deleted',
          data: { team_id: teamId, user_id: invitee.userId },
        }),
        expect.objectContaining({
          type: 'user.deleted',
          data: { id: invitee.userId, teams: [{ id: teamId }] },
        }),
      ]),
    );

    const teamDeleted = await raw(url, `/teams/${teamId}`, { ...server(), method: 'DELETE', body: {} });
    expect(teamDeleted.status, teamDeleted.text).toBe(200);
    expect(await stepEvents(1)).toEqual([
      expect.objectContaining({ type: 'team.deleted', data: { id: teamId } }),
    ]);

    // The filtered endpoint got exactly the team events, each signed with its own secret.
    await teamsOnly.waitFor(teamsBefore + 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(types(verified(teamsOnly, teamsSecret, teamsBefore))).toEqual([
      'team.created',
      'team.deleted',
      'team.updated',
    ]);
  });

  it('each message is delivered once, under its own id', () => {
    const ids = verified(all, allSecret, 0).map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => /^msg_[0-9A-Za-z]{27}$/.test(id))).toBe(true);
  });
});
