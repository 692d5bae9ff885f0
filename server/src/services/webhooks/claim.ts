/**
 * Claiming deliveries: one short statement picks due rows `FOR UPDATE SKIP LOCKED` (workers of
 * this and other processes take different rows instead of waiting), moves their next attempt to
 * the end of a lease and counts the attempt. The send happens after that statement committed; if
 * the process dies mid-send, the row comes due again when the lease ends and is sent again with
 * the same message id (at least once). The attempt count doubles as a fencing token: an outcome is
 * only written while the count is still the one claimed.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';

/** A delivery this worker holds until its lease ends. */
export interface ClaimedDelivery {
  messageId: string;
  endpointId: string;
  projectId: string;
  /** The attempt being made, counting from 1 (the fencing token). */
  attemptCount: number;
  /** What the attempt sends and where, read with the claim (absent: read it before sending). */
  target?: DeliveryTarget;
}

/** The message, endpoint and project facts one attempt needs. */
export interface DeliveryTarget {
  payload: unknown;
  url: string;
  disabled: boolean;
  secretSealed: string;
  previousSecretSealed: string | null;
  previousSecretExpiresAt: Date | null;
  productionMode: boolean;
}

/** The columns a delivery's target is read from (the claim's and the hand-off's statements). */
export type TargetRow = {
  payload: unknown;
  url: string;
  disabled: boolean;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: Date | string | null;
  is_production_mode: boolean;
};

type Row = TargetRow & {
  message_id: string;
  endpoint_id: string;
  project_id: string;
  attempt_count: number;
  more_due: boolean;
};

/** The target a row of {@link TargetRow}'s columns describes (either driver's value types). */
export function deliveryTargetOf(row: TargetRow): DeliveryTarget {
  return {
    payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
    url: row.url,
    disabled: row.disabled,
    secretSealed: row.secret_sealed,
    previousSecretSealed: row.previous_secret_sealed,
    previousSecretExpiresAt:
      row.previous_secret_expires_at == null ? null : new Date(row.previous_secret_expires_at),
    productionMode: row.is_production_mode,
  };
}

/** What a claim took, and whether other deliveries were due beside it. */
export interface Claimed {
  claims: ClaimedDelivery[];
  /**
   * Whether, when the claim ran, another delivery was due that it did not take (possibly one
   * another worker was claiming at that moment). False when nothing was claimed. A worker wakes
   * another, or claims again at once, only when this is true: an event alone costs one claim.
   */
  moreDue: boolean;
}

/**
 * Claims up to `limit` deliveries due at `now` for `leaseMs`, each with its target (one round
 * trip: the claim, the reads it needs and whether more are due are one statement).
 */
export async function claimDueDeliveries(
  db: Pick<Database, 'execute'>,
  now: number,
  leaseMs: number,
  limit: number,
): Promise<Claimed> {
  const at = new Date(now).toISOString();
  const lease = new Date(now + leaseMs).toISOString();
  const result = await db.execute(sql`
    WITH claimed AS (
      UPDATE webhook_deliveries AS d
         SET next_attempt_at = ${lease}::timestamptz,
             attempt_count = d.attempt_count + 1,
             last_attempt_at = ${at}::timestamptz
        FROM (SELECT message_id, endpoint_id FROM webhook_deliveries
               WHERE status = 'pending' AND next_attempt_at <= ${at}::timestamptz
               ORDER BY next_attempt_at
               LIMIT ${limit}
               FOR UPDATE SKIP LOCKED) AS due
       WHERE d.message_id = due.message_id AND d.endpoint_id = due.endpoint_id
   RETURNING d.message_id, d.endpoint_id, d.project_id, d.attempt_count
    )
    SELECT c.message_id, c.endpoint_id, c.project_id, c.attempt_count, m.payload, e.url, e.disabled,
           e.secret_sealed, e.previous_secret_sealed, e.previous_secret_expires_at, p.is_production_mode,
           -- The statement's snapshot still shows the claimed rows as due: they are left out.
           EXISTS (SELECT 1 FROM webhook_deliveries o
                    WHERE o.status = 'pending' AND o.next_attempt_at <= ${at}::timestamptz
                      AND (o.message_id, o.endpoint_id) NOT IN (SELECT message_id, endpoint_id FROM claimed)
                  ) AS more_due
      FROM claimed c
      JOIN webhook_messages m ON m.id = c.message_id
      JOIN webhook_endpoints e ON e.id = c.endpoint_id AND e.project_id = c.project_id
      JOIN projects p ON p.id = e.project_id`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  const claims = rows.map((r) => ({
    messageId: r.message_id,
    endpointId: r.endpoint_id,
    projectId: r.project_id,
    attemptCount: Number(r.attempt_count),
    target: deliveryTargetOf(r),
  }));
  return { claims, moreDue: rows[0]?.more_due === true };
}

/**
 * Gives a claim back unused (the server is closing mid-send): due at once for any process, and
 * the attempt that never finished is not counted.
 */
export async function releaseClaim(
  db: Pick<Database, 'execute'>,
  claim: ClaimedDelivery,
  now: number,
): Promise<void> {
  await db.execute(sql`
    UPDATE webhook_deliveries
       SET next_attempt_at = ${new Date(now).toISOString()}::timestamptz, attempt_count = attempt_count - 1
     WHERE message_id = ${claim.messageId} AND endpoint_id = ${claim.endpointId}
       AND status = 'pending' AND attempt_count = ${claim.attemptCount}`);
}
