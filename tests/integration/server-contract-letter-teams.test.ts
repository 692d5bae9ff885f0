/**
 * Team and email-template answers that follow the reference to the letter (issue 16): the texts of
 * a refused team listing or creation and of templates on the shared email config, `""` as a team
 * name, and a client's DELETE /teams/{id} that ignores whatever body comes with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { patchConfig } from '../support/outbox.js';
import { expectKnownError, type RawRequest, raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

const OWN_TEAMS_ONLY =
  'Client can only list teams for their own user. user_id must be either "me" or the ID of the current user';

describe.each(backends())('teams and templates to the letter on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  let dev: ProjectKeys;
  beforeAll(async () => {
    running = await backend.create();
    url = running.url;
    dev = running.server.seeded.dev;
    await patchConfig(url, dev, { client_team_creation_enabled: true });
  });
  afterAll(async () => {
    await running?.close();
  });

  const call = (path: string, options: RawRequest = {}) => raw(url, path, { keys: dev, ...options });
  const server = (path: string, options: RawRequest = {}) => call(path, { access: 'server', ...options });
  const textOf = (response: { status: number; text: string }) => ({
    status: response.status,
    text: response.text,
  });

  it("refuses another user's team listing and creation with the reference's texts", async () => {
    const user = await signUp(url, dev);
    const other = await signUp(url, dev);
    for (const query of [`?user_id=${other.userId}`, '']) {
      expect(textOf(await call(`/teams${query}`, { accessToken: user.accessToken }))).toEqual({
        status: 403,
        text: OWN_TEAMS_ONLY,
      });
    }
    // Without a user, a client listing any user's teams has no own user to stand for.
    for (const query of [`?user_id=${other.userId}`, '', '?user_id=me']) {
      expectKnownError(await call(`/teams${query}`), 'CANNOT_GET_OWN_USER_WITHOUT_USER');
    }
    expect(
      textOf(
        await call('/teams', {
          accessToken: user.accessToken,
          body: { display_name: 'x', creator_user_id: other.userId },
        }),
      ),
    ).toEqual({
      status: 403,
      text: "You cannot create a team as a user that is not yourself. Make sure you set the creator_user_id to 'me'.",
    });
  });

  it('takes "" as a team name on create and update, for client and server access', async () => {
    const user = await signUp(url, dev);
    const created = await call('/teams', { accessToken: user.accessToken, body: { display_name: '' } });
    expect(created.status, created.text).toBe(201);
    expect(created.json.display_name).toBe('');
    const serverMade = await server('/teams', { body: { display_name: '' } });
    expect(serverMade.status, serverMade.text).toBe(201);
    expect(serverMade.json.display_name).toBe('');
    const renamed = await server(`/teams/${serverMade.json.id}`, {
      method: 'PATCH',
      body: { display_name: 'Named' },
    });
    expect(renamed.json.display_name).toBe('Named');
    for (const options of [{ access: 'server' as const }, { accessToken: user.accessToken }]) {
      const id = options.access ? serverMade.json.id : created.json.id;
      const emptied = await call(`/teams/${id}`, { ...options, method: 'PATCH', body: { display_name: '' } });
      expect(emptied.status, emptied.text).toBe(200);
      expect(emptied.json.display_name).toBe('');
      expect((await server(`/teams/${id}`)).json.display_name).toBe('');
    }
    // Still required on create, and still a string.
    for (const body of [{}, { display_name: null }, { display_name: 1 }]) {
      const refused = await server('/teams', { body });
      expect(refused.status).toBe(400);
      expect(refused.json.code).toBe('SCHEMA_ERROR');
    }
  });

  it('a client DELETE /teams/{id} ignores any body, and still refuses unstorable strings in it', async () => {
    const user = await signUp(url, dev);
    for (const body of [
      { anything: 1, nested: { x: [1] } },
      '"a JSON string"',
      [1, 2],
      'null',
      { creator_user_id: 'me' },
    ]) {
      const team = await call('/teams', { accessToken: user.accessToken, body: { display_name: 'Doomed' } });
      const gone = await call(`/teams/${team.json.id}`, {
        method: 'DELETE',
        accessToken: user.accessToken,
        body,
      });
      expect(gone.status, gone.text).toBe(200);
      expect(gone.json).toEqual({ success: true });
      expectKnownError(await server(`/teams/${team.json.id}`), 'TEAM_NOT_FOUND', { team_id: team.json.id });
    }
    const team = await call('/teams', { accessToken: user.accessToken, body: { display_name: 'Kept' } });
    const remove = (note: string) =>
      call(`/teams/${team.json.id}`, { method: 'DELETE', accessToken: user.accessToken, body: { note } });
    for (const hostile of ['a\u0000b', '\ud800']) {
      const refused = await remove(hostile);
      expect(refused.status).toBe(400);
      expect(refused.json.code).toBe('SCHEMA_ERROR');
    }
    expect((await server(`/teams/${team.json.id}`)).status).toBe(200);
    // A long string is storable, so it is simply ignored like the rest.
    expect((await remove('x'.repeat(70_000))).json).toEqual({ success: true });
    expect((await server(`/teams/${team.json.id}`)).status).toBe(404);
  });

  it('refuses email templates on the shared email config with the reference text', async () => {
    const response = await call('/email-templates/magic_link', {
      access: 'admin',
      method: 'PATCH',
      body: { subject: 'Hi' },
    });
    expect(textOf(response)).toEqual({
      status: 400,
      text: 'Cannot update email templates in shared email config. Set up a custom email config to update email templates.',
    });
  });
});
