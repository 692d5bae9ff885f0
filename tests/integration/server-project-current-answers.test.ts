/**
 * `GET /projects/current` served from memory: every app asks for it when it starts, so client and
 * server access get the JSON made once per project record and sent again as it is. These check
 * that what is sent again is always what a fresh read would give: after the project changes,
 * for each project on its own keys, and in the admin view, which counts users at every read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { createOwnedProject, signUpOwner } from '../support/owner.js';
import { raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

describe.each(backends())('projects/current answers on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  let project: ProjectKeys;
  let other: ProjectKeys;
  beforeAll(async () => {
    running = await backend.create();
    url = running.url;
    const { internal } = running.server.seeded;
    const owner = await signUpOwner(url, internal);
    project = await createOwnedProject(url, internal, owner, { display_name: 'Project one' });
    other = await createOwnedProject(url, internal, owner, { display_name: 'Project two' });
  });
  afterAll(async () => {
    await running?.close();
  });

  const current = (keys: ProjectKeys, access: 'client' | 'server' | 'admin' = 'client') =>
    raw(url, '/projects/current', { keys, access });
  const configure = async (keys: ProjectKeys, body: Record<string, unknown>) => {
    const patched = await raw(url, '/projects/current', { method: 'PATCH', keys, access: 'admin', body });
    expect(patched.status, patched.text).toBe(200);
    return patched;
  };

  it('answers the same bytes while the project is unchanged, and the change right after one', async () => {
    const first = await current(project);
    expect(first.status, first.text).toBe(200);
    expect(first.json).toMatchObject({ id: project.projectId, display_name: 'Project one' });
    expect((await current(project)).text).toBe(first.text);

    await configure(project, { display_name: 'Renamed', config: { sign_up_enabled: false } });
    const after = await current(project);
    expect(after.json).toMatchObject({ display_name: 'Renamed', config: { sign_up_enabled: false } });
    // The server view is the client view, from the same record.
    expect((await current(project, 'server')).text).toBe(after.text);

    await configure(project, { config: { sign_up_enabled: true } });
    expect((await current(project)).json.config.sign_up_enabled).toBe(true);
  });

  it("never answers one project's keys with another project's record", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => current(i % 2 === 0 ? project : other)),
    );
    answers.forEach((answer, i) => {
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json.id).toBe(i % 2 === 0 ? project.projectId : other.projectId);
    });
    // A change to one leaves the other's answer as it was, and shows at once on its own.
    const before = await current(other);
    await configure(project, { display_name: 'Only the first changed' });
    expect((await current(other)).text).toBe(before.text);
    expect((await current(project)).json.display_name).toBe('Only the first changed');
  });

  it('keeps the admin view apart, with its user count read at every request', async () => {
    const client = await current(other);
    const admin = await current(other, 'admin');
    expect(admin.status, admin.text).toBe(200);
    expect(client.json).not.toHaveProperty('user_count');
    const count = admin.json.user_count as number;
    await signUp(url, other);
    expect((await current(other, 'admin')).json.user_count).toBe(count + 1);
    expect((await current(other)).text).toBe(client.text);
  });
});
