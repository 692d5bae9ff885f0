/**
 * Server throughput on loopback, side by side in one run: each server under test runs in a process
 * of its own (bench/servers/), and autocannon loads it from this one with 10 connections.
 *
 * - signet's cheapest endpoint (`GET /api/v1`) against a bare Hono route;
 * - signet's `GET /users/me` against better-auth's `get-session`, on PGlite and (when it answers)
 *   PostgreSQL, with the ratio;
 * - the refresh grant, sending a sign-in code and whole OAuth sign-ins, for the record;
 * - the targets of the request path, each beside its baseline measured in the same run, on PGlite
 *   and PostgreSQL: `GET /api/v1` ≥ 0.9× bare Hono, `users/me` ≥ 0.8× bare Hono, password sign-in
 *   ≥ 80 % of raw argon2id verifications per second (the library called directly) at the same
 *   parameters and concurrency, and for the record beside the hash at its best (signet's password
 *   service alone, one hash per core), `users/me` beside bare Hono given `users/me`'s own
 *   request, and both routes beside a Hono route writing signet's very answers with nothing
 *   computed (servers/hono-same-answers); with beside each, a bare handler, the most any server
 *   could reach here: for the routes signet's own answers written by `node:http` with nothing
 *   computed (servers/same-answers), for sign-ins one that only verifies the hash through
 *   signet's password service and answers (servers/sign-in-floor).
 * signet runs as the published package runs it, built (see lib/built-server).
 * Loopback only; each figure is the average of a bounded run after a warm-up.
 * `BENCH_TARGETS_ONLY=1` runs the targets alone (a quicker before/after).
 */
import { pathToFileURL } from 'node:url';
import { buildServer } from './lib/built-server.js';
import {
  CONNECTIONS,
  DURATION_SECONDS,
  freshDatabase,
  pinCores,
  rps,
  type SignetInfo,
  startServer,
} from './lib/load.js';
import { oauthSignInsPerSecond } from './oauth-round-trip.js';
import { measureTargets, printTargets, type TargetRounds } from './request-path-targets.js';

const TARGETS_ONLY = process.env.BENCH_TARGETS_ONLY === '1';

// The load generator on one core, the servers it starts on the other (see lib/load).
pinCores();

/** users/me on signet and get-session on better-auth, on one kind of database. */
async function sessionReads(database: 'PGlite' | 'PostgreSQL') {
  const dbs =
    database === 'PostgreSQL' ? [await freshDatabase(), await freshDatabase(), await freshDatabase()] : [];
  if (database === 'PostgreSQL' && dbs.some((db) => !db)) return undefined;
  const args = (i: number) => (dbs[i] ? [dbs[i]!.url] : []);
  try {
    const signet = await startServer<SignetInfo>('signet', args(0));
    let me: number;
    const extra: {
      bare?: number;
      refresh?: number;
      sendCode?: number;
      oauth?: number;
      meTwoWorkers?: number;
    } = {};
    try {
      const { url, clientHeaders, tokens, keys } = signet.info;
      me = await rps(url, {
        path: '/api/v1/users/me',
        headers: { ...clientHeaders, 'x-stack-access-token': tokens.access_token },
      });
      if (database === 'PGlite') {
        extra.bare = await rps(url, { path: '/api/v1' });
        extra.refresh = await rps(url, {
          path: '/api/v1/auth/oauth/token',
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'refresh_token',
            refresh_token: tokens.refresh_token,
            client_id: keys.projectId,
            client_secret: keys.publishableClientKey,
          }).toString(),
        });
        extra.sendCode = await rps(url, {
          path: '/api/v1/auth/otp/send-sign-in-code',
          method: 'POST',
          headers: clientHeaders,
          body: JSON.stringify({
            email: 'bench-code@example.com',
            callback_url: 'http://localhost/handler/magic-link-callback',
          }),
        });
        extra.oauth = await oauthSignInsPerSecond(url, keys, DURATION_SECONDS);
      }
    } finally {
      await signet.stop();
    }
    if (database === 'PostgreSQL') {
      // The same on two processes sharing the port (signet-server --workers 2).
      const workers = await startServer<SignetInfo>('signet-workers', [dbs[2]!.url, '2'], { pin: false });
      try {
        const { url, clientHeaders, tokens } = workers.info;
        extra.meTwoWorkers = await rps(url, {
          path: '/api/v1/users/me',
          headers: { ...clientHeaders, 'x-stack-access-token': tokens.access_token },
        });
      } finally {
        await workers.stop();
      }
    }
    const betterAuth = await startServer<{ url: string; cookie: string }>('better-auth', args(1));
    let getSession: number;
    try {
      getSession = await rps(betterAuth.info.url, {
        path: '/api/auth/get-session',
        headers: { cookie: betterAuth.info.cookie },
      });
    } finally {
      await betterAuth.stop();
    }
    return { me, getSession, ...extra };
  } finally {
    for (const db of dbs) await db?.drop().catch(() => {});
  }
}

