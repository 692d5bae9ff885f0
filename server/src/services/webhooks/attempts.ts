/**
 * Reading delivery attempts (what each endpoint answered), newest first, a page at a time, and an
 * endpoint's delivery counts by status.
 */
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import { webhookAttempts, webhookDeliveries, webhookMessages } from '../../db/schema.js';
import type { ServerContext } from '../context.js';
import { type MessageFilter, type MessageRow, messageConditions } from './messages.js';
import { type Page, type PageRequest, readPage } from './paging.js';

/** An attempt as stored. */
export type AttemptRow = typeof webhookAttempts.$inferSelect;

/** An attempt with the message it carried. */
export interface AttemptWithMessage extends AttemptRow {
  message: MessageRow;
}

/** Which attempts a list holds. */
export interface AttemptFilter extends MessageFilter {
  endpointId?: string;
  messageId?: string;
  /** Only attempts with this Svix status code (0 success, 2 failure). */
  status?: number;
}

/** One page of the project's attempts matching `filter`, each with its message. */
export function listAttempts(
  ctx: Pick<ServerContext, 'db'>,
  projectId: string,
  filter: AttemptFilter,
  page: PageRequest,
): Promise<Page<AttemptWithMessage>> {
  const conditions: SQL[] = [eq(webhookAttempts.projectId, projectId), ...messageConditions(filter)];
  if (filter.endpointId) conditions.push(eq(webhookAttempts.endpointId, filter.endpointId));
  if (filter.messageId) conditions.push(eq(webhookAttempts.messageId, filter.messageId));
  if (filter.status !== undefined) conditions.push(eq(webhookAttempts.status, filter.status));
  return readPage(webhookAttempts, page, async (where, descending, take) => {
    const order = descending ? desc : asc;
    const rows = await ctx.db
      .select({ attempt: webhookAttempts, message: webhookMessages })
      .from(webhookAttempts)
      .innerJoin(webhookMessages, eq(webhookMessages.id, webhookAttempts.messageId))
      .where(and(...conditions, where))
      .orderBy(order(webhookAttempts.createdAt), order(webhookAttempts.id))
      .limit(take);
    return rows.map((r) => ({ ...r.attempt, message: r.message }));
  });
}

/** How many of an endpoint's deliveries are in each state. */
export interface DeliveryCounts {
  success: number;
  pending: number;
  failed: number;
}

/** The delivery counts of one endpoint (which must be the project's: the caller checked). */
export async function endpointDeliveryCounts(
  ctx: Pick<ServerContext, 'db'>,
  projectId: string,
  endpointId: string,
): Promise<DeliveryCounts> {
  const rows = await ctx.db
    .select({ status: webhookDeliveries.status, n: count() })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.projectId, projectId), eq(webhookDeliveries.endpointId, endpointId)))
    .groupBy(webhookDeliveries.status);
  const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return { success: of('success'), pending: of('pending'), failed: of('failed') };
}
