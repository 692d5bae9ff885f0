/**
 * Metrics from real data (wire.md §5.13), the feature-support answer, and the Svix token, which
 * needs a Svix server: Svix cannot run here, so a small loopback HTTP server stands in for its two
 * API calls and records what signet sent it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { MetricsSchema } from '../../wire/metrics.js';
import { createOwnedProject, signUpOwner } from '../support/owner.js';
import { raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

const DAY = 24 * 3600_000;

describe.each(backends())('metrics and admin extras on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  let keys: ProjectKeys;
  let clock = Date.UTC(2026, 10, 20, 12);
  const svixCalls: { path: string; auth: string | undefined; body: string }[] = [];
  const svix = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      svixCalls.push({ path: request.url ?? '', auth: request.headers.authorization, body });
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify(
          request.url?.includes('app-portal-access')
            ? { url: 'http://portal', token: 'portal-token' }
            : { id: 'app_1' },
        ),
      );
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => svix.listen(0, '127.0.0.1', resolve));
    const svixUrl = `http://127.0.0.1:${(svix.address() as AddressInfo).port}`;
    running = await backend.create({ now: () => clock, svix: { url: svixUrl, apiKey: 'svix-key' } });
    url = running.url;
    const internal = running.server.seeded.internal;
    keys = await createOwnedProject(url, internal, await signUpOwner(url, internal), {
      display_name: 'Metrics',
      config: { magic_link_enabled: true },
    });
  });
  afterAll(async () => {
    await running?.close();
    svix.close();
  });

  it('counts users, sign-ups and active users per day over 31 days, recent users and sign-in methods', async () => {
    const start = clock;
    clock = start - 40 * DAY;
    await signUp(url, keys); // outside the window
    clock = start - 2 * DAY;
    const a = await signUp(url, keys);
    const b = await signUp(url, keys);
    clock = start;
    const c = await signUp(url, keys);
    await raw(url, '/users', {
      keys,
      access: 'server',
      body: { display_name: 'No password', otp_auth_enabled: true },
    });
    // `a` comes back today: refreshing counts as activity, twice on one day counts once.
    for (let i = 0; i < 2; i++) {
      const refreshed = await raw(url, '/auth/sessions/current/refresh', {
        keys,
        refreshToken: a.refreshToken,
        body: {},
      });
      expect(refreshed.status, refreshed.text).toBe(200);
    }
    const response = await raw(url, '/internal/metrics', { keys, access: 'admin' });
    expect(response.status, response.text).toBe(200);
    const metrics = v.parse(v.strictObject(MetricsSchema.entries), response.json);
    expect(metrics.total_users).toBe(5);
    expect(metrics.daily_users).toHaveLength(31);
    const day = (millis: number) => new Date(millis).toISOString().slice(0, 10);
    expect(metrics.daily_users.at(-1)).toEqual({ date: day(start), activity: 2 });
    expect(metrics.daily_users.at(-3)).toEqual({ date: day(start - 2 * DAY), activity: 2 });
    expect(metrics.daily_users.reduce((n, d) => n + d.activity, 0)).toBe(4);
    expect(metrics.daily_active_users.at(-3)?.activity).toBe(2);
    // Today: c signed up, a refreshed (once counted).
    expect(metrics.daily_active_users.at(-1)?.activity).toBe(2);
    // c and the server-made user signed up at the same instant, so either comes first.
    expect(metrics.recently_registered.map((u) => u.id).slice(0, 2)).toContain(c.userId);
    expect(metrics.recently_registered).toHaveLength(5);
    expect(metrics.recently_active.map((u) => u.id)).toContain(a.userId);
    expect(metrics.login_methods).toEqual(
      expect.arrayContaining([
        { method: 'password', count: 4 },
        { method: 'otp', count: 1 },
      ]),
    );
    expect(b.userId).toBeTruthy();
    const client = await raw(url, '/internal/metrics', { keys, access: 'server' });
    expect(client.headers.get('x-stack-known-error')).toBe('INSUFFICIENT_ACCESS_TYPE');
  });

  it('answers check-feature-support in plain text, with or without credentials', async () => {
    const named = await raw(url, '/check-feature-support', { body: { feature_name: 'SAML' } });
    expect(named.status).toBe(200);
    expect(named.headers.get('content-type')).toContain('text/plain');
    expect(named.text).toBe(
      'SAML is not yet supported. Please reach out to Stack support for more information.',
    );
    const unnamed = await raw(url, '/check-feature-support', { keys, body: { name: 'x' } });
    expect(unnamed.text).toBe(
      'This feature is not yet supported. Please reach out to Stack support for more information.',
    );
  });

  it('hands out a Svix app-portal token for the project when Svix is configured, and its own token for the Svix API it serves when not', async () => {
    const token = await raw(url, '/webhooks/svix-token', { keys, access: 'admin', body: {} });
    expect(token.status, token.text).toBe(201);
    expect(token.json).toEqual({ token: 'portal-token' });
    // The token's calls; the delivery engine also forwards this project's events to Svix, and
    // makes sure of the application (get_if_exists) itself, so only shapes are checked.
    const portal = svixCalls.filter((c) => c.path.includes('app-portal-access'));
    expect(portal.map((c) => c.auth)).toEqual(['Bearer svix-key']);
    expect(portal[0]!.path).toContain(`/api/v1/auth/app-portal-access/${keys.projectId}`);
    const apps = svixCalls.filter((c) => c.path.includes('get_if_exists'));
    expect(apps.map((c) => c.auth).every((auth) => auth === 'Bearer svix-key')).toBe(true);
    expect(apps.map((c) => JSON.parse(c.body))).toContainEqual({ uid: keys.projectId, name: keys.projectId });

    const plain = await backend.create();
    try {
      const own = await raw(plain.url, '/webhooks/svix-token', {
        keys: plain.server.seeded.dev,
        access: 'admin',
        body: {},
      });
      // Without a Svix server, signet serves the Svix API itself and hands out its own token.
      expect(own.status, own.text).toBe(201);
      expect((own.json as { token: string }).token).toMatch(/^sgwh_/);
    } finally {
      await plain.close();
    }
  });
});
