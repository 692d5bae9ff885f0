/**
 * Password sign-in records its user's activity in the statement that takes the user's lock: a
 * sign-in that ends in a session sets the user's last-active time, one that waits for its second
 * factor leaves it as it was, and a wrong password changes nothing. Ten sign-ins of one user at
 * once each get a session of their own (the lock is a write lock now, taken one after the other),
 * and a reset racing a sign-in never leaves a session made with the old password alive.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { codeFromLink, latestMessage } from '../support/outbox.js';
import { expectKnownError, raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

describe.each(backends())('password sign-in activity on $name', (backend) => {
  let running: RunningServer;
  let dev: ProjectKeys;
  let mailbox: string;
  let clock = Date.UTC(2026, 10, 25, 9, 0, 0);
  beforeAll(async () => {
    running = await backend.create({ now: () => clock, resetCodeResponseTimeMs: { min: 0, max: 0 } });
    dev = running.server.seeded.dev;
    mailbox = (await running.server.listenMailbox(0)).url;
  });
  afterAll(async () => {
    await running?.close();
  });

  const signIn = (email: string, password: string) =>
    raw(running.url, '/auth/password/sign-in', { keys: dev, body: { email, password } });
  const lastActive = async (userId: string) => {
    const user = await raw(running.url, `/users/${userId}`, { keys: dev, access: 'server' });
    expect(user.status, user.text).toBe(200);
    return user.json.last_active_at_millis as number | null;
  };

  it('sets the last-active time on a sign-in that makes a session, not on a wrong password', async () => {
    const user = await signUp(running.url, dev);
    const signedUpAt = clock;
    expect(await lastActive(user.userId)).toBe(signedUpAt);
    clock += 5000;
    expectKnownError(await signIn(user.email, 'not the password at all'), 'EMAIL_PASSWORD_MISMATCH');
    expect(await lastActive(user.userId)).toBe(signedUpAt);
    clock += 5000;
    const ok = await signIn(user.email, user.password);
    expect(ok.status, ok.text).toBe(200);
    expect(Object.keys(ok.json).sort()).toEqual(['access_token', 'refresh_token', 'user_id']);
    expect(ok.json.user_id).toBe(user.userId);
    expect(await lastActive(user.userId)).toBe(clock);
    const me = await raw(running.url, '/users/me', { keys: dev, accessToken: ok.json.access_token });
    expect(me.json.id).toBe(user.userId);
  });

  it('leaves the last-active time as it was while the second factor is owed', async () => {
    const user = await signUp(running.url, dev);
    const on = await raw(running.url, '/users/me', {
      method: 'PATCH',
      keys: dev,
      accessToken: user.accessToken,
      body: { totp_secret_base64: randomBytes(20).toString('base64') },
    });
    expect(on.status, on.text).toBe(200);
    const before = await lastActive(user.userId);
    clock += 5000;
    const waiting = await signIn(user.email, user.password);
    expect(waiting.status, waiting.text).toBe(400);
    expect(waiting.json.code).toBe('MULTI_FACTOR_AUTHENTICATION_REQUIRED');
    expect(waiting.json.access_token).toBeUndefined();
    expect(await lastActive(user.userId)).toBe(before);
  });

  it('gives ten sign-ins of one user at once a session each', async () => {
    const user = await signUp(running.url, dev);
    const answers = await Promise.all(Array.from({ length: 10 }, () => signIn(user.email, user.password)));
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    expect(new Set(answers.map((a) => a.json.refresh_token)).size).toBe(10);
    for (const answer of answers) {
      const me = await raw(running.url, '/users/me', { keys: dev, accessToken: answer.json.access_token });
      expect(me.json.id).toBe(user.userId);
    }
  });

  it('never leaves a session made with the old password alive after a reset that raced it', async () => {
    // The password is verified outside the transaction; a reset may commit while it is hashed.
    // Whichever order they land in, a session made with the old password does not outlive it.
    for (let round = 0; round < 3; round++) {
      const user = await signUp(running.url, dev);
      const sent = await raw(running.url, '/auth/password/send-reset-code', {
        keys: dev,
        body: { email: user.email, callback_url: 'http://localhost:5173/handler/password-reset' },
      });
      expect(sent.status, sent.text).toBe(200);
      const code = codeFromLink(await latestMessage(mailbox, user.email));
      const [signedIn, reset] = await Promise.all([
        signIn(user.email, user.password),
        raw(running.url, '/auth/password/reset', { keys: dev, body: { code, password: 'the new password' } }),
      ]);
      expect(reset.status, reset.text).toBe(200);
      if (signedIn.status === 200) {
        const refresh = await raw(running.url, '/auth/sessions/current/refresh', {
          method: 'POST',
          keys: dev,
          refreshToken: signedIn.json.refresh_token,
        });
        expectKnownError(refresh, 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
      } else expectKnownError(signedIn, 'EMAIL_PASSWORD_MISMATCH');
      expectKnownError(await signIn(user.email, user.password), 'EMAIL_PASSWORD_MISMATCH');
      expect((await signIn(user.email, 'the new password')).status).toBe(200);
    }
  });
});
