/** Reading a project's webhook messages (the events it sent), newest first, a page at a time. */
import { and, asc, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import { webhookMessages } from '../../db/schema.js';
import type { ServerContext } from '../context.js';
import { isWebhookId } from './ids.js';
import { type Page, type PageRequest, readPage } from './paging.js';

/** A message as stored. */
export type MessageRow = typeof webhookMessages.$inferSelect;

/** Which messages a list holds. */
export interface MessageFilter {
  /** Only these event types; undefined for all. */
  eventTypes?: readonly string[];
  /** Only messages created at or before / at or after these moments. */
  before?: Date;
  after?: Date;
}

/** The conditions of `filter` on the messages table. */
export function messageConditions(filter: MessageFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.eventTypes?.length) conditions.push(inArray(webhookMessages.eventType, [...filter.eventTypes]));
  if (filter.before) conditions.push(lte(webhookMessages.createdAt, filter.before));
  if (filter.after) conditions.push(gte(webhookMessages.createdAt, filter.after));
  return conditions;
}

/** One page of the project's messages. */
export function listMessages(
  ctx: Pick<ServerContext, 'db'>,
  projectId: string,
  filter: MessageFilter,
  page: PageRequest,
): Promise<Page<MessageRow>> {
  return readPage(webhookMessages, page, (where, descending, take) => {
    const order = descending ? desc : asc;
    return ctx.db
      .select()
      .from(webhookMessages)
      .where(and(eq(webhookMessages.projectId, projectId), ...messageConditions(filter), where))
      .orderBy(order(webhookMessages.createdAt), order(webhookMessages.id))
      .limit(take);
  });
}

/** One message of the project by its id (or the sender's `eventId`, as Svix allows), or null. */
export async function findMessage(
  ctx: Pick<ServerContext, 'db'>,
  projectId: string,
  idOrEventId: string,
): Promise<MessageRow | null> {
  const column = isWebhookId('message', idOrEventId) ? webhookMessages.id : webhookMessages.eventId;
  const [row] = await ctx.db
    .select()
    .from(webhookMessages)
    .where(and(eq(webhookMessages.projectId, projectId), eq(column, idOrEventId)))
    .limit(1);
  return row ?? null;
}
