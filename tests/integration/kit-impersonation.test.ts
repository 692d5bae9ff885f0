/**
 * The impersonation plugin against the real server, on both backends: a link made from an
 * impersonation session signs a browser app in as the user and `app.impersonation` says so; ending
 * it revokes the session. The attacker's side: a normal session's token (login CSRF), another
 * project's impersonation, a replayed link and hostile fragments are refused with nothing stored,
 * and whoever was signed in stays signed in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../core/app.js';
import { impersonation, impersonationLink } from '../../plugins/impersonation/index.js';
import { password } from '../../plugins/password/index.js';
import { serverSessions } from '../../plugins/server-sessions/index.js';
import type { ProjectKeys } from '../../server/src/index.js';
import { raw } from '../support/raw-api.js';
import { backends } from '../support/server.js';

const APP_URL = 'http://localhost:5173';
let counter = 0;
const freshEmail = () => `impersonation-${Date.now()}-${counter++}@example.com`;

describe.each(backends())('impersonation plugin on $name', (backend) => {
  let running: Awaited<ReturnType<typeof backend.create>>;
  beforeAll(async () => {
    running = await backend.create();
  });
  afterAll(async () => {
    await running?.close();
  });

  const dev = () => running.server.seeded.dev;
  const serverApp = (keys: ProjectKeys = dev()) =>
    createApp({
      projectId: keys.projectId,
      secretServerKey: keys.secretServerKey,
      baseUrl: running.url,
      tokenStore: 'memory',
      redirectMethod: 'none',
      plugins: [serverSessions()],
    });

  /** A browser app whose store and requests the test can see. */
  const browserApp = (tokens?: { refreshToken: string; accessToken: string }) => {
    const store = {
      stored: { refreshToken: tokens?.refreshToken ?? null, accessToken: tokens?.accessToken ?? null },
    };
    const requests: string[] = [];
    const app = createApp({
      projectId: dev().projectId,
      publishableClientKey: dev().publishableClientKey,
      baseUrl: running.url,
      redirectMethod: 'none',
      env: { currentUrl: () => `${APP_URL}/` },
      fetch: (input, init) => {
        requests.push(String(input));
        return fetch(input, init);
      },
      plugins: [password(), impersonation()],
      tokenStore: {
        read: async () => store.stored,
        write: async (next) => {
          store.stored = next;
        },
      },
    });
    return { app, store, requests };
  };

  async function signedUpUser() {
    const { app, store } = browserApp();
    const email = freshEmail();
    const result = await app.password.signUp({ email, password: 'correct horse 1', noRedirect: true });
    if (result.status !== 'ok') throw new Error(`sign-up failed: ${result.status}`);
    return { email, userId: result.data.userId, app, store };
  }

  async function impersonationOf(userId: string, keys?: ProjectKeys) {
    const created = await serverApp(keys).serverSessions.impersonate(userId);
    if (created.status !== 'ok') throw created.error;
    return created.data;
  }

  const linkFor = (refreshToken: string) => impersonationLink({ appUrl: APP_URL, refreshToken });

  /** Waits for the claim read that follows a user change. */
  const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('a link signs the app in as the user, in a session it knows is an impersonation', async () => {
    const { email, userId } = await signedUpUser();
    const session = await impersonationOf(userId);
    const { app, store } = browserApp();

    const handled = await app.handle(linkFor(session.refreshToken));
    expect(handled).toMatchObject({ urlName: 'impersonate', pluginId: 'impersonation' });
    expect(handled?.result).toEqual({ status: 'ok', data: { userId, isNewUser: false } });
    expect(app.user.value?.primaryEmail).toBe(email);
    expect(store.stored.refreshToken).toBe(session.refreshToken);
    await settled();
    expect(app.impersonation.active).toBe(true);
    expect(app.impersonation.current.value?.user.id).toBe(userId);
    expect(app.lastSignInMethod.value).toBe('impersonation');
  });

  it('end() revokes the session on the server and clears the tokens; the link then fails', async () => {
    const { userId } = await signedUpUser();
    const session = await impersonationOf(userId);
    const { app, store } = browserApp();
    const link = linkFor(session.refreshToken);
    expect((await app.impersonation.acceptLink(link, { noRedirect: true })).status).toBe('ok');
    await settled();

    expect(await app.impersonation.end({ noRedirect: true })).toBe(true);
    expect(store.stored).toEqual({ refreshToken: null, accessToken: null });
    expect(app.user.value).toBeNull();
    expect(app.impersonation.current.value).toBeNull();
    const refresh = await raw(running.url, '/auth/sessions/current/refresh', {
      keys: dev(),
      refreshToken: session.refreshToken,
      body: {},
    });
    expect(refresh.json?.code).toBe('REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');

    // Replaying the link, in this tab or another, signs nobody in.
    const replay = browserApp();
    const replayed = await replay.app.impersonation.acceptLink(link, { noRedirect: true });
    expect(replayed.status === 'error' && replayed.error.code).toBe('IMPERSONATION_LINK_EXPIRED');
    expect(replay.store.stored.refreshToken).toBeNull();
  });

  it('refuses a normal session’s token (login CSRF): nothing stored, the victim stays signed in', async () => {
    const attacker = await signedUpUser();
    const victim = await signedUpUser();
    const victimTokens = { ...victim.store.stored };
    const attackerRefresh = attacker.store.stored.refreshToken!;

    const result = await victim.app.impersonation.acceptLink(linkFor(attackerRefresh));
    expect(result.status === 'error' && result.error.code).toBe('NOT_AN_IMPERSONATION');
    expect(result.status === 'error' && result.error.message).toMatch(/nobody was signed in/);
    expect(victim.store.stored).toEqual(victimTokens);
    expect((await victim.app.refreshUser())?.id).toBe(victim.userId);

    // A server-made session that is not marked as impersonation is refused the same way.
    const plain = await serverApp().serverSessions.create({
      userId: attacker.userId,
      isImpersonation: false,
    });
    if (plain.status !== 'ok') throw plain.error;
    const { app, store } = browserApp();
    const refused = await app.impersonation.acceptLink(linkFor(plain.data.refreshToken));
    expect(refused.status === 'error' && refused.error.code).toBe('NOT_AN_IMPERSONATION');
    expect(store.stored.refreshToken).toBeNull();
    expect(app.user.value).toBeNull();
  });

  it('refuses another project’s impersonation session', async () => {
    const internal = running.server.seeded.internal;
    const user = await raw(running.url, '/users', {
      keys: internal,
      access: 'server',
      body: { primary_email: freshEmail() },
    });
    expect(user.status, user.text).toBe(201);
    const session = await impersonationOf(user.json.id, internal);
    const { app, store } = browserApp();
    const result = await app.impersonation.acceptLink(linkFor(session.refreshToken));
    expect(result.status === 'error' && result.error.code).toBe('IMPERSONATION_LINK_EXPIRED');
    expect(store.stored.refreshToken).toBeNull();
  });

  it('refuses hostile fragments before any request, with words, never a throw', async () => {
    const { app, store, requests } = browserApp();
    const fragments = [
      '',
      '#',
      '#refresh_token=',
      '#refresh_token=%00abc',
      '#refresh_token=a%00',
      '#refresh_token=%ED%A0%80',
      '#refresh_token=\uD800abc',
      '#refresh_token=a\u0000b',
      '#refresh_token=a%20b',
      `#refresh_token=${'a'.repeat(70_000)}`,
      `#${'x'.repeat(70_000)}`,
      '#access_token=abc',
      '#refresh_token=%',
    ];
    for (const fragment of fragments) {
      const result = await app.impersonation.acceptLink(`${APP_URL}/handler/impersonate${fragment}`);
      expect(result.status === 'error' && result.error.code, fragment.slice(0, 40)).toBe(
        'IMPERSONATION_LINK_INVALID',
      );
      expect(result.status === 'error' && result.error.message).toMatch(/incomplete or damaged/);
    }
    expect(requests).toEqual([]);
    expect(store.stored.refreshToken).toBeNull();

    // A well-formed token the server never issued is a refusal too, not an error thrown.
    const unknown = await app.impersonation.acceptLink(linkFor('0'.repeat(45)));
    expect(unknown.status === 'error' && unknown.error.code).toBe('IMPERSONATION_LINK_EXPIRED');
  });

  it('a normal session is no impersonation, and end() leaves it alone', async () => {
    const { app, store, userId } = await signedUpUser();
    await app.refreshUser();
    await settled();
    expect(app.user.value?.id).toBe(userId);
    expect(app.impersonation.active).toBe(false);
    expect(await app.impersonation.end({ noRedirect: true })).toBe(false);
    expect(store.stored.refreshToken).not.toBeNull();
    expect((await app.refreshUser())?.id).toBe(userId);
  });
});
