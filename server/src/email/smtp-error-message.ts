/**
 * Says in one sentence why an SMTP delivery failed, for the admin testing an email config: what
 * went wrong, what to check, and the server's own words (nodemailer's message) at the end.
 */
import type { EmailConfig } from './mail-store.js';
import type { SmtpFailure } from './send-email.js';

type StandardConfig = Extract<EmailConfig, { type: 'standard' }>;

/** The advice for each nodemailer error code; the rest get a generic sentence. */
const ADVICE: Record<string, (where: string) => string> = {
  EDNS: (where) => `Could not find the email server ${where}. Check the host name.`,
  ECONNECTION: (where) =>
    `Could not connect to the email server at ${where}. Make sure it is running and accepting connections.`,
  ESOCKET: (where) =>
    `Could not connect to the email server at ${where}. Make sure it is running and accepting connections, and that the port is right.`,
  ETIMEDOUT: (where) =>
    `Timed out waiting for the email server at ${where}. Make sure it is running and accepting connections.`,
  EAUTH: (where) => `The email server at ${where} refused the login. Check the username and password.`,
  ENOAUTH: (where) => `The email server at ${where} asks for a login. Set a username and password.`,
  EENVELOPE: (where) =>
    `The email server at ${where} refused the sender or the recipient address. Check the sender email.`,
  EMESSAGE: (where) => `The email server at ${where} refused the message.`,
  ETLS: (where) =>
    `The TLS handshake with the email server at ${where} failed. Check the port (465 means TLS).`,
};

/** The message for a failed test email through `config`. */
export function smtpErrorMessage(config: StandardConfig, failure: SmtpFailure): string {
  const where = `${config.host}:${config.port}`;
  const advice =
    ADVICE[failure.code ?? '']?.(where) ?? `Sending through the email server at ${where} failed.`;
  return `${advice} (${failure.message})`;
}
