/**
 * Webhook delivery on loopback, per database backend: the real worker (8 deliveries at once, as
 * `signet-server` runs it) against a migrated database, sending signed POSTs to a receiver in this
 * process that answers 200 at once.
 *
 * - deliveries per second: 2,000 messages written while the worker is stopped, then drained;
 * - commit-to-delivery latency: 200 events, each its own transaction 20 ms apart, from the
 *   commit's return to the receiver holding the request, p50 and p99: written by another process
 *   (NOTIFY wakes the worker, which claims), and handed to the writing process's own worker (the
 *   notice alone: no claim), as a server sends the events it writes.
 * `node --import tsx bench/webhooks.ts`; `npm run bench` runs it after the throughput figures.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { createSecretBox } from '../server/src/crypto/secret-box.js';
import { type DatabaseOptions, openDatabase } from '../server/src/db/database.js';
import { migrate } from '../server/src/db/migrate.js';
import { webhookEndpoints } from '../server/src/db/schema.js';
import { seed } from '../server/src/services/seed.js';
import { resolveDeliveryOptions } from '../server/src/services/webhooks/delivery-options.js';
import { emitWebhookEvents } from '../server/src/services/webhooks/emit.js';
import { createDeliveryHandoff, type DeliveryHandoff } from '../server/src/services/webhooks/handoff.js';
import { newWebhookId } from '../server/src/services/webhooks/ids.js';
import { newEndpointSecret } from '../server/src/services/webhooks/secrets.js';
import { startWebhookWorker } from '../server/src/services/webhooks/worker.js';

const POSTGRES_ADMIN_URL =
  process.env.SIGNET_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DRAIN_COUNT = 2000;
const LATENCY_COUNT = 200;
const CONCURRENCY = 8;
const SECRET = 'bench: a server secret of some length';

const arrivals = new Map<string, number>();
let onArrival: () => void = () => {};
const receiver = createServer((req, res) => {
  const id = String(req.headers['webhook-id']);
  req.resume();
  req.on('end', () => {
    arrivals.set(id, performance.now());
    res.writeHead(200).end();
    onArrival();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

function waitForArrivals(count: number): Promise<void> {
  return new Promise((resolve) => {
    onArrival = () => {
      if (arrivals.size >= count) resolve();
    };
    onArrival();
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function benchBackend(name: string, options: DatabaseOptions): Promise<void> {
  const database = await openDatabase(options, () => {});
  try {
    const session = await database.session();
    await migrate(session);
    await session.release();
    const seeded = await seed(database.db, { serverSecret: SECRET, now: Date.now });
    const projectId = seeded.dev.projectId;
    const webhookSecrets = createSecretBox(SECRET, 'webhook endpoint secrets');
    await database.db.insert(webhookEndpoints).values({
      id: newWebhookId('endpoint'),
      projectId,
      url: receiverUrl,
      secretSealed: webhookSecrets.seal(new TextEncoder().encode(newEndpointSecret())),
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const ctx = { db: database.db, now: Date.now, webhookSecrets, svix: undefined, log: () => {} };
    const delivery = resolveDeliveryOptions({});
    const emit = (count: number, handoff?: DeliveryHandoff) =>
      database.db.transaction((tx) =>
        emitWebhookEvents(
          tx,
          { projectId, viaSvix: false, at: new Date(), handoff },
          Array.from({ length: count }, (_, i) => ({ type: 'user.updated' as const, data: { id: `u${i}` } })),
        ),
      );

    // Throughput: a backlog, drained.
    arrivals.clear();
    for (let i = 0; i < DRAIN_COUNT / 100; i++) await emit(100);
    const started = performance.now();
    let worker = await startWebhookWorker({ database, ctx, delivery, concurrency: CONCURRENCY });
    await waitForArrivals(DRAIN_COUNT);
    const perSecond = DRAIN_COUNT / ((performance.now() - started) / 1000);
    await worker.stop();

    // Latency: one event at a time, from commit to arrival; claimed, then handed.
    const latency = async (handoff?: DeliveryHandoff) => {
      arrivals.clear();
      worker = await startWebhookWorker({
        database,
        ctx: { ...ctx, webhookHandoff: handoff },
        delivery,
        concurrency: CONCURRENCY,
      });
      const committed = new Map<string, number>();
      for (let i = 0; i < LATENCY_COUNT; i++) {
        const [id] = await emit(1, handoff);
        committed.set(id!, performance.now());
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await waitForArrivals(LATENCY_COUNT);
      await worker.stop();
      const latencies = [...committed].map(([id, at]) => arrivals.get(id)! - at).sort((a, b) => a - b);
      return `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`;
    };
    const claimed = await latency();
    const handed = await latency(createDeliveryHandoff(delivery));
    console.log(
      `webhooks on ${name}: ${Math.round(perSecond)} deliveries/s (backlog of ${DRAIN_COUNT}, ${CONCURRENCY} at once); ` +
        `commit to delivery ${claimed} claimed; ${handed} handed`,
    );
  } finally {
    await database.close();
  }
}

async function adminQuery(sql: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 1500 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query(sql);
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

await benchBackend('PGlite', { kind: 'pglite' });
const name = `signet_bench_webhooks_${Date.now().toString(36)}`;
if (await adminQuery(`CREATE DATABASE ${name}`)) {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    await benchBackend('PostgreSQL', { kind: 'postgres', url: url.toString() });
  } finally {
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
} else console.log('webhooks on PostgreSQL: skipped (no PostgreSQL at 127.0.0.1:5432)');
receiver.close();