/** Runs the throughput bench and prints the tables. */
export async function benchServerThroughput() {
  const built = await buildServer('throughput');
  // The server processes the bench starts run this build (bench/servers/signet*.ts read these).
  process.env.SIGNET_BENCH_SERVER_ENTRY = pathToFileURL(built.index).href;
  process.env.SIGNET_BENCH_SERVER_CLI = built.cli;
  try {
    await measureAndPrint();
  } finally {
    await built.remove();
  }
}

async function measureAndPrint() {
  const figures: Array<[string, TargetRounds | undefined]> = [
    ['PGlite', await measureTargets('PGlite')],
    ['PostgreSQL', await measureTargets('PostgreSQL')],
  ];
  if (TARGETS_ONLY) {
    printTargets(figures);
    return;
  }
  const hono = await startServer<{ url: string }>('bare-hono');
  let bareHono: number;
  try {
    bareHono = await rps(hono.info.url, { path: '/api/v1' });
  } finally {
    await hono.stop();
  }
  const pglite = (await sessionReads('PGlite'))!;
  const postgres = await sessionReads('PostgreSQL');

  const times = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
  console.log(
    `\nServer throughput (each server in its own process, loopback, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each)`,
  );
  console.table([
    { endpoint: 'bare Hono route', 'req/s': Math.round(bareHono), ratio: '' },
    {
      endpoint: 'signet GET /api/v1',
      'req/s': Math.round(pglite.bare!),
      ratio: `${times(bareHono, pglite.bare!)} slower than bare Hono`,
    },
    {
      endpoint: 'signet POST /auth/oauth/token (refresh, PGlite)',
      'req/s': Math.round(pglite.refresh!),
      ratio: '',
    },
    {
      endpoint: 'signet POST /auth/otp/send-sign-in-code (PGlite)',
      'req/s': Math.round(pglite.sendCode!),
      ratio: '',
    },
    {
      endpoint: 'signet whole OAuth sign-in, development provider (PGlite; 4 requests each)',
      'req/s': Math.round(pglite.oauth!),
      ratio: 'sign-ins/s',
    },
  ]);
  const rows = [
    {
      database: 'PGlite',
      'signet users/me': Math.round(pglite.me),
      'better-auth get-session': Math.round(pglite.getSession),
      'signet / better-auth': times(pglite.me, pglite.getSession),
    },
  ];
  if (postgres) {
    rows.push({
      database: 'PostgreSQL',
      'signet users/me': Math.round(postgres.me),
      'better-auth get-session': Math.round(postgres.getSession),
      'signet / better-auth': times(postgres.me, postgres.getSession),
    });
  } else console.log('PostgreSQL did not answer at 127.0.0.1:5432: its row is left out.');
  console.log('\nSession reads with a valid session, on the same kind of database');
  console.table(rows);
  if (postgres?.meTwoWorkers) {
    console.log('\nsignet GET /users/me on PostgreSQL by processes (the load generator shares the 2 cores)');
    console.table([
      { processes: 1, 'req/s': Math.round(postgres.me) },
      { processes: 2, 'req/s': Math.round(postgres.meTwoWorkers) },
    ]);
  }
  printTargets(figures);
}

await benchServerThroughput();
