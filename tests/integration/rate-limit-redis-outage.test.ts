/**
 * A Redis outage under a running server: the test starts its own redis-server on a free loopback
 * port (failing, not skipping, when there is none), signs in through a server counting there,
 * SIGKILLs that Redis, and checks that sign-in keeps answering at normal latency, that limits
 * still hold (counted in the process), that the log says so once, and that counting goes back to
 * Redis once it is started again on the same port.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { freePort } from '../support/free-port.js';
import { expectTooManyRequests } from '../support/rate-limits.js';
import { expectKnownError, freshEmail, raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

const PREFIX = 'signet-outage-test:';

/** Starts redis-server on `port` (nothing saved) and waits until it answers PING. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', '/tmp'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const failed = new Promise<never>((_, reject) => {
    child.once('error', (error) =>
      reject(new Error(`cannot start redis-server (this test needs it installed): ${error.message}`)),
    );
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
  });
  failed.catch(() => {});
  const deadline = Date.now() + 10_000;
  for (;;) {
    const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0 });
    client.on('error', () => {});
    const answered = await Promise.race([
      client
        .connect()
        .then(() => client.ping())
        .catch(() => null),
      failed,
    ]).finally(() => client.disconnect());
    if (answered === 'PONG') return child;
    if (Date.now() > deadline) throw new Error(`redis-server on ${port} did not answer: ${output}`);
    await sleep(50);
  }
}

async function kill(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

/** The Redis key of the sign-in-per-email rule (as enforce.ts builds it). */
function signInKey(projectId: string, email: string): string {
  const digest = createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 22);
  return `${PREFIX}${projectId}:signIn:email:${digest}`;
}

describe('a Redis outage under a running server', () => {
  let port: number;
  let redis: ChildProcess | undefined;
  let client: Redis;
  let running: RunningServer;
  let url: string;
  let dev: ProjectKeys;
  const lines: string[] = [];
  const outageLines = () => lines.filter((line) => /rate limits: Redis unreachable/.test(line));
  const backLines = () => lines.filter((line) => /rate limits: Redis answers again/.test(line));

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    client = new Redis({ port, host: '127.0.0.1', maxRetriesPerRequest: 1 });
    client.on('error', () => {});
    running = await backends()[0]!.create({
      log: (line) => lines.push(line),
      rateLimits: {
        mode: 'always',
        redisUrl: `redis://127.0.0.1:${port}`,
        redisKeyPrefix: PREFIX,
        redisRetryMs: 1000,
      },
    });
    url = running.url;
    dev = running.server.seeded.dev;
  });
  afterAll(async () => {
    await running?.close();
    client?.disconnect();
    await kill(redis);
  });

  const signIn = (email: string, password: string) =>
    raw(url, '/auth/password/sign-in', { keys: dev, body: { email, password } });

  /** Ten sign-ins, each answered 200 within a second, then the eleventh refused. */
  async function signInUpToTheLimit(user: { email: string; password: string }) {
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      const response = await signIn(user.email, user.password);
      const took = performance.now() - started;
      expect(response.status, response.text).toBe(200);
      expect(took).toBeLessThan(1000);
    }
    const started = performance.now();
    const refused = await signIn(user.email, user.password);
    expect(performance.now() - started).toBeLessThan(1000);
    expectTooManyRequests(refused);
    // The five-minute window, less the real time the ten sign-ins took.
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(280);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(300);
  }

  it('counts in Redis while it answers', async () => {
    const user = await signUp(url, dev);
    await signInUpToTheLimit(user);
    expect(await client.get(signInKey(dev.projectId, user.email))).toBe('11');
    expect(outageLines()).toEqual([]);
  });

  it('keeps answering, fast and still limited, once Redis is killed; says so once', async () => {
    await kill(redis);
    redis = undefined;
    // Signing up is limited too: it answers (counted in the process) rather than 503.
    const user = await signUp(url, dev);
    await signInUpToTheLimit(user);
    // Past the circuit's pause, hits probe the dead Redis again: still no wait, no new log line.
    await sleep(1100);
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      expectKnownError(await signIn(freshEmail(), 'not a password'), 'EMAIL_PASSWORD_MISMATCH');
      expect(performance.now() - started).toBeLessThan(1000);
      await sleep(400);
    }
    expect(outageLines()).toHaveLength(1);
    expect(lines.filter((line) => /Redis/.test(line))).toHaveLength(1);
    expect(backLines()).toEqual([]);
  });

  it('goes back to counting in Redis once it answers again on the same port', async () => {
    redis = await startRedis(port);
    // The new Redis starts empty; a key appears once the server counts there again.
    const deadline = Date.now() + 20_000;
    while ((await client.dbsize()) === 0) {
      expect(Date.now(), 'the server never counted in the restarted Redis').toBeLessThan(deadline);
      expectKnownError(await signIn(freshEmail(), 'not a password'), 'EMAIL_PASSWORD_MISMATCH');
      await sleep(200);
    }
    expect(backLines()).toHaveLength(1);
    expect(outageLines()).toHaveLength(1);

    const user = await signUp(url, dev);
    await signInUpToTheLimit(user);
    expect(await client.get(signInKey(dev.projectId, user.email))).toBe('11');
  });
});
