/**
 * Writing an event: the message and one delivery per endpoint that wants it go into the caller's
 * transaction (the outbox), so an event exists exactly when its change committed. The NOTIFY is
 * transactional too: workers hear it at commit, never for a change that rolled back.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import type { ServerContext } from '../context.js';
import type { WebhookEvent } from './events.js';
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
}

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
  const ids = events.map(() => newWebhookId('message'));
  const svixNextAttemptAt = viaSvix ? at.toISOString() : null;
  // One millisecond apart, so messages sort in the order the changes were made.
  const rows = events.map(
    (event, i) =>
      sql`(${ids[i]}, ${projectId}, ${event.type}, ${JSON.stringify({ type: event.type, data: event.data })}::jsonb,
           ${new Date(at.getTime() + i).toISOString()}::timestamptz, ${viaSvix}, ${svixNextAttemptAt}::timestamptz)`,
  );
  await tx.execute(sql`
    WITH message AS (
      INSERT INTO webhook_messages (id, project_id, event_type, payload, created_at, svix_pending, svix_next_attempt_at)
      VALUES ${sql.join(rows, sql`, `)}
      RETURNING id, event_type
    ), delivery AS (
      INSERT INTO webhook_deliveries (message_id, endpoint_id, project_id, next_attempt_at)
      SELECT message.id, e.id, ${projectId}, ${at.toISOString()}::timestamptz
        FROM message
        JOIN webhook_endpoints e
          ON e.project_id = ${projectId} AND NOT e.disabled
         AND (e.filter_types IS NULL OR jsonb_typeof(e.filter_types) = 'null'
              OR e.filter_types ? message.event_type)
       WHERE NOT ${viaSvix}
      RETURNING 1
    )
    SELECT pg_notify(${WEBHOOK_CHANNEL}, ${projectId})
     WHERE ${viaSvix} OR EXISTS (SELECT 1 FROM delivery)`);
  return ids;
}

/** Writes `events` of `projectId` into `tx`, sent the way this server is configured, dated now. */
export function emitEvents(
  ctx: Pick<ServerContext, 'svix' | 'now'>,
  tx: EventWriter,
  projectId: string,
  events: readonly WebhookEvent[],
): Promise<string[]> {
  return emitWebhookEvents(
    tx,
    { projectId, viaSvix: ctx.svix !== undefined, at: new Date(ctx.now()) },
    events,
  );
}
