/**
 * With a Svix server configured, signet does not deliver: it forwards each message to Svix, which
 * delivers, retries and signs. The message rows are the outbox: claimed like deliveries (`FOR
 * UPDATE SKIP LOCKED`, a lease, the attempt count as fencing token), sent with the message id as
 * Svix's `idempotency-key` so a forward repeated after a crash or a lost answer is not a second
 * message, and retried with a doubling wait until Svix takes them.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import type { SvixOptions } from '../context.js';

/** A message this worker holds for forwarding. */
export interface ClaimedForward {
  id: string;
  projectId: string;
  eventType: string;
  eventId: string | null;
  payload: unknown;
  attemptCount: number;
}

/** The longest wait between two forwards of one message. */
export const SVIX_MAX_RETRY_MS = 10 * 60 * 1000;

type Row = {
  id: string;
  project_id: string;
  event_type: string;
  event_id: string | null;
  payload: unknown;
  svix_attempt_count: number;
};

/** Claims up to `limit` messages due for forwarding at `now`, for `leaseMs`. */
export async function claimDueForwards(
  db: Pick<Database, 'execute'>,
  now: number,
  leaseMs: number,
  limit: number,
): Promise<ClaimedForward[]> {
  const at = new Date(now).toISOString();
  const result = await db.execute(sql`
    UPDATE webhook_messages AS m
       SET svix_next_attempt_at = ${new Date(now + leaseMs).toISOString()}::timestamptz,
           svix_attempt_count = m.svix_attempt_count + 1
      FROM (SELECT id FROM webhook_messages
             WHERE svix_pending AND svix_next_attempt_at <= ${at}::timestamptz
             ORDER BY svix_next_attempt_at
             LIMIT ${limit}
             FOR UPDATE SKIP LOCKED) AS due
     WHERE m.id = due.id
 RETURNING m.id, m.project_id, m.event_type, m.event_id, m.payload, m.svix_attempt_count`);
  return (result as unknown as { rows: Row[] }).rows.map((r) => ({
    id: r.id,
    projectId: r.project_id,
    eventType: r.event_type,
    eventId: r.event_id,
    payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
    attemptCount: Number(r.svix_attempt_count),
  }));
}

/** The wait after failed forward number `attempts`: base, doubled each time, capped, ±10 %. */
export function svixRetryDelayMs(
  attempts: number,
  baseMs: number,
  random: () => number = Math.random,
): number {
  const plain = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), SVIX_MAX_RETRY_MS);
  return Math.round(plain * (1 + 0.1 * (2 * random() - 1)));
}

/** Forwards one message; throws with the reason when Svix did not take it. */
export async function forwardToSvix(
  svix: SvixOptions,
  message: ClaimedForward,
  knownApps: Set<string>,
  timeoutMs: number,
): Promise<void> {
  const base = svix.url.replace(/\/+$/, '');
  const call = (path: string, body: unknown, extra: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${svix.apiKey}`,
        'content-type': 'application/json',
        accept: 'application/json',
        ...extra,
      },
      body: JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
  if (!knownApps.has(message.projectId)) {
    // One Svix application per project, its uid the project id (as Stack's backend does).
    const app = await call('/api/v1/app/?get_if_exists=true', {
      uid: message.projectId,
      name: message.projectId,
    });
    await app.arrayBuffer().catch(() => {});
    // 409: the application exists (a known Svix quirk of get_if_exists).
    if (!app.ok && app.status !== 409) throw new Error(`Svix application: HTTP ${app.status}`);
    knownApps.add(message.projectId);
  }
  const sent = await call(
    `/api/v1/app/${encodeURIComponent(message.projectId)}/msg/`,
    {
      eventType: message.eventType,
      payload: message.payload,
      ...(message.eventId ? { eventId: message.eventId } : {}),
    },
    { 'idempotency-key': message.id },
  );
  await sent.arrayBuffer().catch(() => {});
  if (sent.status === 404) knownApps.delete(message.projectId);
  // 409: a message with this eventId is already there — what a repeated forward should find.
  if (!sent.ok && sent.status !== 409) throw new Error(`Svix message: HTTP ${sent.status}`);
}

/** Records a forward's result, only while the claim holds; returns the next try's time on failure. */
export async function recordForward(
  db: Pick<Database, 'execute'>,
  message: ClaimedForward,
  ok: boolean,
  now: number,
  retryBaseMs: number,
): Promise<number | undefined> {
  const held = sql`id = ${message.id} AND svix_pending AND svix_attempt_count = ${message.attemptCount}`;
  if (ok) {
    await db.execute(sql`UPDATE webhook_messages SET svix_pending = false WHERE ${held}`);
    return undefined;
  }
  const next = now + svixRetryDelayMs(message.attemptCount, retryBaseMs);
  await db.execute(
    sql`UPDATE webhook_messages SET svix_next_attempt_at = ${new Date(next).toISOString()}::timestamptz WHERE ${held}`,
  );
  return next;
}
