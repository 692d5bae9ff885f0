/**
 * Password sign-in records its user's activity in the statement that takes the user's lock: a
 * sign-in that ends in a session sets the user's last-active time, one that waits for its second
 * factor leaves it as it was, and a wrong password changes nothing. Ten sign-ins of one user at
 * once each get a session of their own (the lock is a write lock now, taken one after the other).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { expectKnownError, raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

describe.each(backends())('password sign-in activity on $name', (backend) => {
  let running: RunningServer;
  let dev: ProjectKeys;
  let clock = Date.UTC(2026, 10, 25, 9, 0, 0);
  beforeAll(async () => {
    running = await backend.create({ now: () => clock });
    dev = running.server.seeded.dev;
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
});
