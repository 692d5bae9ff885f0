/** Email a project sends and the templates it sends with. */
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { at } from './columns.js';
import { projects } from './projects.js';

/**
 * Every email sent or kept for a project: the development outbox and `/internal/emails` read these
 * rows, so several server processes on one database share one outbox.
 */
export const sentEmails = pgTable(
  'sent_emails',
  {
    id: uuid('id').primaryKey(),
    /** Insertion order; the injectable clock may give two emails the same `sent_at`. */
    seq: integer('seq').generatedAlwaysAsIdentity(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    from: text('from').notNull(),
    /** Recipient addresses (a JSON array of strings). */
    to: jsonb('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    sentAt: at('sent_at').notNull(),
    /** The sender config without its password. */
    senderConfig: jsonb('sender_config').notNull(),
    /** Why delivery failed, or null. */
    error: jsonb('error'),
    /**
     * Decided when sent: true only for mail kept through the shared config by a project not in
     * production mode, the only mail the development outbox may ever serve.
     */
    inOutbox: boolean('in_outbox').notNull().default(false),
  },
  (t) => [
    index('sent_emails_project_seq_idx').on(t.projectId, t.seq),
    // The retention sweep drops old emails by this (services/retention).
    index('sent_emails_sent_at_idx').on(t.sentAt),
  ],
);

/** A project's customised email template (wire.md §5.11); a missing row means the default. */
export const emailTemplates = pgTable(
  'email_templates',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    subject: text('subject').notNull(),
    content: jsonb('content').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.type] })],
);
