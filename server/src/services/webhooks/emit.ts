/**
 * Writing an event: the message and one delivery per endpoint that wants it go into the caller's
 * transaction (the outbox), so an event exists exactly when its change committed. The NOTIFY is
 * transactional too: workers hear it at commit, never for a change that rolled back.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { webhookDeliveries, webhookEndpoints, webhookMessages } from '../../db/schema.js';
import type { ServerContext } from '../context.js';
import type { WebhookEvent } from './events.js';
import { newWebhookId } from './ids.js';

/** What writing an event needs of the caller's transaction. */
export type EventWriter = Pick<Database, 'select' | 'insert' | 'execute'>;

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

/** Writes `events` (in order) into `tx`; returns their message ids. */
export async function emitWebhookEvents(
  tx: EventWriter,
  options: EmitOptions,
  events: readonly WebhookEvent[],
): Promise<string[]> {
  if (events.length === 0) return [];
  const { projectId, viaSvix, at } = options;
  // One millisecond apart, so messages sort in the order the changes were made.
  const messages = events.map((event, i) => ({
    id: newWebhookId('message'),
    projectId,
    eventType: event.type,
    payload: { type: event.type, data: event.data },
    createdAt: new Date(at.getTime() + i),
    svixPending: viaSvix,
    svixNextAttemptAt: viaSvix ? at : null,
  }));
  await tx.insert(webhookMessages).values(messages);
  if (!viaSvix) {
    const endpoints = await tx
      .select({ id: webhookEndpoints.id, filterTypes: webhookEndpoints.filterTypes })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.projectId, projectId), eq(webhookEndpoints.disabled, false)));
    const deliveries = messages.flatMap((message) =>
      endpoints
        .filter((e) => e.filterTypes == null || e.filterTypes.includes(message.eventType))
        .map((e) => ({ messageId: message.id, endpointId: e.id, projectId, nextAttemptAt: at })),
    );
    if (deliveries.length === 0) return messages.map((m) => m.id);
    await tx.insert(webhookDeliveries).values(deliveries);
  }
  await tx.execute(sql`select pg_notify(${WEBHOOK_CHANNEL}, ${projectId})`);
  return messages.map((m) => m.id);
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
