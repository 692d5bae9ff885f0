/**
 * Webhooks from real `signet-server` processes on one PostgreSQL: nothing is lost when a process
 * is killed mid-send (the lease runs out and the restarted process sends again, with the same
 * webhook-id), and processes sharing the database send each message once. Events are written
 * straight into the database as the services write them (emitWebhookEvents in a transaction);
 * the receiver is on loopback and checks every signature with the standardwebhooks package.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../server/src/db/database.js';
import { type CliServer, startCli } from '../support/cli-process.js';
import { createPostgresDatabase, postgresAvailable } from '../support/server.js';
import { addEndpoint, emitEvents, type Receiver, startReceiver, verifyHook } from '../support/webhooks.js';

const SERVER_SECRET = 'webhook process tests: a server secret of some length';

/**
 * Short pacing: an 8 s lease instead of 60 s, so a killed process's claims come back soon; the
 * deadline of one attempt stays longer than the test takes to kill a process on a busy machine.
 */
const TIMING = JSON.stringify({
  retryScheduleMs: [0, 100, 100, 100, 100, 100, 100, 100],
  leaseMs: 8000,
  timeoutMs: 7000,
  pollIntervalMs: 200,
});

describe.runIf(postgresAvailable())('webhooks from signet-server processes on PostgreSQL', () => {
  let database: { url: string; drop(): Promise<void> } | undefined;
  let handle: DatabaseHandle | undefined;
  let receiver: Receiver | undefined;
  let servers: CliServer[] = [];
  afterEach(async () => {
    for (const server of servers) await server.stop();
    servers = [];
    await receiver?.stop();
    await handle?.close();
    await database?.drop();
    handle = undefined;
    database = undefined;
  });

  const env = (concurrency: number) => ({
    DATABASE_URL: database!.url,
    STACK_SERVER_SECRET: SERVER_SECRET,
    SIGNET_WEBHOOK_TIMING: TIMING,
    SIGNET_WEBHOOK_CONCURRENCY: String(concurrency),
  });

  async function setUp(): Promise<void> {
    database = await createPostgresDatabase();
    receiver = await startReceiver();
  }

  /** Opens the test's own connection once the first server has migrated and seeded. */
  async function connect(server: CliServer) {
    handle = await openDatabase({ kind: 'postgres', url: database!.url }, () => {});
    const projectId = server.keys.projectId;
    const endpoint = await addEndpoint(handle.db, SERVER_SECRET, projectId, `${receiver!.url}/hook`);
    return { projectId, endpoint };
  }

  it('a process killed mid-send: after restart every message arrives, duplicates only of those in flight', async () => {
    await setUp();
    const first = await startCli([], env(8));
    servers.push(first);
    const { projectId, endpoint } = await connect(first);
    // The receiver holds every request open: the process has 8 in flight when it dies.
    receiver!.answer = () => ({ status: 200, hang: true });
    const ids = await emitEvents(handle!.db, projectId, 20);
    await receiver!.waitFor(8, 60_000);
    await first.kill();
    const inFlight = new Set(receiver!.received.map((h) => h.id));
    expect(inFlight.size).toBe(8);

    receiver!.answer = () => ({ status: 200 });
    const second = await startCli([], env(8));
    servers.push(second);
    // 12 at once; the 8 in flight once the dead process's lease has run out.
    await receiver!.waitFor(28, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const received = receiver!.received;
    expect(received).toHaveLength(28);
    expect(new Set(received.map((h) => h.id))).toEqual(new Set(ids));
    const counts = new Map<string, number>();
    for (const hook of received) counts.set(hook.id, (counts.get(hook.id) ?? 0) + 1);
    for (const [id, count] of counts) expect(count, id).toBe(inFlight.has(id) ? 2 : 1);
    for (const hook of received) expect(verifyHook(hook, endpoint.secret)).toBeTruthy();
    const session = await handle!.session();
    const rows = await session.query(
      'SELECT status, count(*)::int AS n FROM webhook_deliveries GROUP BY status',
    );
    await session.release();
    expect(rows).toEqual([{ status: 'success', n: 20 }]);
  }, 240_000);

  it('two servers of two processes each (--workers 2) send each of many messages once', async () => {
    await setUp();
    const first = await startCli(['--workers', '2'], env(4));
    servers.push(first);
    // The first applied the migrations and seeded; the second finds them done.
    const [second, { projectId, endpoint }] = await Promise.all([
      startCli(['--workers', '2'], env(4)),
      connect(first),
    ]);
    servers.push(second);
    const ids = (
      await Promise.all(Array.from({ length: 20 }, () => emitEvents(handle!.db, projectId, 10)))
    ).flat();
    await receiver!.waitFor(200, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receiver!.received).toHaveLength(200);
    expect(new Set(receiver!.received.map((h) => h.id))).toEqual(new Set(ids));
    for (const hook of receiver!.received) expect(verifyHook(hook, endpoint.secret)).toBeTruthy();
  }, 240_000);
});
