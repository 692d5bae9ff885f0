/**
 * PostgreSQL goes away under load: the server's backends are terminated (as a restart or a failover
 * does) while sign-ups are running. The server process lives on, the requests caught in it answer
 * 503 (never a 500, never a dropped connection), every sign-up it acknowledged is in the database,
 * and new sign-ups succeed again by themselves. The server runs as its own process, started by the
 * CLI as in production, so a crash shows as an exit.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/src/db/database.js';
import { isConnectionError } from '../../server/src/db/errors.js';
import { createPostgresDatabase, postgresAvailable } from '../support/server.js';

const BIN = fileURLToPath(new URL('../../server/bin/signet-server.mjs', import.meta.url));
const DEV_PROJECT = '7d1c5a4e-2b3f-4c6d-8e9f-0a1b2c3d4e5f';
const KEY = 'pck_connectionlosstestkey000000000000000000000000';
const CALLBACK = 'http://localhost:5173/handler/email-verification';

describe.runIf(postgresAvailable())('PostgreSQL connection loss', () => {
  let database: { url: string; drop(): Promise<void> };
  let child: ChildProcess;
  let api: string;
  let exitCode: number | null | undefined;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    child = spawn(process.execPath, [BIN, '--port', '0', '--mailbox-port', '0', '--dev-oauth-port', '0'], {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        SIGNET_SEED_DEV_PROJECT_ID: DEV_PROJECT,
        SIGNET_SEED_DEV_PROJECT_PUBLISHABLE_CLIENT_KEY: KEY,
        SIGNET_RATE_LIMITS: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.once('exit', (code) => {
      exitCode = code;
    });
    let out = '';
    api = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start within 60 s: ${out}`)), 60_000);
      child.stdout?.on('data', (chunk) => {
        out += chunk;
        const url = out.match(/listening on (http:\/\/\S+)/)?.[1];
        if (url && out.includes('super secret admin key')) {
          clearTimeout(timer);
          resolve(url);
        }
      });
      child.once('exit', (code) => reject(new Error(`exited early with ${code}: ${out}`)));
    });
  }, 90_000);

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await database?.drop();
  });

  let counter = 0;
  const signUp = async () => {
    const email = `loss-${Date.now()}-${counter++}@example.com`;
    try {
      const response = await fetch(`${api}/api/v1/auth/password/sign-up`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-stack-project-id': DEV_PROJECT,
          'x-stack-access-type': 'client',
          'x-stack-publishable-client-key': KEY,
        },
        body: JSON.stringify({ email, password: 'correct horse 1', verification_callback_url: CALLBACK }),
      });
      return { email, status: response.status, text: await response.text() };
    } catch (error) {
      return { email, status: 0, text: String(error) };
    }
  };

  /** Terminates every backend of the server's database, from a connection of its own. */
  async function terminateBackends() {
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const name = new URL(database.url).pathname.slice(1);
      const result = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      return result.rowCount ?? 0;
    } finally {
      await admin.end();
    }
  }

  it('survives its connections being cut mid-load, answers 503, loses no acknowledged write and recovers', async () => {
    expect((await signUp()).status).toBe(200);

    // 60 sign-ups in waves over about three seconds; the backends are cut twice in the middle, as
    // a restart followed by a second failover would.
    const results: Awaited<ReturnType<typeof signUp>>[] = [];
    let terminated = 0;
    for (let wave = 0; wave < 6; wave++) {
      const batch = Array.from({ length: 10 }, () => signUp());
      if (wave === 2) terminated += await terminateBackends();
      if (wave === 4) {
        // A restart: the backends go, and so do the ones the pool opens again right after.
        terminated += await terminateBackends();
        await sleep(50);
        terminated += await terminateBackends();
      }
      results.push(...(await Promise.all(batch)));
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(terminated).toBeGreaterThan(0);
    expect(exitCode, 'the server process exited').toBeUndefined();

    const unexpected = results.filter((r) => r.status !== 200 && r.status !== 503);
    expect(unexpected.map((r) => `${r.status}: ${r.text.slice(0, 120)}`)).toEqual([]);

    // Every acknowledged sign-up is in the database.
    const acknowledged = results.filter((r) => r.status === 200).map((r) => r.email);
    const check = new pg.Client({ connectionString: database.url });
    await check.connect();
    try {
      const rows = await check.query('SELECT value FROM contact_channels WHERE value = ANY($1)', [
        acknowledged,
      ]);
      expect(rows.rows.map((r) => r.value).sort()).toEqual([...acknowledged].sort());
    } finally {
      await check.end();
    }

    // And it recovers by itself: within a few seconds, sign-ups succeed again.
    let recovered = false;
    for (let attempt = 0; attempt < 20 && !recovered; attempt++) {
      recovered = (await signUp()).status === 200;
      if (!recovered) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(recovered).toBe(true);
    const after = await Promise.all(Array.from({ length: 5 }, () => signUp()));
    expect(after.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(exitCode).toBeUndefined();
  }, 120_000);
});

describe.runIf(postgresAvailable())('PostgreSQL connection lost inside a transaction', () => {
  let database: { url: string; drop(): Promise<void> };
  beforeAll(async () => {
    database = await createPostgresDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('fails the transaction as a connection error, not the process, and the next query reconnects', async () => {
    const lines: string[] = [];
    const handle = await openDatabase({ kind: 'postgres', url: database.url }, (line) => lines.push(line));
    try {
      const failed = await handle.db
        .transaction(async (tx) => {
          const { rows } = (await tx.execute('select pg_backend_pid() as pid')) as unknown as {
            rows: { pid: number }[];
          };
          // Cut while the client is checked out but between statements: the error then arrives
          // as an 'error' event of the client, which without a listener ends the process.
          const admin = new pg.Client({ connectionString: database.url });
          await admin.connect();
          await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
          await admin.end();
          await sleep(200);
          await tx.execute('select 1');
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(failed, 'the transaction went on after its connection was cut').toBeDefined();
      expect(isConnectionError(failed), String(failed)).toBe(true);
      expect(lines.join('\n')).toMatch(/postgres connection error/);
      // The broken client was dropped: the next queries get a fresh connection.
      const again = (await handle.db.execute('select 1 as one')) as unknown as { rows: { one: number }[] };
      expect(again.rows[0]!.one).toBe(1);
    } finally {
      await handle.close();
    }
  });
});
