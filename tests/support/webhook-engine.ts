/**
 * The webhook delivery engine as the delivery tests drive it: a migrated, seeded database of either
 * backend, the worker's context, workers started on it, endpoints and events written as the
 * services write them, and reads of the rows in plain SQL. Retry delays are shortened to
 * milliseconds (the real schedule's values are a unit test).
 */
import { vi } from 'vitest';
import { type DatabaseOptions, openDatabase } from '../../server/src/db/database.js';
import { migrate } from '../../server/src/db/migrate.js';
import type { SvixOptions } from '../../server/src/services/context.js';
import { seed } from '../../server/src/services/seed.js';
import {
  resolveDeliveryOptions,
  type WebhookDeliveryOptions,
} from '../../server/src/services/webhooks/delivery-options.js';
import { createDeliveryHandoff } from '../../server/src/services/webhooks/handoff.js';
import { startWebhookWorker, type WebhookWorker } from '../../server/src/services/webhooks/worker.js';
import { createPostgresDatabase } from './server.js';
import { addEndpoint, emitEvents, webhookSecretBox } from './webhooks.js';

export const SERVER_SECRET = 'webhook delivery tests: a server secret of some length';

/** Milliseconds instead of Svix's minutes and hours; the shape (8 attempts) kept. */
export const FAST: Partial<WebhookDeliveryOptions> = {
  retryScheduleMs: [0, 30, 30, 30, 30, 30, 30, 30],
  leaseMs: 3000,
  timeoutMs: 1000,
  pollIntervalMs: 200,
  svixRetryBaseMs: 30,
};

export type Engine = Awaited<ReturnType<typeof openEngine>>;

export async function openEngine(
  kind: 'pglite' | 'postgres',
  pacing: Partial<WebhookDeliveryOptions>,
  svix?: SvixOptions,
) {
  let drop = async () => {};
  let options: DatabaseOptions = { kind: 'pglite' };
  if (kind === 'postgres') {
    const created = await createPostgresDatabase();
    drop = created.drop;
    options = { kind: 'postgres', url: created.url };
  }
  const logs: string[] = [];
  const database = await openDatabase(options, (line) => logs.push(line));
  const session = await database.session();
  await migrate(session);
  await session.release();
  const seeded = await seed(database.db, { serverSecret: SERVER_SECRET, now: Date.now });
  const ctx = {
    db: database.db,
    now: Date.now,
    webhookSecrets: webhookSecretBox(SERVER_SECRET),
    webhookDelivery: resolveDeliveryOptions(pacing),
    svix,
    log: (line: string) => logs.push(line),
  };
  const workers: WebhookWorker[] = [];
  // Reads and pokes go through a session of their own, in SQL (the tests do not use the ORM).
  const raw = await database.session();
  const q = async (text: string, params: unknown[] = []) => (await raw.query(text, params)).map(camel);
  return {
    q,
    db: database.db,
    ctx,
    logs,
    projectId: seeded.dev.projectId,
    async start(concurrency = 4) {
      const worker = await startWebhookWorker({ database, ctx, delivery: ctx.webhookDelivery, concurrency });
      workers.push(worker);
      return worker;
    },
    /**
     * Starts a worker with a hand-off of its own, as a server process runs it: events written
     * through `emit` on the returned handle are handed to this worker.
     */
    async startHanded(concurrency = 4) {
      const handoff = createDeliveryHandoff(ctx.webhookDelivery);
      const worker = await startWebhookWorker({
        database,
        ctx: { ...ctx, webhookHandoff: handoff },
        delivery: ctx.webhookDelivery,
        concurrency,
      });
      workers.push(worker);
      return {
        worker,
        handoff,
        /** Writes `count` events in one transaction through this process's hand-off. */
        emit: (count: number) => emitEvents(database.db, seeded.dev.projectId, count, false, handoff),
      };
    },
    endpoint(url: string, extra?: Parameters<typeof addEndpoint>[4]) {
      return addEndpoint(database.db, SERVER_SECRET, seeded.dev.projectId, url, extra);
    },
    emit(count: number, viaSvix = false) {
      return emitEvents(database.db, seeded.dev.projectId, count, viaSvix);
    },
    attempts(messageId: string) {
      return q('SELECT * FROM webhook_attempts WHERE message_id = $1 ORDER BY created_at', [messageId]);
    },
    async delivery(messageId: string, endpointId: string) {
      const [row] = await q('SELECT * FROM webhook_deliveries WHERE message_id = $1 AND endpoint_id = $2', [
        messageId,
        endpointId,
      ]);
      return row!;
    },
    async endpointRow(endpointId: string) {
      const [row] = await q('SELECT * FROM webhook_endpoints WHERE id = $1', [endpointId]);
      return row!;
    },
    async close() {
      for (const worker of workers) await worker.stop();
      await raw.release();
      await database.close();
      await drop();
    },
  };
}

/** A row with camelCase keys, as the schema names the columns. */
export function camel(row: Record<string, unknown>): Record<string, any> {
  return Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()), v]),
  );
}

/** Counts the claim statements `engine`'s workers run from now on, until `restore`. */
export function countClaims(engine: Engine) {
  const dialect = (engine.db as unknown as { dialect: { sqlToQuery(q: unknown): { sql: string } } }).dialect;
  const execute = vi.spyOn(engine.db, 'execute');
  return {
    claims: () =>
      execute.mock.calls.filter(([query]) => dialect.sqlToQuery(query).sql.includes('WITH claimed AS'))
        .length,
    restore: () => execute.mockRestore(),
  };
}

/** Polls `check` until it returns a value that is not false/undefined. */
export async function until<T>(check: () => Promise<T | false | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== false && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
