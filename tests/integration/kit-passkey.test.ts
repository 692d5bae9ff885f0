/**
 * The passkey plugin against the real server, its WebAuthn calls answered by the software
 * authenticator (the Chromium end-to-end test uses the browser's virtual one): a signed-in user
 * adds passkeys, lists, renames and removes them, and signs in with one; the RP-id sentinel is
 * replaced by the page's hostname; the product's messages for a server that will not start a
 * ceremony, a browser that refuses one, and a page whose hostname cannot be an RP id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../core/app.js';
import { passkey, type WebAuthnClient } from '../../plugins/passkey/index.js';
import { password } from '../../plugins/password/index.js';
import { patchConfig } from '../support/outbox.js';
import { freshEmail } from '../support/raw-api.js';
import { backends } from '../support/server.js';
import { SoftwareAuthenticator } from '../support/software-authenticator.js';

const PAGE = 'http://localhost:5173/handler/sign-in';

/** The software authenticator in the browser's place, recording the options it was handed. */
function softwareWebAuthn(
  authenticator: SoftwareAuthenticator,
  seen: Record<string, unknown>[] = [],
): WebAuthnClient {
  const place = { origin: new URL(PAGE).origin };
  return {
    isSupported: () => true,
    create: async (options) => {
      seen.push(options);
      return authenticator.create(options as { challenge: string; user: { id: string } }, {
        ...place,
        rpId: (options.rp as { id: string }).id,
      });
    },
    get: async (options) => {
      seen.push(options);
      return authenticator.get(options as { challenge: string }, { ...place, rpId: options.rpId as string });
    },
  };
}

describe.each(backends())('passkey plugin on $name', (backend) => {
  let running: Awaited<ReturnType<typeof backend.create>>;
  beforeAll(async () => {
    running = await backend.create();
    await patchConfig(running.url, running.server.seeded.dev, { passkey_enabled: true });
  });
  afterAll(async () => {
    await running?.close();
  });

  const makeApp = (webauthn: WebAuthnClient, currentUrl = PAGE) =>
    createApp({
      projectId: running.server.seeded.dev.projectId,
      publishableClientKey: running.server.seeded.dev.publishableClientKey,
      baseUrl: running.url,
      tokenStore: 'memory',
      redirectMethod: 'none',
      env: { currentUrl: () => currentUrl },
      plugins: [password(), passkey({ webauthn })],
    });

  it('adds passkeys for the signed-in user and signs in with one', async () => {
    const authenticator = new SoftwareAuthenticator();
    const seen: Record<string, unknown>[] = [];
    const app = makeApp(softwareWebAuthn(authenticator, seen));
    const email = freshEmail();
    await app.password.signUp({ email, password: 'passkey password 1', noRedirect: true });
    await app.ready();
    expect(app.user.value?.passkeyAuthEnabled).toBe(false);

    expect((await app.passkey.register({ name: 'Laptop' })).status).toBe('ok');
    expect((seen[0]!.rp as { id: string }).id).toBe('localhost');
    expect(app.user.value?.passkeyAuthEnabled).toBe(true);
    expect((await app.passkey.register()).status).toBe('ok');
    const list = await app.passkey.list();
    expect(list.map((p) => p.name)).toEqual(['Laptop', 'Passkey 2']);
    expect(list[0]!.createdAt).toBeInstanceOf(Date);
    expect((await app.passkey.rename(list[1]!.id, 'Phone')).name).toBe('Phone');

    await app.signOut();
    const signedIn = await app.passkey.signIn({ noRedirect: true });
    expect(signedIn).toMatchObject({ status: 'ok', data: { isNewUser: false } });
    expect(seen.at(-1)!.rpId).toBe('localhost');
    expect(app.user.value?.primaryEmail).toBe(email);
    expect(app.lastSignInMethod.value).toBe('passkey');

    await app.passkey.remove(list[1]!.id);
    await app.passkey.remove(list[0]!.id);
    expect(app.user.value?.passkeyAuthEnabled).toBe(false);
    await app.signOut();
    const gone = await app.passkey.signIn({ noRedirect: true });
    expect(gone.status === 'error' && [gone.error.code, gone.error.message]).toEqual([
      'PASSKEY_AUTHENTICATION_FAILED',
      'Passkey not found',
    ]);
  });

  it('says why a ceremony could not start or was refused', async () => {
    const refusing: WebAuthnClient = {
      isSupported: () => true,
      create: async () => {
        throw new Error('the authenticator fell over');
      },
      get: async () => {
        throw new Error('nothing');
      },
    };
    const app = makeApp(refusing);
    // Signed out, the server will not start a registration.
    const notSignedIn = await app.passkey.register();
    expect(notSignedIn.status === 'error' && [notSignedIn.error.code, notSignedIn.error.message]).toEqual([
      'PASSKEY_REGISTRATION_FAILED',
      'Failed to get initiation options for passkey registration',
    ]);
    await app.password.signUp({ email: freshEmail(), password: 'passkey password 2', noRedirect: true });
    const unknown = await app.passkey.register();
    expect(unknown.status === 'error' && unknown.error.message).toBe(
      'Failed to start passkey registration due to unknown error',
    );
    const failed = await app.passkey.signIn({ noRedirect: true });
    expect(failed.status === 'error' && failed.error.message).toBe('Failed to sign in with passkey');

    // A page on an IP address cannot be a relying party.
    const onIp = makeApp(softwareWebAuthn(new SoftwareAuthenticator()), 'http://127.0.0.1:5173/');
    const ip = await onIp.passkey.signIn({ noRedirect: true });
    expect(ip.status === 'error' && [ip.error.code, ip.error.details]).toEqual([
      'PASSKEY_WEBAUTHN_ERROR',
      { message: '127.0.0.1 is not a valid domain for a passkey', code: 'ERROR_INVALID_DOMAIN' },
    ]);

    await patchConfig(running.url, running.server.seeded.dev, { passkey_enabled: false });
    try {
      const off = await makeApp(softwareWebAuthn(new SoftwareAuthenticator())).passkey.signIn({
        noRedirect: true,
      });
      expect(off.status === 'error' && off.error.message).toBe(
        'Failed to get initiation options for passkey authentication',
      );
    } finally {
      await patchConfig(running.url, running.server.seeded.dev, { passkey_enabled: true });
    }
  });
});
