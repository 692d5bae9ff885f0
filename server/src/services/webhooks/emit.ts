/**
 * Writing an event: the message and one delivery per endpoint that wants it go into the caller's
 * transaction (the outbox), so an event exists exactly when its change committed. The NOTIFY is
 * transactional too: workers hear it at commit, never for a change that rolled back. While this
 * process's worker runs, the deliveries are written already claimed by it, and the NOTIFY tells it
 * alone that they committed (handoff.ts).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import type { ServerContext } from '../context.js';
import { type ClaimedDelivery, deliveryTargetOf, type TargetRow } from './claim.js';
import type { WebhookEvent } from './events.js';
import type { DeliveryHandoff } from './handoff.js';
import { newWebhookId } from './ids.js';

/** What writing an event needs of the caller's transaction. */
export type EventWriter = Pick<Database, 'execute'>;

/** The NOTIFY channel workers listen on for new deliveries. */
export const WEBHOOK_CHANNEL = 'signet_webhooks';

/** Where an event goes: to the configured Svix server, or to the project's own endpoints. */
export interface EmitOptions {
  projectId: string;
  /** A Svix server is configured: it delivers, signet only forwards. */
  viaSvix: boolean;
  /** The moment of the change. */
  at: Date;
  /**
   * This process's hand-off: while it is open, the deliveries are written claimed by this process
   * and sent by its own worker once the commit is heard (handoff.ts); otherwise they are written
   * due, for any process's worker to claim.
   */
  handoff?: DeliveryHandoff;
}

type HandedRow = TargetRow & { message_id: string; endpoint_id: string };

/**
 * Writes `events` (in order) into `tx`; returns their message ids. One statement, so an event
 * costs its change a single round trip: the messages, a delivery for each endpoint of the project
 * that is enabled and wants the type (none when a Svix server delivers), and the NOTIFY when
 * there is something to send. This runs inside every sign-up, so each statement saved here is one
 * less in the hottest write of a project with an endpoint.
 */
export async function emitWebhookEvents(
  tx: EventWriter,
  options: EmitOptions,
  events: readonly WebhookEvent[],
): Promise<string[]> {
  if (events.length === 0) return [];
  const { projectId, viaSvix, at } = options;
  const handoff = !viaSvix && options.handoff?.open ? options.handoff : undefined;
  const ids = events.map(() => newWebhookId('message'));
  const svixNextAttemptAt = viaSvix ? at.toISOString() : null;
  // One millisecond apart, so messages sort in the order the changes were made.
  const rows = events.map(
    (event, i) =>
      sql`(${ids[i]}, ${projectId}, ${event.type}, ${JSON.stringify({ type: event.type, data: event.data })}::jsonb,
           ${new Date(at.getTime() + i).toISOString()}::timestamptz, ${viaSvix}, ${svixNextAttemptAt}::timestamptz)`,
  );
  // Handed: attempt 1 is under way, leased as a claim leases it. Otherwise due now, unattempted.
  const attempt = handoff
    ? sql`${new Date(at.getTime() + handoff.leaseMs).toISOString()}::timestamptz, 1, ${at.toISOString()}::timestamptz`
    : sql`${at.toISOString()}::timestamptz, 0, NULL::timestamptz`;
  const written = sql`
    WITH message AS (
      INSERT INTO webhook_messages (id, project_id, event_type, payload, created_at, svix_pending, svix_next_attempt_at)
      VALUES ${sql.join(rows, sql`, `)}
      RETURNING id, event_type, payload
    ), wanted AS (
      SELECT message.id AS message_id, message.payload, e.id AS endpoint_id, e.url, e.disabled, e.secret_sealed,
             e.previous_secret_sealed, e.previous_secret_expires_at
        FROM message
        JOIN webhook_endpoints e
          ON e.project_id = ${projectId} AND NOT e.disabled
         AND (e.filter_types IS NULL OR jsonb_typeof(e.filter_types) = 'null'
              OR e.filter_types ? message.event_type)
       WHERE NOT ${viaSvix}
    ), delivery AS (
      INSERT INTO webhook_deliveries (message_id, endpoint_id, project_id, next_attempt_at, attempt_count, last_attempt_at)
      SELECT message_id, endpoint_id, ${projectId}, ${attempt} FROM wanted
      RETURNING 1
    )`;
  if (!handoff) {
    await tx.execute(sql`${written}
      SELECT pg_notify(${WEBHOOK_CHANNEL}, ${projectId})
       WHERE ${viaSvix} OR EXISTS (SELECT 1 FROM delivery)`);
    return ids;
  }
  // Each handed delivery comes back with what its attempt needs; the notice (sent once however
  // many rows ask for it: PostgreSQL folds equal notices of one transaction) names the batch.
  const batch = handoff.newBatch();
  const result = await tx.execute(sql`${written}
    SELECT w.message_id, w.endpoint_id, w.payload, w.url, w.disabled, w.secret_sealed, w.previous_secret_sealed,
           w.previous_secret_expires_at, p.is_production_mode, pg_notify(${WEBHOOK_CHANNEL}, ${batch}) AS noticed
      FROM wanted w JOIN projects p ON p.id = ${projectId}`);
  const handed = (result as unknown as { rows: HandedRow[] }).rows.map(
    (row): ClaimedDelivery => ({
      messageId: row.message_id,
      endpointId: row.endpoint_id,
      projectId,
      attemptCount: 1,
      target: deliveryTargetOf(row),
    }),
  );
  handoff.hold(batch, handed, at.getTime());
  return ids;
}

/** Writes `events` of `projectId` into `tx`, sent the way this server is configured, dated now. */
export function emitEvents(
  ctx: Pick<ServerContext, 'svix' | 'now' | 'webhookHandoff'>,
  tx: EventWriter,
  projectId: string,
  events: readonly WebhookEvent[],
): Promise<string[]> {
  return emitWebhookEvents(
    tx,
    { projectId, viaSvix: ctx.svix !== undefined, at: new Date(ctx.now()), handoff: ctx.webhookHandoff },
    events,
  );
}
