/** Where sent emails are recorded; the development outbox reads the same records. */

/** How a project sends email (wire.md §5.10): the shared development outbox, or its own SMTP server. */
export type EmailConfig =
  | { type: 'shared' }
  | {
      type: 'standard';
      host: string;
      port: number;
      username: string;
      password: string;
      sender_name: string;
      sender_email: string;
    };

/** One recorded email: what was sent, through what, and how it went. */
export interface SentEmail {
  id: string;
  projectId: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  sentAt: number;
  /** The sender config without its password, as `/internal/emails` shows it. */
  senderConfig: Record<string, unknown>;
  /** Why delivery failed, or null. */
  error: unknown;
  /**
   * Whether the development outbox may serve this email, decided when it was sent: only mail kept
   * through the shared config by a project not in production mode (see `outboxMayKeep`).
   */
  inOutbox: boolean;
}

/** The store of sent emails. */
export interface MailStore {
  insert(email: SentEmail): Promise<void>;
  /**
   * The development outbox's emails to one mailbox (the full address, or its local part as
   * Inbucket names mailboxes), oldest first: only emails recorded as outbox mail when they were
   * sent (`inOutbox`), of a project that is not in production mode now. Mail a project sends
   * through its own SMTP server, or while in production mode, is never served here, whoever asks
   * and whatever the project switches to later.
   */
  listForMailbox(mailbox: string): Promise<SentEmail[]>;
  /** One email of the development outbox, under the same rule as `listForMailbox`. */
  get(id: string): Promise<SentEmail | null>;
  /** The newest emails of a project, newest first. */
  listForProject(projectId: string, limit: number): Promise<SentEmail[]>;
}

/**
 * The send-time half of the outbox rule: the outbox, which answers without a credential, may keep
 * an email only when it went through the shared (development) config of a project not in
 * production mode. Anything else may be a real user's reset link.
 */
export function outboxMayKeep(config: EmailConfig, productionMode: boolean): boolean {
  return config.type === 'shared' && !productionMode;
}

/** True when `address` belongs to `mailbox` (full address or local part, case-insensitive). */
export function inMailbox(address: string, mailbox: string): boolean {
  const a = address.toLowerCase();
  const m = mailbox.toLowerCase();
  return a === m || a.split('@')[0] === m;
}
