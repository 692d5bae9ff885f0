/**
 * Webhooks: each project's endpoints, the messages (events) written in the same transaction as the
 * change they report (the outbox), one delivery row per message and endpoint that a worker claims,
 * and the attempts it made. Ids follow Svix's shapes (`ep_`, `msg_`, `atmpt_` + 27 base62) because
 * signet serves the part of the Svix API that Stack's tools call.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at } from './columns.js';
import { projects } from './projects.js';

/** A URL a project's events are sent to. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The caller's own optional id for the endpoint (Svix's `uid`). */
    uid: text('uid'),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    disabled: boolean('disabled').notNull().default(false),
    /** The event types sent to it; null sends every type. */
    filterTypes: jsonb('filter_types').$type<string[] | null>(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    /** The signing secret (`whsec_…`), sealed at rest. */
    secretSealed: text('secret_sealed').notNull(),
    /** The secret before the last rotation, still signing beside the new one until it expires. */
    previousSecretSealed: text('previous_secret_sealed'),
    previousSecretExpiresAt: at('previous_secret_expires_at'),
    /** Since when every delivery has failed; null while it succeeds. Disabled after days of it. */
    failingSince: at('failing_since'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('webhook_endpoints_project_idx').on(t.projectId, t.createdAt),
    uniqueIndex('webhook_endpoints_uid_unique').on(t.projectId, t.uid).where(sql`${t.uid} IS NOT NULL`),
  ],
);

/** One event of a project, as sent: `{type, data}`. */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    /** The sender's own optional id for the message (Svix's `eventId`). */
    eventId: text('event_id'),
    payload: jsonb('payload').notNull(),
    createdAt: at('created_at').notNull(),
    /** Still to be forwarded to the configured Svix server (only when one is configured). */
    svixPending: boolean('svix_pending').notNull().default(false),
    svixAttemptCount: integer('svix_attempt_count').notNull().default(0),
    svixNextAttemptAt: at('svix_next_attempt_at'),
  },
  (t) => [
    index('webhook_messages_project_idx').on(t.projectId, t.createdAt),
    index('webhook_messages_svix_pending_idx').on(t.svixNextAttemptAt).where(sql`${t.svixPending}`),
  ],
);

/** One message owed to one endpoint: what the worker claims, retries and finishes. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    messageId: text('message_id')
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    projectId: text('project_id').notNull(),
    /** `pending`, `success` or `failed` (retries exhausted, or the endpoint was disabled). */
    status: text('status').notNull().default('pending'),
    attemptCount: integer('attempt_count').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull(),
    lastAttemptAt: at('last_attempt_at'),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.endpointId] }),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.messageId),
  ],
);

/** One HTTP attempt to deliver a message to an endpoint, with what the endpoint answered. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull(),
    messageId: text('message_id')
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** Svix's codes: 0 success, 2 failure. */
    status: integer('status').notNull(),
    /** Svix's codes: 0 scheduled, 1 manual (a resend). */
    triggerType: integer('trigger_type').notNull().default(0),
    /** The HTTP status, or 0 when no answer came (refused, timeout, blocked address). */
    responseStatusCode: integer('response_status_code').notNull(),
    /** The start of the answer's body (bounded), or why no answer came. */
    response: text('response').notNull().default(''),
    responseDurationMs: integer('response_duration_ms').notNull().default(0),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('webhook_attempts_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_attempts_message_idx').on(t.messageId, t.createdAt),
  ],
);
