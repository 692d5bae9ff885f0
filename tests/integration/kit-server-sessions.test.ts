/**
 * A server app (secret server key) with the server-sessions plugin against the real server: it
 * creates a session that signs a browser app in as the user, lists and revokes sessions, and its
 * key is what makes the difference — the same calls with a client app's key are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../core/app.js';
import { SignetError } from '../../core/errors/signet-error.js';
import { password } from '../../plugins/password/index.js';
import { serverSessions } from '../../plugins/server-sessions/index.js';
import { backends } from '../support/server.js';

let counter = 0;
const freshEmail = () => `server-sessions-${Date.now()}-${counter++}@example.com`;

describe.each(backends())('server-sessions plugin on $name', (backend) => {
  let running: Awaited<ReturnType<typeof backend.create>>;
  beforeAll(async () => {
    running = await backend.create();
  });
  afterAll(async () => {
    await running?.close();
  });

  const keys = () => running.server.seeded.dev;
  const serverApp = (secretServerKey = keys().secretServerKey) =>
    createApp({
      projectId: keys().projectId,
      secretServerKey,
      baseUrl: running.url,
      tokenStore: 'memory',
      redirectMethod: 'none',
      plugins: [serverSessions()],
    });
  const browserApp = (tokens?: { refreshToken: string; accessToken: string }) => {
    let stored = { refreshToken: tokens?.refreshToken ?? null, accessToken: tokens?.accessToken ?? null };
    return createApp({
      projectId: keys().projectId,
      publishableClientKey: keys().publishableClientKey,
      baseUrl: running.url,
      redirectMethod: 'none',
      env: { currentUrl: () => 'http://localhost:5173/' },
      plugins: [password()],
      tokenStore: {
        read: async () => stored,
        write: async (next) => {
          stored = next;
        },
      },
    });
  };

  async function signedUpUser() {
    const app = browserApp();
    const email = freshEmail();
    const result = await app.password.signUp({ email, password: 'correct horse 1', noRedirect: true });
    if (result.status !== 'ok') throw new Error(`sign-up failed: ${result.status}`);
    return { email, userId: result.data.userId, app };
  }

  it('creates a session that signs a browser app in as that user', async () => {
    const { email, userId } = await signedUpUser();
    const created = await serverApp().serverSessions.create({ userId, expiresInMillis: 60_000 });
    if (created.status !== 'ok') throw created.error;
    const user = await browserApp(created.data).getUser();
    expect(user?.id).toBe(userId);
    expect(user?.primaryEmail).toBe(email);
  });

  it('answers an unknown user and a wrong key with their wire errors', async () => {
    const unknown = await serverApp().serverSessions.create({
      userId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status === 'error' && unknown.error.code).toBe('USER_ID_DOES_NOT_EXIST');
    const wrongKey = serverApp('ssk_wrong').serverSessions.create({ userId: 'me' });
    await expect(wrongKey).rejects.toBeInstanceOf(SignetError);
    await expect(wrongKey).rejects.toMatchObject({ code: 'INVALID_SECRET_SERVER_KEY' });
  });

  it('lists the user’s sessions and revokes one, whose tokens then stop working', async () => {
    const { userId, app: first } = await signedUpUser();
    const server = serverApp();
    const created = await server.serverSessions.create({ userId });
    if (created.status !== 'ok') throw created.error;
    const second = browserApp(created.data);
    expect((await second.getUser())?.id).toBe(userId);

    const sessions = await server.serverSessions.list(userId);
    expect(sessions).toHaveLength(2);
    expect(sessions.every((s) => s.userId === userId && !s.isImpersonation)).toBe(true);

    const firstTokens = await first.http
      .request<{ id: string }[]>('/auth/sessions?user_id=me')
      .then((json) => (json as unknown as { items: { id: string; is_current_session: boolean }[] }).items);
    const firstSession = firstTokens.find((s) => s.is_current_session);
    if (!firstSession) throw new Error('no current session listed');
    await server.serverSessions.revoke({ userId, sessionId: firstSession.id });
    expect((await server.serverSessions.list(userId)).map((s) => s.id)).not.toContain(firstSession.id);
    // The revoked session is signed out; the other one is untouched.
    expect(await first.refreshUser()).toBeNull();
    expect((await second.refreshUser())?.id).toBe(userId);
  });
});
