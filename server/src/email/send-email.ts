/**
 * Sends one email. A project on the shared config keeps it in the development outbox only (and not
 * even there in production mode); a project with its own SMTP server gets it delivered there. Either way the email is recorded before
 * the call returns, and a failed delivery is recorded with its error rather than failing the request.
 */
import { randomUUID } from 'node:crypto';
import { isLocalHost } from '../services/local-hosts.js';
import { type EmailConfig, type MailStore, outboxMayKeep, type SentEmail } from './mail-store.js';
import type { RenderedEmail } from './render.js';

/** The address mail of the shared (development) config comes from; the name is the project's. */
export const SHARED_SENDER_ADDRESS = 'noreply@signet.localhost';

/** `Name <address>`, the name quoted when RFC 5322 needs it (specials such as `,` or `.`). */
export function mailbox(name: string, address: string): string {
  const display = /^[\w !#$%&'*+\-/=?^`{|}~]*$/.test(name)
    ? name.trim()
    : `"${name.replace(/["\\]/g, '\\$&')}"`;
  return display ? `${display} <${address}>` : address;
}
/** SMTP connection and send timeout. */
const SMTP_TIMEOUT_MS = 10_000;

/** What a send needs. */
export interface SendEmailInput {
  projectId: string;
  /** Whether the project is in production mode now: its mail then never reaches the outbox. */
  productionMode: boolean;
  config: EmailConfig;
  /** The project's display name: the sender's name on the shared config, as Stack's. */
  projectDisplayName: string;
  /** The shared config's sender address; `SHARED_SENDER_ADDRESS` when unset. */
  sharedSender?: string;
  to: string;
  email: RenderedEmail;
  now: number;
}

/** The sender config as `/internal/emails` shows it: everything but the password. */
export function publicSenderConfig(config: EmailConfig): Record<string, unknown> {
  if (config.type === 'shared') return { type: 'shared' };
  const { password: _password, ...rest } = config;
  return rest;
}

/** Why an SMTP delivery failed: nodemailer's message and error code (`ESOCKET`, `EAUTH`, ...). */
export interface SmtpFailure {
  message: string;
  code: string | null;
}

/** nodemailer's transport options for a project's SMTP server. */
export function smtpTransportOptions(config: Extract<EmailConfig, { type: 'standard' }>) {
  return {
    host: config.host,
    port: config.port,
    secure: config.port === 465,
    auth: config.username ? { user: config.username, pass: config.password } : undefined,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
    // A development SMTP server on this machine rarely has a certificate a client would trust; any
    // other server must prove who it is, or the login and the emails could go to an impostor.
    tls: { rejectUnauthorized: !isLocalHost(config.host) },
  };
}

/** Delivers through SMTP; resolves with the failure, or null when the server accepted the message. */
export async function deliverSmtp(
  config: Extract<EmailConfig, { type: 'standard' }>,
  message: { from: string; to: string; subject: string; text: string; html: string },
): Promise<SmtpFailure | null> {
  // Loaded on the first SMTP delivery: a server whose projects all use the shared config (every
  // development server) never needs it, and it costs ~15 MB and ~150 ms at start.
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport(smtpTransportOptions(config));
  try {
    await transport.sendMail(message);
    return null;
  } catch (error) {
    return { message: (error as Error).message, code: (error as { code?: string }).code ?? null };
  } finally {
    transport.close();
  }
}

/** Sends (or keeps) one email and records it; resolves with the record. */
export async function sendEmail(store: MailStore, input: SendEmailInput): Promise<SentEmail> {
  const { config, email } = input;
  const from =
    config.type === 'shared'
      ? mailbox(input.projectDisplayName, input.sharedSender ?? SHARED_SENDER_ADDRESS)
      : mailbox(config.sender_name, config.sender_email);
  const error =
    config.type === 'standard'
      ? await deliverSmtp(config, {
          from,
          to: input.to,
          subject: email.subject,
          text: email.text,
          html: email.html,
        })
      : null;
  const record: SentEmail = {
    id: randomUUID(),
    projectId: input.projectId,
    from,
    to: [input.to],
    subject: email.subject,
    text: email.text,
    html: email.html,
    sentAt: input.now,
    senderConfig: publicSenderConfig(config),
    error,
    inOutbox: outboxMayKeep(config, input.productionMode),
  };
  await store.insert(record);
  return record;
}
