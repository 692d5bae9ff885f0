/**
 * `GET /users/me` served from memory: the JSON of a user is made once per record and view and sent
 * again as it is, so these check that what is sent again is always the answer a fresh read would
 * give — after the user changes (through any route), for each access type's view, for each user,
 * and indented when a browser asks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

describe.each(backends())('users/me answers on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  let dev: ProjectKeys;
  beforeAll(async () => {
    running = await backend.create();
    url = running.url;
    dev = running.server.seeded.dev;
  });
  afterAll(async () => {
    await running?.close();
  });

  const getMe = (
    accessToken: string,
    access: 'client' | 'server' = 'client',
    headers?: Record<string, string>,
  ) => raw(url, '/users/me', { keys: dev, access, accessToken, headers });

  it('answers the same bytes while the user is unchanged, and the change itself right after one', async () => {
    const user = await signUp(url, dev);
    const first = await getMe(user.accessToken);
    const again = await getMe(user.accessToken);
    expect(first.status, first.text).toBe(200);
    expect(again.text).toBe(first.text);

    const patched = await raw(url, '/users/me', {
      method: 'PATCH',
      keys: dev,
      accessToken: user.accessToken,
      body: { display_name: 'Grace Hopper', client_metadata: { theme: 'dark' } },
    });
    expect(patched.status, patched.text).toBe(200);
    const after = await getMe(user.accessToken);
    expect(after.json).toMatchObject({ display_name: 'Grace Hopper', client_metadata: { theme: 'dark' } });
    expect(after.text).toBe(patched.text);

    // Server code changes the user through another route: the next answer shows it too.
    const byServer = await raw(url, `/users/${user.userId}`, {
      method: 'PATCH',
      keys: dev,
      access: 'server',
      body: { client_read_only_metadata: { plan: 'pro' }, display_name: 'G. Hopper' },
    });
    expect(byServer.status, byServer.text).toBe(200);
    expect((await getMe(user.accessToken)).json).toMatchObject({
      display_name: 'G. Hopper',
      client_read_only_metadata: { plan: 'pro' },
    });
  });

  it('keeps the client and server views of one user apart, in either order', async () => {
    const user = await signUp(url, dev);
    await raw(url, `/users/${user.userId}`, {
      method: 'PATCH',
      keys: dev,
      access: 'server',
      body: { server_metadata: { internal_note: 'not for the browser' } },
    });
    for (let round = 0; round < 2; round++) {
      const client = await getMe(user.accessToken, 'client');
      const server = await getMe(user.accessToken, 'server');
      expect(client.status, client.text).toBe(200);
      expect(server.status, server.text).toBe(200);
      expect(client.json).not.toHaveProperty('server_metadata');
      expect(client.text).not.toContain('not for the browser');
      expect(server.json.server_metadata).toEqual({ internal_note: 'not for the browser' });
      expect(server.json.id).toBe(user.userId);
    }
  });

  it('answers every user with their own record, however their requests interleave', async () => {
    const users = await Promise.all([signUp(url, dev), signUp(url, dev), signUp(url, dev)]);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => getMe(users[i % users.length]!.accessToken)),
    );
    answers.forEach((answer, i) => {
      const user = users[i % users.length]!;
      expect(answer.json).toMatchObject({ id: user.userId, primary_email: user.email });
    });
  });

  it('indents the answer for a browser and keeps it compact for everyone else', async () => {
    const user = await signUp(url, dev);
    const compact = await getMe(user.accessToken);
    const pretty = await getMe(user.accessToken, 'client', { accept: 'text/html,application/xhtml+xml' });
    expect(pretty.text).toBe(JSON.stringify(compact.json, null, 2));
    expect((await getMe(user.accessToken)).text).toBe(compact.text);
    expect(compact.text).toBe(JSON.stringify(compact.json));
  });
});
