/**
 * Team member profiles on the server (wire.md §4.10, §5.4): a member's name and image in a team,
 * falling back to the user's own; who may list and read them (a client: a team it belongs to,
 * others only with $read_members) and change them (a client: only its own).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { patchConfig } from '../support/outbox.js';
import { createOwnedProject, signUpOwner } from '../support/owner.js';
import { expectKnownError, type RawRequest, raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

const IMAGE = 'data:image/png;base64,iVBORw0KGgo=';

describe.each(backends())('team member profiles on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  let dev: ProjectKeys;
  /** A project whose members get no permission by default. */
  let bare: ProjectKeys;
  beforeAll(async () => {
    running = await backend.create();
    url = running.url;
    dev = running.server.seeded.dev;
    const internal = running.server.seeded.internal;
    bare = await createOwnedProject(url, internal, await signUpOwner(url, internal));
    await patchConfig(url, bare, { team_member_default_permissions: [] });
  });
  afterAll(async () => {
    await running?.close();
  });

  /** A team of `keys` with a creator (admin) and a member (the project's member defaults), both named. */
  async function team(keys: ProjectKeys) {
    const call = (path: string, options: RawRequest = {}) => raw(url, path, { keys, ...options });
    const owner = await signUp(url, keys);
    const member = await signUp(url, keys);
    await call('/users/me', {
      method: 'PATCH',
      accessToken: member.accessToken,
      body: { display_name: 'Member Own', profile_image_url: IMAGE },
    });
    const created = await call('/teams', {
      access: 'server',
      body: { display_name: 'Team', creator_user_id: owner.userId },
    });
    expect(created.status, created.text).toBe(201);
    const teamId = created.json.id as string;
    const joined = await call(`/team-memberships/${teamId}/${member.userId}`, { access: 'server', body: {} });
    expect(joined.status, joined.text).toBe(201);
    return { call, owner, member, teamId };
  }

  it('answers profiles with the user as fallback, and the whole user for server access', async () => {
    const { call, owner, member, teamId } = await team(dev);
    const listed = await call(`/team-member-profiles?team_id=${teamId}`, { accessToken: member.accessToken });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json).toEqual({
      items: [
        { team_id: teamId, user_id: owner.userId, display_name: null, profile_image_url: null },
        { team_id: teamId, user_id: member.userId, display_name: 'Member Own', profile_image_url: IMAGE },
      ],
      is_paginated: false,
    });
    const changed = await call(`/team-member-profiles/${teamId}/me`, {
      method: 'PATCH',
      accessToken: member.accessToken,
      body: { display_name: 'In Team' },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json).toEqual({
      team_id: teamId,
      user_id: member.userId,
      display_name: 'In Team',
      profile_image_url: IMAGE,
    });
    // An empty image URL is a schema error, as in the reference.
    for (const access of ['client', 'server'] as const) {
      const empty = await call(`/team-member-profiles/${teamId}/${member.userId}`, {
        method: 'PATCH',
        access,
        accessToken: member.accessToken,
        body: { profile_image_url: '' },
      });
      expect(empty.status, empty.text).toBe(400);
      expect(empty.json.code).toBe('SCHEMA_ERROR');
      expect(empty.json.error).toContain('  - body.profile_image_url is not a valid URL');
    }
    const asServer = await call(`/team-member-profiles/${teamId}/${member.userId}`, { access: 'server' });
    expect(asServer.json).toMatchObject({
      display_name: 'In Team',
      user: { id: member.userId, display_name: 'Member Own' },
    });
    expect(asServer.json.user.server_metadata).toBeNull();
    // Back to null: the user's own name shows again.
    const reset = await call(`/team-member-profiles/${teamId}/${member.userId}`, {
      method: 'PATCH',
      access: 'server',
      body: { display_name: null },
    });
    expect(reset.json.display_name).toBe('Member Own');
    // Server access filters by user across teams, and by team.
    const byUser = await call(`/team-member-profiles?user_id=${member.userId}`, { access: 'server' });
    expect(byUser.json.items.map((p: { team_id: string }) => p.team_id)).toEqual([teamId]);
    const all = await call(`/team-member-profiles?team_id=${teamId}`, { access: 'admin' });
    expect(all.json.items).toHaveLength(2);
    expect(all.json.items[0].user.id).toBe(owner.userId);
  });

  it('keeps a client to teams it belongs to, and to itself without $read_members', async () => {
    const { call, owner, member, teamId } = await team(bare);
    const asMember = (path: string, options: RawRequest = {}) =>
      call(path, { accessToken: member.accessToken, ...options });
    const noTeam = await asMember('/team-member-profiles');
    expect(noTeam.status).toBe(400);
    expect(noTeam.text).toBe('team_id is required for access type client');
    const required = { team_id: teamId, user_id: member.userId, permission_id: '$read_members' };
    expectKnownError(
      await asMember(`/team-member-profiles?team_id=${teamId}`),
      'TEAM_PERMISSION_REQUIRED',
      required,
    );
    expectKnownError(
      await asMember(`/team-member-profiles/${teamId}/${owner.userId}`),
      'TEAM_PERMISSION_REQUIRED',
      required,
    );
    const self = await asMember(`/team-member-profiles?team_id=${teamId}&user_id=me`);
    expect(self.json.items.map((p: { user_id: string }) => p.user_id)).toEqual([member.userId]);
    expect((await asMember(`/team-member-profiles/${teamId}/me`)).status).toBe(200);
    // The creator (admin) reads everyone; nobody else changes someone's profile.
    const byOwner = await call(`/team-member-profiles?team_id=${teamId}`, { accessToken: owner.accessToken });
    expect(byOwner.json.items).toHaveLength(2);
    const foreign = await call(`/team-member-profiles/${teamId}/${member.userId}`, {
      method: 'PATCH',
      accessToken: owner.accessToken,
      body: { display_name: 'pwned' },
    });
    expect(foreign.status).toBe(403);
    const remote = await asMember(`/team-member-profiles/${teamId}/me`, {
      method: 'PATCH',
      body: { profile_image_url: 'https://evil.example/x.png' },
    });
    expect(remote.status).toBe(400);
    expect(remote.text).toBe('Invalid profile image URL');
    expect((await asMember(`/team-member-profiles/${teamId}/me`)).json.display_name).toBe('Member Own');

    // A stranger of the project, and the other project, see nothing of the team.
    const stranger = await signUp(url, bare);
    const membership = { team_id: teamId, user_id: stranger.userId };
    for (const path of [
      `/team-member-profiles?team_id=${teamId}`,
      `/team-member-profiles/${teamId}/${member.userId}`,
    ]) {
      expectKnownError(
        await call(path, { accessToken: stranger.accessToken }),
        'TEAM_MEMBERSHIP_NOT_FOUND',
        membership,
      );
    }
    expectKnownError(
      await call(`/team-member-profiles/${teamId}/me`, {
        method: 'PATCH',
        accessToken: stranger.accessToken,
        body: {},
      }),
      'TEAM_MEMBERSHIP_NOT_FOUND',
      membership,
    );
    expectKnownError(
      await raw(url, `/team-member-profiles/${teamId}/${member.userId}`, { keys: dev, access: 'server' }),
      'TEAM_NOT_FOUND',
      { team_id: teamId },
    );
    const fromDev = await raw(url, `/team-member-profiles?team_id=${teamId}`, {
      keys: dev,
      access: 'server',
    });
    expect(fromDev.json.items).toEqual([]);
    const devUser = await signUp(url, dev);
    expectKnownError(
      await raw(url, `/team-member-profiles?team_id=${teamId}`, {
        keys: dev,
        accessToken: devUser.accessToken,
      }),
      'TEAM_NOT_FOUND',
      { team_id: teamId },
    );
  });

  it('answers hostile strings with a 400, never a 500', async () => {
    const { call, member, teamId } = await team(dev);
    for (const display_name of ['\u0000', '\ud800', 'x'.repeat(70_000), 5]) {
      const answer = await call(`/team-member-profiles/${teamId}/me`, {
        method: 'PATCH',
        accessToken: member.accessToken,
        body: { display_name },
      });
      expect(answer.status).toBe(400);
    }
    for (const id of ['%00', 'x'.repeat(5_000), 'not-a-uuid']) {
      for (const path of [
        `/team-member-profiles/${id}/${member.userId}`,
        `/team-member-profiles/${teamId}/${id}`,
      ]) {
        for (const access of ['client', 'server'] as const) {
          const answer = await call(path, { access, accessToken: member.accessToken });
          expect(answer.status, `${path.slice(0, 80)}: ${answer.text.slice(0, 200)}`).toBeGreaterThanOrEqual(
            400,
          );
          expect(answer.status).toBeLessThan(500);
        }
      }
      const listed = await call(`/team-member-profiles?team_id=${id}`, { access: 'server' });
      expect(listed.status).toBe(400);
    }
    expect(
      (await call(`/team-member-profiles/${teamId}/me`, { accessToken: member.accessToken })).json
        .display_name,
    ).toBe('Member Own');
  });
});
