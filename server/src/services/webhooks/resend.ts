/**
 * Svix's "resend": one more attempt at a message for one endpoint, now, marked manual. The
 * delivery row is (re)opened as pending with a fresh schedule and claimed in the same statement,
 * so no worker sends it concurrently; the attempt then runs in the background. If this process
 * dies before it finishes, the lease ends and a worker makes the attempt (as a scheduled one).
 */
import { sql } from 'drizzle-orm';
import type { ServerContext } from '../context.js';
import { attemptDelivery } from './attempt.js';
import type { ClaimedDelivery } from './claim.js';
import { TRIGGER } from './outcome.js';

/** What a resend found. */
export type ResendResult =
  | { status: 'sending'; sent: Promise<void> }
  | { status: 'message-not-found' }
  | { status: 'endpoint-not-found' }
  | { status: 'endpoint-disabled' };

/**
 * Sends `messageId` of `projectId` to `endpointId` again (Svix `POST
 * /app/{app}/msg/{msg}/endpoint/{endpoint}/resend`). Resolves once the attempt is claimed; `sent`
 * resolves (never rejects) when it is recorded.
 */
export async function resendMessage(
  ctx: Pick<ServerContext, 'db' | 'now' | 'webhookSecrets' | 'webhookDelivery' | 'log'>,
  projectId: string,
  messageId: string,
  endpointId: string,
): Promise<ResendResult> {
  const now = ctx.now();
  const at = new Date(now).toISOString();
  const lease = new Date(now + ctx.webhookDelivery.leaseMs).toISOString();
  const result = await ctx.db.execute(sql`
    WITH message AS (
      SELECT id FROM webhook_messages WHERE id = ${messageId} AND project_id = ${projectId}
    ), endpoint AS (
      SELECT id, disabled FROM webhook_endpoints WHERE id = ${endpointId} AND project_id = ${projectId}
    ), upserted AS (
      INSERT INTO webhook_deliveries AS d
             (message_id, endpoint_id, project_id, status, attempt_count, next_attempt_at, last_attempt_at)
      SELECT message.id, endpoint.id, ${projectId}, 'pending', 1, ${lease}::timestamptz, ${at}::timestamptz
        FROM message, endpoint WHERE NOT endpoint.disabled
      ON CONFLICT (message_id, endpoint_id) DO UPDATE
         SET status = 'pending', attempt_count = 1,
             next_attempt_at = excluded.next_attempt_at, last_attempt_at = excluded.last_attempt_at
      RETURNING d.message_id
    )
    SELECT (SELECT count(*) FROM message)::int AS messages,
           (SELECT count(*) FROM endpoint)::int AS endpoints,
           (SELECT count(*) FROM endpoint WHERE disabled)::int AS disabled,
           (SELECT count(*) FROM upserted)::int AS claimed`);
  const [row] = (result as unknown as { rows: Array<Record<string, number>> }).rows;
  if (!row?.messages) return { status: 'message-not-found' };
  if (!row.endpoints) return { status: 'endpoint-not-found' };
  if (row.disabled || !row.claimed) return { status: 'endpoint-disabled' };
  const claim: ClaimedDelivery = { messageId, endpointId, projectId, attemptCount: 1 };
  const sent = attemptDelivery(ctx, claim, {
    delivery: ctx.webhookDelivery,
    triggerType: TRIGGER.manual,
  }).then(
    () => {},
    (error: unknown) => ctx.log(`webhooks: resend of ${messageId} failed: ${(error as Error).message}`),
  );
  return { status: 'sending', sent };
}
