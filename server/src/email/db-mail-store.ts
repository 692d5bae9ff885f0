/**
 * The `MailStore` over the `sent_emails` table, so every server process on one database writes to
 * and reads from the same outbox.
 */
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { projects, sentEmails } from '../db/schema.js';
import { isUuid } from '../services/users.js';
import type { MailStore, SentEmail } from './mail-store.js';

type Row = typeof sentEmails.$inferSelect;

function toSentEmail(row: Row): SentEmail {
  return {
    id: row.id,
    projectId: row.projectId,
    from: row.from,
    to: row.to as string[],
    subject: row.subject,
    text: row.text,
    html: row.html,
    sentAt: row.sentAt.getTime(),
    senderConfig: row.senderConfig as Record<string, unknown>,
    error: row.error ?? null,
    inOutbox: row.inOutbox,
  };
}

/**
 * The outbox rule at read time: recorded as outbox mail when sent (shared config, not in
 * production mode then), still marked as sent through the shared config (never a project's own
 * SMTP mail), by a project that exists and is not in production mode now.
 */
const inDevelopmentOutbox: SQL = sql`${sentEmails.inOutbox} and ${sentEmails.senderConfig}->>'type' = 'shared' and exists (
  select 1 from ${projects} where ${projects.id} = ${sentEmails.projectId} and not ${projects.isProductionMode})`;

/** A mail store backed by `db`. */
export function createDbMailStore(db: Database): MailStore {
  return {
    async insert(email) {
      await db.insert(sentEmails).values({
        id: email.id,
        projectId: email.projectId,
        from: email.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        sentAt: new Date(email.sentAt),
        senderConfig: email.senderConfig,
        error: email.error ?? null,
        inOutbox: email.inOutbox,
      });
    },
    async listForMailbox(mailbox) {
      // Inbucket names a mailbox by the full address or by its local part (same rule as `inMailbox`).
      const name = mailbox.toLowerCase();
      const rows = await db
        .select()
        .from(sentEmails)
        .where(
          and(
            inDevelopmentOutbox,
            sql`exists (select 1 from jsonb_array_elements_text(${sentEmails.to}) as r(address)
            where lower(r.address) = ${name} or split_part(lower(r.address), '@', 1) = ${name})`,
          ),
        )
        .orderBy(asc(sentEmails.seq));
      return rows.map(toSentEmail);
    },
    async get(id) {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select()
        .from(sentEmails)
        .where(and(eq(sentEmails.id, id), inDevelopmentOutbox));
      return row ? toSentEmail(row) : null;
    },
    async listForProject(projectId, limit) {
      const rows = await db
        .select()
        .from(sentEmails)
        .where(eq(sentEmails.projectId, projectId))
        .orderBy(desc(sentEmails.seq))
        .limit(limit);
      return rows.map(toSentEmail);
    },
  };
}
