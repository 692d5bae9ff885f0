/**
 * The Done-when walk of the server and admin plugins, from Node against the real server: an owner
 * creates a project, configures it (domains; production mode with its problems named, until
 * valid), creates an API key and uses it from a server app, creates, finds, updates and deletes
 * users, impersonates one and revokes a session. A client app cannot take these plugins.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../core/app.js';
import { adminApiKeys } from '../../plugins/admin-api-keys/index.js';
import { adminEmails } from '../../plugins/admin-emails/index.js';
import { adminMetrics } from '../../plugins/admin-metrics/index.js';
import { adminProject } from '../../plugins/admin-project/index.js';
import { ownerProjects } from '../../plugins/owner-projects/index.js';
import { password } from '../../plugins/password/index.js';
import { serverContactChannels } from '../../plugins/server-contact-channels/index.js';
import { serverSessions } from '../../plugins/server-sessions/index.js';
import { serverUsers } from '../../plugins/server-users/index.js';
import { backends } from '../support/server.js';

describe.each(backends())('server and admin plugins on $name', (backend) => {
  let running: Awaited<ReturnType<typeof backend.create>>;
  beforeAll(async () => {
    running = await backend.create();
  });
  afterAll(async () => {
    await running?.close();
  });

  it('walks an owner from a new project to managing its users', async () => {
    const internal = running.server.seeded.internal;
    const dashboard = createApp({
      projectId: 'internal',
      publishableClientKey: internal.publishableClientKey,
      baseUrl: running.url,
      tokenStore: 'memory',
      redirectMethod: 'none',
      env: { currentUrl: () => 'http://localhost:5173/' },
      plugins: [password(), ownerProjects()],
    });
    const signedUp = await dashboard.password.signUp({
      email: `owner-${Date.now()}@example.com`,
      password: 'owner password 1',
      noRedirect: true,
    });
    expect(signedUp.status).toBe('ok');

    // Create and configure.
    const created = await dashboard.ownerProjects.create({
      displayName: 'Shop',
      config: { magicLinkEnabled: true },
    });
    expect(created.displayName).toBe('Shop');
    expect((await dashboard.ownerProjects.list()).map((p) => p.id)).toEqual([created.id]);
    const admin = dashboard.ownerProjects.adminApp(created.id, {
      plugins: [adminProject(), adminApiKeys(), adminMetrics(), adminEmails()],
    });
    const project = await admin.adminProject.get();
    const wanted = {
      isProductionMode: true,
      config: { domains: [{ domain: 'http://shop.example.com', handlerPath: '/handler' }] },
    };
    const problems = admin.adminProject.productionModeProblems(project, wanted);
    expect(problems.map((p) => p.message)).toEqual([
      "Localhost is not allowed in production mode, turn off 'Allow localhost' in project settings",
      'Trusted domains should be HTTPS: http://shop.example.com',
    ]);
    expect(problems.every((p) => p.relativeFixUrl === `/projects/${created.id}/domains`)).toBe(true);
    // The server takes the switch anyway (as the reference does); the problems stay visible.
    const risky = await admin.adminProject.update(wanted);
    expect(risky.status).toBe('ok');
    if (risky.status === 'ok') {
      expect(admin.adminProject.productionModeProblems(risky.data).map((p) => p.message)).toContain(
        'Trusted domains should be HTTPS: http://shop.example.com',
      );
    }
    const fixed = {
      isProductionMode: true,
      config: {
        allowLocalhost: false,
        domains: [{ domain: 'https://shop.example.com', handlerPath: '/handler' }],
      },
    };
    expect(admin.adminProject.productionModeProblems(project, fixed)).toEqual([]);
    const saved = await admin.adminProject.update(fixed);
    expect(saved.status).toBe('ok');
    if (saved.status === 'ok') {
      expect(saved.data.isProductionMode).toBe(true);
      expect(saved.data.config.domains).toEqual([
        { domain: 'https://shop.example.com', handlerPath: '/handler' },
      ]);
    }

    // A key for the backend.
    const key = await admin.apiKeys.create({
      description: 'backend',
      expiresAt: Date.now() + 3600_000,
      hasSecretServerKey: true,
    });
    expect(key.secretServerKey).toMatch(/^ssk_/);
    expect((await admin.apiKeys.list())[0]?.secretServerKey).toEqual({
      lastFour: key.secretServerKey!.slice(-4),
    });

    const backendApp = createApp({
      projectId: created.id,
      secretServerKey: key.secretServerKey!,
      baseUrl: running.url,
      tokenStore: 'memory',
      redirectMethod: 'none',
      plugins: [serverUsers(), serverSessions()],
    });

    // Users: create, find, update, delete.
    const made = await backendApp.serverUsers.create({
      primaryEmail: 'customer@example.com',
      primaryEmailAuthEnabled: true,
      primaryEmailVerified: true,
      password: 'customer password',
      displayName: 'Customer',
      serverMetadata: { stripe_id: 'cus_42' },
    });
    expect(made.status).toBe('ok');
    if (made.status !== 'ok') return;
    const user = made.data;
    expect(user.serverMetadata).toEqual({ stripe_id: 'cus_42' });
    const taken = await backendApp.serverUsers.create({
      primaryEmail: 'customer@example.com',
      primaryEmailAuthEnabled: true,
    });
    expect(taken.status === 'error' && taken.error.code).toBe('USER_EMAIL_ALREADY_EXISTS');
    const found = await backendApp.serverUsers.list({ query: 'CUSTOMER@' });
    expect(found.items.map((u) => u.id)).toEqual([user.id]);
    const updated = await backendApp.serverUsers.update(user.id, {
      displayName: 'Renamed',
      clientReadOnlyMetadata: { plan: 'pro' },
    });
    expect(updated.status === 'ok' && updated.data.displayName).toBe('Renamed');
    expect((await backendApp.serverUsers.get(user.id))?.clientReadOnlyMetadata).toEqual({ plan: 'pro' });

    // Impersonate, then revoke.
    const impersonation = await backendApp.serverSessions.impersonate(user.id);
    expect(impersonation.status).toBe('ok');
    const sessions = await backendApp.serverSessions.list(user.id);
    // Server access does not see impersonation sessions; admins do.
    expect(sessions.filter((s) => s.isImpersonation)).toEqual([]);
    const normal = await backendApp.serverSessions.create({ userId: user.id });
    if (normal.status !== 'ok') throw new Error('no session');
    const [listed] = await backendApp.serverSessions.list(user.id);
    await backendApp.serverSessions.revoke({ userId: user.id, sessionId: listed!.id });
    expect(await backendApp.serverSessions.list(user.id)).toEqual([]);

    const metrics = await admin.metrics.get();
    expect(metrics.totalUsers).toBe(1);
    expect(metrics.recentlyRegistered[0]?.serverMetadata).toEqual({ stripe_id: 'cus_42' });
    expect(metrics.dailyUsers).toHaveLength(31);
    expect((await admin.emails.listTemplates()).map((t) => t.type)).toContain('magic_link');

    await backendApp.serverUsers.delete(user.id);
    expect(await backendApp.serverUsers.get(user.id)).toBeNull();
    expect((await backendApp.serverUsers.list()).items).toEqual([]);

    // Revoking the key locks the backend out at once.
    await admin.apiKeys.revoke(key.id);
    await expect(backendApp.serverUsers.list()).rejects.toMatchObject({ code: 'INVALID_SECRET_SERVER_KEY' });

    // Signed out, the owner's admin app has no token to act with.
    await dashboard.signOut();
    await expect(admin.adminProject.get()).rejects.toThrow('not signed in');
  });

  it('manages any user’s email addresses from a backend, and no user of another project', async () => {
    const keys = running.server.seeded.dev;
    const backend = createApp({
      projectId: keys.projectId,
      secretServerKey: keys.secretServerKey,
      baseUrl: running.url,
      tokenStore: 'memory',
      redirectMethod: 'none',
      plugins: [serverUsers(), serverContactChannels()],
    });
    const made = await backend.serverUsers.create({ displayName: 'Channels' });
    if (made.status !== 'ok') throw new Error('no user');
    const userId = made.data.id;
    const added = await backend.serverContactChannels.add(userId, {
      value: 'vouched@example.com',
      isVerified: true,
      usedForAuth: true,
    });
    expect(added.status === 'ok' && added.data).toMatchObject({
      value: 'vouched@example.com',
      isVerified: true,
    });
    if (added.status !== 'ok') return;
    const second = await backend.serverContactChannels.add(userId, { value: 'second@example.com' });
    expect(second.status).toBe('ok');
    expect((await backend.serverContactChannels.list(userId)).map((c) => c.value).sort()).toEqual([
      'second@example.com',
      'vouched@example.com',
    ]);
    const changed = await backend.serverContactChannels.update(userId, added.data.id, {
      value: 'moved@example.com',
    });
    expect(changed.status === 'ok' && changed.data).toMatchObject({
      value: 'moved@example.com',
      isVerified: false,
    });
    const verifyAgain = await backend.serverContactChannels.sendVerification(
      userId,
      added.data.id,
      'https://evil.example/steal',
    );
    expect(verifyAgain.status === 'error' && verifyAgain.error.code).toBe('REDIRECT_URL_NOT_WHITELISTED');
    await backend.serverContactChannels.remove(userId, added.data.id);
    expect((await backend.serverContactChannels.list(userId)).map((c) => c.value)).toEqual([
      'second@example.com',
    ]);
    // Another user's address for sign-in cannot be taken.
    const other = await backend.serverUsers.create({
      primaryEmail: 'taken@example.com',
      primaryEmailAuthEnabled: true,
    });
    expect(other.status).toBe('ok');
    const taken = await backend.serverContactChannels.add(userId, {
      value: 'taken@example.com',
      usedForAuth: true,
    });
    expect(taken.status === 'error' && taken.error.code).toBe(
      'CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE',
    );
    const unknown = await backend.serverContactChannels.add('00000000-0000-4000-8000-000000000000', {
      value: 'x@example.com',
    });
    expect(unknown.status === 'error' && unknown.error.code).toBe('USER_ID_DOES_NOT_EXIST');
  });

  it('refuses server and admin plugins in a client app, in the types and at run time', () => {
    const options = {
      projectId: 'p',
      publishableClientKey: 'k',
      baseUrl: running.url,
      tokenStore: 'memory' as const,
    };
    // @ts-expect-error a client app cannot take a server plugin
    expect(() => createApp({ ...options, plugins: [serverUsers()] })).toThrow();
    // @ts-expect-error nor an admin plugin
    expect(() => createApp({ ...options, plugins: [adminProject()] })).toThrow();
  });
});
