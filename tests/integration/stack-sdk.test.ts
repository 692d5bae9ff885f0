/**
 * Stack's own SDK, unchanged (`@stackframe/js` 2.7.23, the npm release nearest the wire's
 * reference commit), against signet: an owner signs up on the internal project, creates and
 * configures a project (production mode refused until valid), creates an API key that a
 * StackServerApp then uses, which creates, finds, updates, impersonates and deletes users; the
 * key revoked is refused. A StackAdminApp with the project's admin key reads the project and its
 * keys.
 */
import { randomBytes } from 'node:crypto';
import { StackAdminApp, StackClientApp, StackServerApp } from '@stackframe/js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { backends, type RunningServer } from '../support/server.js';
import { totp } from '../support/totp.js';

const INTERNAL_KEY = `pck_${'s'.repeat(45)}`;

describe.each(backends())('Stack SDK against signet on $name', (backend) => {
  let running: RunningServer;
  let dev: ProjectKeys;
  beforeAll(async () => {
    running = await backend.create({ seed: { internal: { publishableClientKey: INTERNAL_KEY } } });
    dev = running.server.seeded.dev;
  });
  afterAll(async () => {
    await running?.close();
  });

  it('an owner creates and configures a project and manages its users through StackServerApp', async () => {
    const baseUrl = running.url;
    const dashboard = new StackClientApp({
      projectId: 'internal',
      publishableClientKey: INTERNAL_KEY,
      baseUrl,
      tokenStore: 'memory',
      noAutomaticPrefetch: true,
    });
    const signedUp = await dashboard.signUpWithCredential({
      email: `owner-${Date.now()}@example.com`,
      password: 'owner password 1',
      noRedirect: true,
      verificationCallbackUrl: 'http://localhost:3000/handler/email-verification',
    });
    expect(signedUp.status).toBe('ok');
    const owner = await dashboard.getUser({ or: 'throw' });
    const created = await owner.createProject({ displayName: 'Made with the Stack SDK' });
    const [project] = await owner.listOwnedProjects();
    expect(project?.id).toBe(created.id);

    // Production mode: the SDK's own check names the problem; the server takes the switch anyway,
    // as the reference does, and the problem stays listed until the config is fixed.
    expect((await project!.getProductionModeErrors()).map((e) => e.message)).toEqual([
      "Localhost is not allowed in production mode, turn off 'Allow localhost' in project settings",
    ]);
    await project!.update({ isProductionMode: true });
    expect((await project!.app.getProject()).isProductionMode).toBe(true);
    await project!.update({
      config: {
        allowLocalhost: false,
        domains: [{ domain: 'https://shop.example.com', handlerPath: '/handler' }],
      },
    });
    const configured = await project!.app.getProject();
    expect(configured.isProductionMode).toBe(true);
    expect(configured.config.domains).toEqual([
      { domain: 'https://shop.example.com', handlerPath: '/handler' },
    ]);

    // An API key, used by a StackServerApp.
    const key = await project!.app.createApiKey({
      description: 'backend',
      expiresAt: new Date(Date.now() + 3600_000),
      hasPublishableClientKey: true,
      hasSecretServerKey: true,
      hasSuperSecretAdminKey: false,
    });
    const server = new StackServerApp({
      projectId: created.id,
      baseUrl,
      publishableClientKey: key.publishableClientKey!,
      secretServerKey: key.secretServerKey!,
      tokenStore: 'memory',
    });
    const user = await server.createUser({
      primaryEmail: 'customer@example.com',
      primaryEmailVerified: true,
      primaryEmailAuthEnabled: true,
      password: 'customer password',
      displayName: 'Customer',
    });
    expect((await server.listUsers({ query: 'customer@' })).map((u) => u.id)).toEqual([user.id]);
    await user.update({ displayName: 'Renamed', serverMetadata: { plan: 'pro' } });
    const read = await server.getUser(user.id);
    expect(read?.displayName).toBe('Renamed');
    expect(read?.serverMetadata).toEqual({ plan: 'pro' });
    const session = await read!.createSession({ expiresInMillis: 3600_000 });
    const tokens = await session.getTokens();
    expect(tokens.accessToken).toBeTruthy();
    await read!.delete();
    expect(await server.listUsers()).toHaveLength(0);

    // Revoked, the key is refused.
    const [listed] = (await project!.app.listApiKeys()).filter((k) => k.id === key.id);
    await listed!.revoke();
    await expect(server.listUsers()).rejects.toThrow('The secret server key is not valid');
  });

  it('signs in with a password, meets the second factor and completes it at mfa/sign-in', async () => {
    // A clock of its own, so the code computed here is the one the server expects.
    const clock = Date.UTC(2026, 10, 24, 12, 0, 10);
    const server = await backend.create({ now: () => clock });
    try {
      const keys = server.server.seeded.dev;
      const secret = randomBytes(20);
      const backendApp = new StackServerApp({
        projectId: keys.projectId,
        baseUrl: server.url,
        publishableClientKey: keys.publishableClientKey,
        secretServerKey: keys.secretServerKey,
        tokenStore: 'memory',
      });
      const user = await backendApp.createUser({
        primaryEmail: 'two-factor@example.com',
        primaryEmailAuthEnabled: true,
        primaryEmailVerified: true,
        password: 'two factor password',
      });
      await user.update({ totpMultiFactorSecret: new Uint8Array(secret) });
      const client = new StackClientApp({
        projectId: keys.projectId,
        publishableClientKey: keys.publishableClientKey,
        baseUrl: server.url,
        tokenStore: 'memory',
        noAutomaticPrefetch: true,
      });
      // The SDK asks for the code with window.prompt, its one way in; here the test answers it.
      const prompted: string[] = [];
      const withPrompt = globalThis as { prompt?: (message: string) => string };
      withPrompt.prompt = (message) => {
        prompted.push(message);
        return totp(secret, clock);
      };
      try {
        const result = await client.signInWithCredential({
          email: 'two-factor@example.com',
          password: 'two factor password',
          noRedirect: true,
        });
        expect(result.status).toBe('ok');
      } finally {
        delete withPrompt.prompt;
      }
      expect(prompted).toHaveLength(1);
      expect((await client.getUser({ or: 'throw' })).id).toBe(user.id);
    } finally {
      await server.close();
    }
  });

  it('a StackAdminApp with the admin key reads the project, its keys and its emails', async () => {
    const admin = new StackAdminApp({
      projectId: dev.projectId,
      baseUrl: running.url,
      publishableClientKey: dev.publishableClientKey,
      secretServerKey: dev.secretServerKey,
      superSecretAdminKey: dev.superSecretAdminKey,
      tokenStore: 'memory',
    });
    const project = await admin.getProject();
    expect(project.id).toBe(dev.projectId);
    expect(project.config.credentialEnabled).toBe(true);
    const key = await admin.createApiKey({
      description: 'from the SDK',
      expiresAt: new Date(Date.now() + 3600_000),
      hasPublishableClientKey: false,
      hasSecretServerKey: true,
      hasSuperSecretAdminKey: false,
    });
    expect(key.secretServerKey).toMatch(/^ssk_/);
    expect((await admin.listApiKeys()).map((k) => k.id)).toContain(key.id);
    expect((await admin.listEmailTemplates()).map((t) => t.type)).toContain('magic_link');
  });
});
