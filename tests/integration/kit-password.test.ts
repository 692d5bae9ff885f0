/**
 * The kit against the real server, in process, on every reachable database backend: the calls a
 * host app makes, as it makes them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../core/app.js';
import { HttpStatusError, SignetError } from '../../core/errors/signet-error.js';
import { password } from '../../plugins/password/index.js';
import { backends } from '../support/server.js';

const PAGE = 'http://localhost:5173/';
let counter = 0;
const freshEmail = () => `user-${Date.now()}-${counter++}@example.com`;

describe.each(backends())('kit with password plugin on $name', (backend) => {
  let running: Awaited<ReturnType<typeof backend.create>>;
  let clock = Date.now();
  const refreshCalls: string[] = [];

  beforeAll(async () => {
    running = await backend.create({ now: () => clock });
  });
  afterAll(async () => {
    await running?.close();
  });

  function makeApp(tokenStore: Parameters<typeof createApp>[0]['tokenStore'] = 'memory') {
    const keys = running.server.seeded.dev;
    return createApp({
      projectId: keys.projectId,
      publishableClientKey: keys.publishableClientKey,
      baseUrl: running.url,
      tokenStore,
      redirectMethod: 'none',
      env: { currentUrl: () => PAGE, now: () => clock },
      plugins: [password()],
      fetch: (input, init) => {
        const url = String(input instanceof Request ? input.url : input);
        if (url.endsWith('/auth/oauth/token')) refreshCalls.push(url);
        return fetch(input, init);
      },
    });
  }

  it('signs up, is signed in, and reads the user', async () => {
    const app = makeApp();
    const email = freshEmail();
    const result = await app.password.signUp({ email, password: 'correct horse battery' });
    expect(result.status).toBe('ok');
    expect(app.status.value).toBe('signed-in');
    expect(app.user.value).toMatchObject({
      primaryEmail: email,
      primaryEmailVerified: false,
      hasPassword: true,
    });
  });

  it('reports a duplicate email as USER_EMAIL_ALREADY_EXISTS', async () => {
    const email = freshEmail();
    await makeApp().password.signUp({ email, password: 'correct horse battery' });
    const again = await makeApp().password.signUp({ email, password: 'another password' });
    expect(again.status).toBe('error');
    if (again.status === 'error') {
      expect(again.error.code).toBe('USER_EMAIL_ALREADY_EXISTS');
      expect(again.error.status).toBe(409);
    }
  });

  it('refuses a wrong password with the spec message, and signs in with the right one', async () => {
    const email = freshEmail();
    await makeApp().password.signUp({ email, password: 'correct horse battery' });
    const app = makeApp();
    const wrong = await app.password.signIn({ email, password: 'wrong password!' });
    expect(wrong).toMatchObject({
      status: 'error',
      error: { code: 'EMAIL_PASSWORD_MISMATCH', message: 'Wrong e-mail or password.' },
    });
    expect(app.user.value).toBeNull();
    const right = await app.password.signIn({ email, password: 'correct horse battery' });
    expect(right.status).toBe('ok');
    expect(app.user.value?.primaryEmail).toBe(email);
  });

  it('returns password-length errors from the server as results', async () => {
    const result = await makeApp().password.signUp({ email: freshEmail(), password: 'short' });
    expect(result).toMatchObject({
      status: 'error',
      error: { code: 'PASSWORD_TOO_SHORT', details: { min_length: 8 } },
    });
  });

  it('refreshes the access token once it has expired, in one request for many calls', async () => {
    const app = makeApp();
    await app.password.signUp({ email: freshEmail(), password: 'correct horse battery' });
    refreshCalls.length = 0;
    clock += 11 * 60 * 1000; // past the 10-minute access token
    const users = await Promise.all([app.refreshUser(), app.refreshUser(), app.http.request('/users/me')]);
    expect(users[0]?.id).toBeTruthy();
    expect(refreshCalls).toHaveLength(1);
  });

  it('after sign-out the old refresh token no longer works', async () => {
    const store = new Map<string, string>();
    const driverStore = {
      read: async () => ({ accessToken: store.get('a') ?? null, refreshToken: store.get('r') ?? null }),
      write: async (t: { accessToken: string | null; refreshToken: string | null }) => {
        for (const [k, v] of [
          ['a', t.accessToken],
          ['r', t.refreshToken],
        ] as const) {
          if (v) store.set(k, v);
          else store.delete(k);
        }
      },
    };
    const app = makeApp(driverStore);
    await app.password.signUp({ email: freshEmail(), password: 'correct horse battery' });
    const oldRefresh = store.get('r')!;
    await app.signOut();
    expect(app.user.value).toBeNull();
    expect(app.status.value).toBe('signed-out');
    expect(store.size).toBe(0);

    // A second app that still holds the old refresh token finds itself signed out.
    const stale = makeApp({
      read: async () => ({ accessToken: null, refreshToken: oldRefresh }),
      write: async () => {},
    });
    expect(await stale.getUser()).toBeNull();
    expect(stale.status.value).toBe('signed-out');
  });

  it('updates display name, client metadata and profile image', async () => {
    const app = makeApp();
    await app.password.signUp({ email: freshEmail(), password: 'correct horse battery' });
    const image = 'data:image/png;base64,iVBORw0KGgo=';
    const updated = await app.updateUser({
      displayName: 'Ada',
      clientMetadata: { theme: 'dark' },
      profileImageUrl: image,
    });
    expect(updated).toMatchObject({
      displayName: 'Ada',
      clientMetadata: { theme: 'dark' },
      profileImageUrl: image,
    });
    // Read back from the server, not from the local signal.
    expect((await app.refreshUser())?.displayName).toBe('Ada');
  });

  it('gets SCHEMA_ERROR for a bad body, and nothing is written', async () => {
    const app = makeApp();
    await app.password.signUp({ email: freshEmail(), password: 'correct horse battery' });
    const unknownField = (await app.http
      .request('/users/me', { method: 'PATCH', body: { display_name: 'X', is_admin: true } })
      .catch((e) => e)) as SignetError;
    expect(unknownField).toBeInstanceOf(SignetError);
    expect(unknownField).toMatchObject({ code: 'SCHEMA_ERROR', status: 400 });
    expect(unknownField.message).toContain('is_admin');
    const wrongType = await app.http
      .request('/users/me', { method: 'PATCH', body: { display_name: 42 } })
      .catch((e) => e);
    expect(wrongType).toMatchObject({ code: 'SCHEMA_ERROR' });
    expect((await app.refreshUser())?.displayName).toBeNull();
  });

  it('refuses client-side deletion unless the project allows it', async () => {
    const app = makeApp();
    await app.password.signUp({ email: freshEmail(), password: 'correct horse battery' });
    const error = await app.deleteUser().catch((e) => e);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(error.status).toBe(400);
    expect(app.user.value).not.toBeNull();
  });

  it('loads the project client view', async () => {
    const project = await makeApp().getProject();
    expect(project.config).toMatchObject({ credentialEnabled: true, signUpEnabled: true });
  });
});
