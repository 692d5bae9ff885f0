/**
 * Writing down what one attempt did, atomically (a success in one statement, a failure in one
 * transaction): the attempt row (always, even when the
 * claim was lost meanwhile: the request went out), then — only while the claim still holds — the
 * delivery's new state: done on a 2xx; on a failure the next attempt on the schedule, or failed
 * when it is spent. The endpoint follows: 410 Gone disables it at once, and so does failing for
 * five days without one success; either way its pending deliveries are failed.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema.js';
import type { ClaimedDelivery } from './claim.js';
import type { PostOutcome } from './http-post.js';
import { newWebhookId } from './ids.js';
import { DISABLE_FAILING_AFTER_MS, parseRetryAfter, retryDelayMs } from './schedule.js';

/** Svix's trigger types of an attempt. */
export const TRIGGER = { scheduled: 0, manual: 1 } as const;

/** Svix's attempt statuses. */
export const ATTEMPT_STATUS = { success: 0, failed: 2 } as const;

/** What recording decided. */
export interface Recorded {
  attemptId: string;
  /** When the delivery is tried next (epoch ms), if it is. */
  nextAttemptAt?: number;
}

/** Records `outcome` of the attempt `claim` made to `url` at `now`. */
export async function recordOutcome(
  db: Database,
  claim: ClaimedDelivery,
  url: string,
  outcome: PostOutcome,
  options: { now: number; retryScheduleMs: readonly number[]; triggerType: number },
): Promise<Recorded> {
  const { now } = options;
  const at = new Date(now);
  const ok = outcome.statusCode >= 200 && outcome.statusCode < 300;
  const attemptId = newWebhookId('attempt');
  if (ok) {
    // The common case in one statement (atomic without a transaction): the attempt, the delivery
    // done while the claim holds, and the endpoint no longer failing.
    await db.execute(sql`
      WITH attempt AS (
        INSERT INTO webhook_attempts (id, project_id, message_id, endpoint_id, url, status, trigger_type,
                                      response_status_code, response, response_duration_ms, created_at)
        VALUES (${attemptId}, ${claim.projectId}, ${claim.messageId}, ${claim.endpointId}, ${url},
                ${ATTEMPT_STATUS.success}, ${options.triggerType}, ${outcome.statusCode}, ${outcome.body},
                ${outcome.durationMs}, ${at.toISOString()}::timestamptz)
      ), delivered AS (
        UPDATE webhook_deliveries SET status = 'success', next_attempt_at = ${at.toISOString()}::timestamptz
         WHERE message_id = ${claim.messageId} AND endpoint_id = ${claim.endpointId}
           AND status = 'pending' AND attempt_count = ${claim.attemptCount}
      )
      UPDATE webhook_endpoints SET failing_since = NULL
       WHERE id = ${claim.endpointId} AND failing_since IS NOT NULL`);
    return { attemptId };
  }
  let nextAttemptAt: number | undefined;
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      id: attemptId,
      projectId: claim.projectId,
      messageId: claim.messageId,
      endpointId: claim.endpointId,
      url,
      status: ATTEMPT_STATUS.failed,
      triggerType: options.triggerType,
      responseStatusCode: outcome.statusCode,
      response: outcome.body,
      responseDurationMs: outcome.durationMs,
      createdAt: at,
    });
    const held = and(
      eq(webhookDeliveries.messageId, claim.messageId),
      eq(webhookDeliveries.endpointId, claim.endpointId),
      eq(webhookDeliveries.status, 'pending'),
      eq(webhookDeliveries.attemptCount, claim.attemptCount),
    );
    const endpoint = eq(webhookEndpoints.id, claim.endpointId);
    const [row] = await tx
      .select({ failingSince: webhookEndpoints.failingSince })
      .from(webhookEndpoints)
      .where(endpoint)
      .for('update');
    const failingSince = row?.failingSince ?? at;
    const gone = outcome.statusCode === 410;
    if (gone || now - failingSince.getTime() >= DISABLE_FAILING_AFTER_MS) {
      // The endpoint asked to be left alone, or has not taken a message in days: stop for good.
      await tx.update(webhookEndpoints).set({ disabled: true, failingSince, updatedAt: at }).where(endpoint);
      await tx
        .update(webhookDeliveries)
        .set({ status: 'failed' })
        .where(
          and(eq(webhookDeliveries.endpointId, claim.endpointId), eq(webhookDeliveries.status, 'pending')),
        );
      return;
    }
    if (!row?.failingSince) await tx.update(webhookEndpoints).set({ failingSince }).where(endpoint);
    const delay = retryDelayMs(
      claim.attemptCount,
      options.retryScheduleMs,
      parseRetryAfter(outcome.retryAfter, now),
    );
    if (delay === null) {
      await tx.update(webhookDeliveries).set({ status: 'failed' }).where(held);
      return;
    }
    const updated = await tx
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(now + delay) })
      .where(held)
      .returning({ messageId: webhookDeliveries.messageId });
    if (updated.length > 0) nextAttemptAt = now + delay;
  });
  return { attemptId, nextAttemptAt };
}
