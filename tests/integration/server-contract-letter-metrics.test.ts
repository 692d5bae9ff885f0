/**
 * `GET /internal/metrics` as the reference computes it (issue 16): a user is active wherever an
 * access token is made for them — sign-up and sign-in, a session made by server code, a refresh —
 * so those users are listed as recently active, latest first, and counted in today's activity.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { devSignIn } from '../support/oauth-flow.js';
import { createOwnedProject, signUpOwner } from '../support/owner.js';
import { freshEmail, raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

describe.each(backends())('metrics to the letter on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  let keys: ProjectKeys;
  let clock = Date.UTC(2026, 10, 20, 12);
  beforeAll(async () => {
    running = await backend.create({ now: () => clock });
    url = running.url;
    const internal = running.server.seeded.internal;
    keys = await createOwnedProject(url, internal, await signUpOwner(url, internal));
    await running.server.listenDevIdentityProvider();
  });
  afterAll(async () => {
    await running?.close();
  });

  const metrics = async () => {
    const response = await raw(url, '/internal/metrics', { keys, access: 'admin' });
    expect(response.status, response.text).toBe(200);
    return response.json as {
      daily_active_users: { date: string; activity: number }[];
      recently_active: { id: string; last_active_at_millis: number }[];
    };
  };

  it('lists users active by sign-up, sign-in and server-made sessions, latest first, and counts them today', async () => {
    const a = await signUp(url, keys);
    clock += 1000;
    const b = await signUp(url, keys);
    clock += 1000;
    // Made by server code without a session: not active until a session is made for it.
    const made = await raw(url, '/users', { keys, access: 'server', body: { display_name: 'Server-made' } });
    expect(made.status, made.text).toBe(201);
    let now = await metrics();
    expect(now.recently_active.map((u) => u.id)).toEqual([b.userId, a.userId]);
    expect(now.recently_active[0]!.last_active_at_millis).toBe(clock - 1000);
    expect(now.daily_active_users.at(-1)!.activity).toBe(2);

    clock += 1000;
    const session = await raw(url, '/auth/sessions', {
      keys,
      access: 'server',
      body: { user_id: made.json.id },
    });
    expect(session.status, session.text).toBe(200);
    clock += 1000;
    const signedIn = await raw(url, '/auth/password/sign-in', {
      keys,
      body: { email: a.email, password: a.password },
    });
    expect(signedIn.status, signedIn.text).toBe(200);
    now = await metrics();
    expect(now.recently_active.map((u) => u.id)).toEqual([a.userId, made.json.id, b.userId]);
    expect(now.recently_active[0]!.last_active_at_millis).toBe(clock);
    expect(now.daily_active_users.at(-1)!.activity).toBe(3);

    // A user active today and deleted since still counts today, as the reference's events do, but
    // is no longer listed.
    clock += 1000;
    const gone = await signUp(url, keys);
    const deleted = await raw(url, `/users/${gone.userId}`, { keys, access: 'server', method: 'DELETE' });
    expect(deleted.status, deleted.text).toBe(200);
    now = await metrics();
    expect(now.daily_active_users.at(-1)!.activity).toBe(4);
    expect(now.recently_active.map((u) => u.id)).toEqual([a.userId, made.json.id, b.userId]);
  });

  it('counts sign-in methods as the reference counts auth methods: OAuth providers by name, and passwords', async () => {
    const dev = running.server.seeded.dev;
    const methods = async () =>
      (await raw(url, '/internal/metrics', { keys: dev, access: 'admin' })).json.login_methods as {
        method: string;
        count: number;
      }[];
    const before = await methods();
    const countOf = (list: { method: string; count: number }[], method: string) =>
      list.find((m) => m.method === method)?.count ?? 0;
    const byOAuth = await devSignIn(url, dev, 'github', { email: freshEmail(), name: 'Ada' });
    expect(byOAuth.status, JSON.stringify(byOAuth.json)).toBe(200);
    await signUp(url, dev);
    const after = await methods();
    expect(countOf(after, 'github')).toBe(countOf(before, 'github') + 1);
    expect(countOf(after, 'password')).toBe(countOf(before, 'password') + 1);
    expect(after.every((m) => m.count > 0 && m.method === m.method.toLowerCase())).toBe(true);
  });
});
