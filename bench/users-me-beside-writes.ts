/**
 * `users/me` over many users while other users write: what the auth cache keeps through a stream
 * of refreshes, as a live app has one (every signed-in browser refreshes its access token). Each
 * database in turn: a signet server (built as published, on a core of its own) with 50 signed-up
 * users; `users/me` loaded with their tokens in turn, once quiet and once while refreshes run
 * beside it at a steady rate (the refreshing user changes each time), in alternating rounds, the
 * best of each kept. The refreshes go both ways a client refreshes: signet's kit calls
 * `auth/sessions/current/refresh`, the reference's SDKs the OAuth token endpoint's refresh-token
 * grant. Budget: beside refreshes, at least half the quiet rate, either way. Before each write
 * named the users it changed, a refresh dropped everything kept about the project in its process,
 * and ten refreshes a second took `users/me` from about 20,000 to about 600 requests per second.
 * `node --import tsx bench/users-me-beside-writes.ts`; `npm run bench` runs it.
 */
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { buildServer } from './lib/built-server.js';
import {
  CONNECTIONS,
  DURATION_SECONDS,
  freshDatabase,
  pinCores,
  type SignetInfo,
  startServer,
} from './lib/load.js';

const USERS = 50;
/**
 * One refresh per 50 ms, 20 a second: what 12,000 signed-in browsers send with access tokens of
 * 10 minutes. Refreshes back to back would measure what the refreshes themselves cost the server
 * (on PGlite its database runs on the same thread), not what they cost the others.
 */
const REFRESH_EVERY_MS = 50;
/** Alternating rounds of each side, the best of each kept. */
const ROUNDS = Number(process.env.BENCH_TARGET_ROUNDS ?? 3);
const BUDGET = 0.5;

interface Session {
  accessToken: string;
  refreshToken: string;
}

/** Signs up `USERS` users on the server, one after another. */
async function signUpUsers({ url, clientHeaders }: SignetInfo): Promise<Session[]> {
  const sessions: Session[] = [];
  for (let i = 0; i < USERS; i++) {
    const answer = await fetch(`${url}/api/v1/auth/password/sign-up`, {
      method: 'POST',
      headers: clientHeaders,
      body: JSON.stringify({
        email: `beside-${i}@example.com`,
        password: 'bench-password',
        verification_callback_url: 'http://localhost/handler/email-verification',
      }),
    });
    const tokens = (await answer.json()) as { access_token?: string; refresh_token?: string };
    if (!tokens.access_token || !tokens.refresh_token)
      throw new Error(`sign-up failed: ${JSON.stringify(tokens)}`);
    sessions.push({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token });
  }
  return sessions;
}

/** `users/me` requests per second, each request with the next user's token. */
async function usersMePerSecond({ url, clientHeaders }: SignetInfo, sessions: Session[], duration: number) {
  let next = 0;
  const result = await autocannon({
    url: `${url}/api/v1/users/me`,
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          headers: {
            ...clientHeaders,
            'x-stack-access-token': sessions[next++ % sessions.length]!.accessToken,
          },
        }),
      },
    ],
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`users/me: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return result.requests.average;
}

/** How a client refreshes: signet's kit, or the reference's SDKs (the OAuth refresh-token grant). */
type RefreshWay = 'kit' | 'oauth';

/** One refresh of `refreshToken`, the way `way` sends it. */
function refresh({ url, clientHeaders }: SignetInfo, refreshToken: string, way: RefreshWay) {
  if (way === 'kit') {
    return fetch(`${url}/api/v1/auth/sessions/current/refresh`, {
      method: 'POST',
      headers: { ...clientHeaders, 'x-stack-refresh-token': refreshToken },
      body: '{}',
    });
  }
  return fetch(`${url}/api/v1/auth/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: clientHeaders['x-stack-project-id']!,
      client_secret: clientHeaders['x-stack-publishable-client-key']!,
    }),
  });
}

/**
 * Refreshes one user's session after another, one every {@link REFRESH_EVERY_MS} at most, until
 * `stop` is called; resolves with how many.
 */
function refreshInTurn(info: SignetInfo, sessions: Session[], way: RefreshWay) {
  let stopped = false;
  let done = 0;
  const running = (async () => {
    while (!stopped) {
      const due = Date.now() + REFRESH_EVERY_MS;
      const answer = await refresh(info, sessions[done % sessions.length]!.refreshToken, way);
      if (!answer.ok) throw new Error(`refresh failed: ${answer.status} ${await answer.text()}`);
      done++;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
    }
    return done;
  })();
  return {
    stop: () => {
      stopped = true;
      return running;
    },
  };
}

/**
 * Quiet and beside refreshes (each way) on one database: the best round of each, and refreshes per
 * second.
 */
async function measure(database: 'PGlite' | 'PostgreSQL') {
  const db = database === 'PostgreSQL' ? await freshDatabase() : undefined;
  if (database === 'PostgreSQL' && !db) return undefined;
  const server = await startServer<SignetInfo>('signet', db ? [db.url] : []);
  try {
    const sessions = await signUpUsers(server.info);
    await usersMePerSecond(server.info, sessions, 1); // warm-up
    let quiet = 0;
    const beside = { kit: { rate: 0, refreshes: 0 }, oauth: { rate: 0, refreshes: 0 } };
    for (let round = 0; round < ROUNDS; round++) {
      quiet = Math.max(quiet, await usersMePerSecond(server.info, sessions, DURATION_SECONDS));
      for (const way of ['kit', 'oauth'] as const) {
        const writer = refreshInTurn(server.info, sessions, way);
        const rate = await usersMePerSecond(server.info, sessions, DURATION_SECONDS);
        const count = await writer.stop();
        if (rate > beside[way].rate) beside[way] = { rate, refreshes: count / DURATION_SECONDS };
      }
    }
    return { quiet, beside };
  } finally {
    await server.stop();
    await db?.drop();
  }
}

/** Measures both databases, prints the table; false when a ratio is under the budget. */
export async function benchUsersMeBesideWrites(): Promise<boolean> {
  pinCores();
  const built = await buildServer('beside-writes');
  process.env.SIGNET_BENCH_SERVER_ENTRY = pathToFileURL(built.index).href;
  try {
    const rows = [];
    let within = true;
    for (const database of ['PGlite', 'PostgreSQL'] as const) {
      const figures = await measure(database);
      if (!figures) {
        console.log(`${database}: skipped, PostgreSQL does not answer`);
        continue;
      }
      for (const way of ['kit', 'oauth'] as const) {
        const { rate, refreshes } = figures.beside[way];
        const ratio = rate / figures.quiet;
        within &&= ratio >= BUDGET;
        rows.push({
          database,
          'refreshed through': way === 'kit' ? 'sessions/current/refresh' : 'oauth/token',
          'users/me, quiet (req/s)': Math.round(figures.quiet),
          'users/me beside refreshes (req/s)': Math.round(rate),
          'refreshes per second': Math.round(refreshes),
          ratio: ratio.toFixed(2),
          budget: `≥ ${BUDGET}`,
        });
      }
    }
    console.log(
      `\nusers/me over ${USERS} users, quiet and beside a stream of refreshes (best of ${ROUNDS} rounds)`,
    );
    console.table(rows);
    return within;
  } finally {
    await built.remove();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = (await benchUsersMeBesideWrites()) ? 0 : 1;
}
