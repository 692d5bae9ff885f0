/**
 * The sessions plugin (a signed-in user's own sessions) against the real server: two browsers of
 * one user see the same sessions with their own marked current, one revokes the other, whose
 * next request is refused; its own session cannot be revoked this way; another user's sessions
 * are out of reach; two browsers revoking each other at once leave no session half alive.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../core/app.js';
import { password } from '../../plugins/password/index.js';
import { sessions } from '../../plugins/sessions/index.js';
import { backends } from '../support/server.js';

let counter = 0;
const freshEmail = () => `sessions-${Date.now()}-${counter++}@example.com`;
const PASSWORD = 'correct horse 1';

describe.each(backends())('sessions plugin on $name', (backend) => {
  let running: Awaited<ReturnType<typeof backend.create>>;
  beforeAll(async () => {
    running = await backend.create();
  });
  afterAll(async () => {
    await running?.close();
  });

  /** A browser app of its own (its own token store), as a second device would be. */
  const browserApp = () =>
    createApp({
      projectId: running.server.seeded.dev.projectId,
      publishableClientKey: running.server.seeded.dev.publishableClientKey,
      baseUrl: running.url,
      redirectMethod: 'none',
      env: { currentUrl: () => 'http://localhost:5173/' },
      tokenStore: 'memory',
      plugins: [password(), sessions()],
    });

  /** A user signed up in one browser and signed in in another. */
  async function userInTwoBrowsers() {
    const email = freshEmail();
    const first = browserApp();
    const signedUp = await first.password.signUp({ email, password: PASSWORD, noRedirect: true });
    if (signedUp.status !== 'ok') throw new Error(`sign-up failed: ${JSON.stringify(signedUp)}`);
    const second = browserApp();
    const signedIn = await second.password.signIn({ email, password: PASSWORD, noRedirect: true });
    if (signedIn.status !== 'ok') throw new Error(`sign-in failed: ${JSON.stringify(signedIn)}`);
    return { first, second, userId: signedUp.data.userId };
  }

  it('lists the same sessions in both browsers, each marking its own, newest first', async () => {
    const { first, second } = await userInTwoBrowsers();
    const seenByFirst = await first.sessions.list();
    const seenBySecond = await second.sessions.list();
    expect(seenByFirst).toHaveLength(2);
    expect(seenByFirst.map((s) => s.id)).toEqual(seenBySecond.map((s) => s.id));
    expect(seenByFirst.filter((s) => s.isCurrent)).toHaveLength(1);
    // The second browser signed in last: it is first in the list, and current only there.
    expect(seenBySecond[0]?.isCurrent).toBe(true);
    expect(seenByFirst[1]?.isCurrent).toBe(true);
    expect(seenByFirst[0]!.createdAt).toBeGreaterThanOrEqual(seenByFirst[1]!.createdAt);
    for (const session of seenByFirst) {
      expect(session.createdAt).toBeGreaterThan(Date.now() - 60_000);
      if (session.lastUsedAt !== null) expect(session.lastUsedAt).toBeGreaterThan(Date.now() - 60_000);
    }
  });

  it('revokes the other browser, whose next request is refused, and keeps this one', async () => {
    const { first, second, userId } = await userInTwoBrowsers();
    const other = (await first.sessions.list()).find((s) => !s.isCurrent)!;
    const revoked = await first.sessions.revoke(other.id);
    expect(revoked).toEqual({ status: 'ok', data: undefined });

    // Its access token has not expired, but it carries no user any more, and refreshing fails.
    expect(await second.refreshUser()).toBeNull();
    expect(second.status.value).toBe('signed-out');
    expect((await first.refreshUser())?.id).toBe(userId);
    expect((await first.sessions.list()).map((s) => s.id)).not.toContain(other.id);
  });

  it('refuses to revoke this browser’s own session: signing out is the way', async () => {
    const { first } = await userInTwoBrowsers();
    const current = (await first.sessions.list()).find((s) => s.isCurrent)!;
    const result = await first.sessions.revoke(current.id);
    expect(result.status === 'error' && result.error.code).toBe('CANNOT_DELETE_CURRENT_SESSION');
    expect((await first.sessions.list()).some((s) => s.id === current.id)).toBe(true);
  });

  it('cannot touch another user’s sessions', async () => {
    const victim = await userInTwoBrowsers();
    const attacker = await userInTwoBrowsers();
    const victimSessions = await victim.first.sessions.list();
    // Listing someone else's by id is refused in words; ids from their list revoke nothing.
    await expect(
      attacker.first.http.request(`/auth/sessions?user_id=${victim.userId}`),
    ).rejects.toMatchObject({ status: 403 });
    for (const session of victimSessions) await attacker.first.sessions.revoke(session.id);
    expect((await victim.first.sessions.list()).map((s) => s.id)).toEqual(victimSessions.map((s) => s.id));
    expect((await victim.second.refreshUser())?.id).toBe(victim.userId);
    expect(await attacker.first.sessions.list()).toHaveLength(2);
  });

  it('refuses an id that would reach another endpoint, before any request', async () => {
    const { first } = await userInTwoBrowsers();
    // DELETE /auth/sessions/?user_id=me or /auth/sessions/.. would not name a session.
    for (const id of ['', '.', '..', '\ud800'])
      await expect(first.sessions.revoke(id)).rejects.toThrow(TypeError);
    expect(await first.sessions.list()).toHaveLength(2);
  });

  it('revokes all the others, and treats one that ended meanwhile as ended', async () => {
    const { first, second, userId } = await userInTwoBrowsers();
    const third = browserApp();
    const email = (await first.getUser())!.primaryEmail!;
    await third.password.signIn({ email, password: PASSWORD, noRedirect: true });
    expect(await first.sessions.list()).toHaveLength(3);
    // The third browser signs out on its own just before: its session is gone already.
    await third.signOut({ noRedirect: true });
    expect(await first.sessions.revokeOthers()).toBe(1);
    expect(await first.sessions.list()).toEqual([expect.objectContaining({ isCurrent: true })]);
    expect(await second.refreshUser()).toBeNull();
    expect((await first.refreshUser())?.id).toBe(userId);
  });

  it('two browsers revoking each other at once leave each session either working or refused', async () => {
    for (let round = 0; round < 5; round++) {
      const { first, second } = await userInTwoBrowsers();
      const [a, b] = await Promise.all([first.sessions.list(), second.sessions.list()]);
      const firstOther = a.find((s) => !s.isCurrent)!;
      const secondOther = b.find((s) => !s.isCurrent)!;
      const results = await Promise.allSettled([
        first.sessions.revoke(firstOther.id),
        second.sessions.revoke(secondOther.id),
      ]);
      // At least one revocation got through (a request may be refused once its own session died).
      expect(results.some((r) => r.status === 'fulfilled' && r.value.status === 'ok')).toBe(true);
      const alive = await Promise.all([first.refreshUser(), second.refreshUser()]);
      expect(alive.filter(Boolean).length).toBeLessThan(2);
      // What the server lists matches who can still use it: no session listed but refused, or the reverse.
      for (const [index, app] of [first, second].entries()) {
        if (alive[index] === null) expect(app.status.value).toBe('signed-out');
        else expect(await app.sessions.list()).toHaveLength(alive.filter(Boolean).length);
      }
    }
  });
});
