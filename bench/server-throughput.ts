/**
 * Server throughput on loopback: requests per second of `GET /users/me` with a valid access token,
 * of the refresh-token grant and of sending a sign-in code by email, each next to a bare endpoint
 * (`GET /api/v1`) of the same server in the same run, so the ratio says what auth, the database and
 * the email cost. Bounded in time; loopback only.
 */
import autocannon from 'autocannon';
import { createSignetServer } from '../server/src/index.js';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

interface Target {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

async function rps(base: string, target: Target): Promise<number> {
  const run = (duration: number) =>
    autocannon({
      url: `${base}${target.path}`,
      method: target.method ?? 'GET',
      headers: target.headers,
      body: target.body,
      connections: CONNECTIONS,
      duration,
    });
  await run(1); // warm-up: JIT, connection pools, PGlite caches
  const result = await run(DURATION_SECONDS);
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${target.name}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return result.requests.average;
}

/** Runs the throughput bench and prints a table. */
export async function benchServerThroughput() {
  const server = await createSignetServer({ database: { kind: 'pglite' } });
  const { url, close } = await server.listen(0);
  try {
    const keys = server.seeded.dev;
    const clientHeaders = {
      'x-stack-access-type': 'client',
      'x-stack-project-id': keys.projectId,
      'x-stack-publishable-client-key': keys.publishableClientKey,
      'content-type': 'application/json',
    };
    const signUp = await fetch(`${url}/api/v1/auth/password/sign-up`, {
      method: 'POST',
      headers: clientHeaders,
      body: JSON.stringify({
        email: 'bench@example.com',
        password: 'bench-password',
        verification_callback_url: 'http://localhost/handler/email-verification',
      }),
    });
    const tokens = (await signUp.json()) as { access_token: string; refresh_token: string };
    if (!tokens.access_token) throw new Error(`sign-up failed: ${JSON.stringify(tokens)}`);

    const bare = await rps(url, { name: 'bare', path: '/api/v1' });
    const me = await rps(url, {
      name: 'users/me',
      path: '/api/v1/users/me',
      headers: { ...clientHeaders, 'x-stack-access-token': tokens.access_token },
    });
    const refresh = await rps(url, {
      name: 'refresh grant',
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
    // Sending a sign-in code: code generation and hashing, the email rendered and kept in the outbox.
    const sendCode = await rps(url, {
      name: 'send sign-in code',
      path: '/api/v1/auth/otp/send-sign-in-code',
      method: 'POST',
      headers: clientHeaders,
      body: JSON.stringify({
        email: 'bench-code@example.com',
        callback_url: 'http://localhost/handler/magic-link-callback',
      }),
    });
    const row = (name: string, value: number) => ({
      endpoint: name,
      'req/s': Math.round(value),
      'vs bare': `${((value / bare) * 100).toFixed(1)} %`,
    });
    console.log(
      `\nServer throughput (PGlite in memory, loopback, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each)`,
    );
    console.table([
      row('GET /api/v1 (bare)', bare),
      row('GET /users/me', me),
      row('POST /auth/oauth/token (refresh)', refresh),
      row('POST /auth/otp/send-sign-in-code', sendCode),
    ]);
  } finally {
    await close();
    await server.close();
  }
}

await benchServerThroughput();
