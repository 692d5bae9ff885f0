/**
 * A password sign-in verifies the hash outside any transaction, then makes its session in one
 * statement that locks the user. Whatever another transaction holding that lock changed (an email
 * proof deleting the password, a reset, an address no longer used for sign-in, TOTP turned on)
 * decides the sign-in once the lock is released: the statement must see it, not the state it
 * started from. Here a second PostgreSQL connection holds the user's lock while the sign-in waits
 * for it, so the order is certain rather than left to a race. (PGlite runs one statement at a
 * time, so nothing can commit between a lock and the statement waiting for it.)
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { expectKnownError, type RawResponse, raw, signUp } from '../support/raw-api.js';
import { backends, postgresAvailable, type RunningServer } from '../support/server.js';

const postgres = backends().find((backend) => backend.name === 'postgres');

describe.runIf(postgresAvailable())('password sign-in waiting for the user lock on PostgreSQL', () => {
  let running: RunningServer;
  let dev: ProjectKeys;
  let holder: pg.Client;
  beforeAll(async () => {
    running = await postgres!.create();
    dev = running.server.seeded.dev;
    holder = new pg.Client({ connectionString: running.databaseUrl });
    await holder.connect();
  });
  afterAll(async () => {
    await holder?.end();
    await running?.close();
  });

  const sessionsOf = async (userId: string) =>
    Number(
      (await holder.query('select count(*) as n from refresh_tokens where user_id = $1', [userId])).rows[0].n,
    );

  /** Resolves once some backend of the server's database is waiting for a row lock. */
  async function someoneWaitsForALock(): Promise<void> {
    for (let tries = 0; tries < 200; tries++) {
      const waiting = await holder.query(
        `select count(*) as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      );
      if (Number(waiting.rows[0].n) > 0) return;
      await sleep(25);
    }
    throw new Error('the sign-in never waited for the user lock');
  }

  /**
   * Takes user `userId`'s lock as an email proof does, runs `change` in that transaction, starts a
   * sign-in with the user's (still current) password, and commits once the sign-in waits.
   */
  async function signInWhileLocked(
    user: { userId: string; email: string; password: string },
    change: string,
  ): Promise<RawResponse> {
    await holder.query('begin');
    try {
      await holder.query('select id from users where id = $1 for no key update', [user.userId]);
      await holder.query(change, [user.userId]);
      const signIn = raw(running.url, '/auth/password/sign-in', {
        keys: dev,
        body: { email: user.email, password: user.password },
      });
      await someoneWaitsForALock();
      await holder.query('commit');
      return await signIn;
    } catch (error) {
      await holder.query('rollback').catch(() => {});
      throw error;
    }
  }

  it.each([
    ['the password was removed (an email proof)', 'delete from password_credentials where user_id = $1'],
    [
      'the password was changed (a reset)',
      `update password_credentials set password_hash = password_hash || 'changed' where user_id = $1`,
    ],
    [
      'the address stopped signing in',
      'update contact_channels set used_for_auth = false where user_id = $1',
    ],
  ])('makes no session when %s while it waited', async (_what, change) => {
    const user = await signUp(running.url, dev);
    const before = await sessionsOf(user.userId);
    expectKnownError(await signInWhileLocked(user, change), 'EMAIL_PASSWORD_MISMATCH');
    expect(await sessionsOf(user.userId)).toBe(before);
  });

  it('asks for the second factor when TOTP was turned on while it waited', async () => {
    const user = await signUp(running.url, dev);
    const before = await sessionsOf(user.userId);
    const answer = await signInWhileLocked(
      user,
      `update users set totp_secret = decode('000102030405060708090a0b0c0d0e0f10111213', 'hex') where id = $1`,
    );
    expect(answer.status, answer.text).toBe(400);
    expect(answer.json.code).toBe('MULTI_FACTOR_AUTHENTICATION_REQUIRED');
    expect(answer.json.details.attempt_code).toEqual(expect.any(String));
    expect(await sessionsOf(user.userId)).toBe(before);
  });

  it('signs in, keeping the other change, when nothing it relies on changed', async () => {
    const user = await signUp(running.url, dev);
    const before = await sessionsOf(user.userId);
    const answer = await signInWhileLocked(user, `update users set display_name = 'Renamed' where id = $1`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json.user_id).toBe(user.userId);
    expect(await sessionsOf(user.userId)).toBe(before + 1);
    const me = await raw(running.url, '/users/me', { keys: dev, accessToken: answer.json.access_token });
    expect(me.status, me.text).toBe(200);
    expect(me.json.display_name).toBe('Renamed');
    const seen = await raw(running.url, `/users/${user.userId}`, { keys: dev, access: 'server' });
    expect(seen.json.last_active_at_millis).toEqual(expect.any(Number));
  });
});
