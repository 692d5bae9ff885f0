/**
 * Removing a user's second factor from server code (the console's "Remove two-factor"):
 * `serverUsers.update(id, { totpSecretBase64: null })` sends `totp_secret_base64: null`, after which
 * the user's password signs in without a code; a secret set the same way turns the factor on.
 * Another project's server key cannot touch the user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../core/app.js';
import type { Result } from '../../core/result.js';
import { password } from '../../plugins/password/index.js';
import { serverUsers } from '../../plugins/server-users/index.js';
import { createOwnedProject, signUpOwner } from '../support/owner.js';
import { freshEmail } from '../support/raw-api.js';
import { backends } from '../support/server.js';

function ok<T>(result: Result<T, string>): T {
  if (result.status !== 'ok')
    throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.data;
}

describe.each(backends())('serverUsers two-factor removal on $name', (backend) => {
  let running: Awaited<ReturnType<typeof backend.create>>;
  beforeAll(async () => {
    running = await backend.create();
  });
  afterAll(async () => {
    await running?.close();
  });

  const keys = () => running.server.seeded.dev;
  const serverApp = (project = keys()) =>
    createApp({
      projectId: project.projectId,
      secretServerKey: project.secretServerKey,
      baseUrl: running.url,
      tokenStore: 'memory',
      redirectMethod: 'none',
      plugins: [serverUsers()],
    });
  const clientApp = () =>
    createApp({
      projectId: keys().projectId,
      publishableClientKey: keys().publishableClientKey,
      baseUrl: running.url,
      tokenStore: 'memory',
      redirectMethod: 'none',
      env: { currentUrl: () => 'http://localhost:5173/' },
      plugins: [password()],
    });

  it('turns TOTP on with a secret and off with null; the password then signs in without a code', async () => {
    const server = serverApp();
    const email = freshEmail();
    const user = ok(
      await server.serverUsers.create({
        primaryEmail: email,
        primaryEmailAuthEnabled: true,
        password: 'two factor pass 1',
      }),
    );
    expect(user.isMultiFactorRequired).toBe(false);

    const secret = Buffer.alloc(20, 7).toString('base64');
    expect(
      ok(await server.serverUsers.update(user.id, { totpSecretBase64: secret })).isMultiFactorRequired,
    ).toBe(true);
    const asked = await clientApp().password.signIn({
      email,
      password: 'two factor pass 1',
      noRedirect: true,
    });
    expect(asked.status).toBe('second-factor-required');

    const removed = ok(await server.serverUsers.update(user.id, { totpSecretBase64: null }));
    expect(removed.isMultiFactorRequired).toBe(false);
    expect((await server.serverUsers.get(user.id))?.isMultiFactorRequired).toBe(false);
    const signedIn = await clientApp().password.signIn({
      email,
      password: 'two factor pass 1',
      noRedirect: true,
    });
    expect(signedIn.status).toBe('ok');
  });

  it("another project's server key cannot remove the factor", async () => {
    const server = serverApp();
    const user = ok(
      await server.serverUsers.create({
        primaryEmail: freshEmail(),
        primaryEmailAuthEnabled: true,
        totpSecretBase64: Buffer.alloc(20, 9).toString('base64'),
      }),
    );
    const internal = running.server.seeded.internal;
    const owner = await signUpOwner(running.url, internal);
    const other = await createOwnedProject(running.url, internal, owner, { display_name: 'Elsewhere' });
    const result = await serverApp(other).serverUsers.update(user.id, { totpSecretBase64: null });
    expect(result.status === 'error' && result.error.code).toBe('USER_NOT_FOUND');
    expect((await server.serverUsers.get(user.id))?.isMultiFactorRequired).toBe(true);
  });
});
