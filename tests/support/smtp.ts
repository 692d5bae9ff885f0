/**
 * A real SMTP server (the `smtp-server` package) on a free loopback port for the email tests: it
 * accepts one login, keeps every message it receives parsed enough to assert on, and stops.
 */
import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { EmailConfig } from '../../server/src/email/mail-store.js';

/** The only login the test server accepts. */
export const SMTP_USERNAME = 'mailer';
/** The password of {@link SMTP_USERNAME}. */
export const SMTP_PASSWORD = 'secret';

/** One message as the SMTP server received it. */
export interface ReceivedMessage {
  /** Envelope sender (MAIL FROM). */
  from: string;
  /** Envelope recipients (RCPT TO). */
  to: string[];
  /** The authenticated user, when the client logged in. */
  user?: string;
  /** The message exactly as transmitted. */
  raw: string;
  /** Top-level headers, lower-cased names, folded lines joined. */
  headers: Record<string, string>;
  /** The decoded Subject header. */
  subject: string;
  /** The decoded text/plain part with LF line ends ('' when there is none). */
  text: string;
  /** The decoded text/html part with LF line ends ('' when there is none). */
  html: string;
}

/** A running test SMTP server. */
export interface TestSmtpServer {
  port: number;
  /** Every message received so far, oldest first. */
  received: ReceivedMessage[];
  /** A standard project email config (wire.md §5.10) pointing at this server. */
  emailConfig(
    overrides?: Partial<Omit<Extract<EmailConfig, { type: 'standard' }>, 'type'>>,
  ): Extract<EmailConfig, { type: 'standard' }>;
  stop(): Promise<void>;
}

/** Starts an SMTP server on 127.0.0.1 with plain (non-TLS) connections and an optional login. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMessage[] = [];
  const smtp = new SMTPServer({
    secure: false,
    // Without certificates, STARTTLS would only make nodemailer fail the handshake.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USERNAME && auth.password === SMTP_PASSWORD) {
        callback(null, { user: auth.username });
      } else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk) => (raw += chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          raw,
          ...parseMessage(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as { port: number }).port;
  return {
    port,
    received,
    emailConfig: (overrides = {}) => ({
      type: 'standard',
      host: '127.0.0.1',
      port,
      username: SMTP_USERNAME,
      password: SMTP_PASSWORD,
      sender_name: 'Acme',
      sender_email: 'noreply@acme.test',
      ...overrides,
    }),
    stop: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** A loopback port nothing listens on (it was free a moment ago), for refused connections. */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

type Parsed = Pick<ReceivedMessage, 'headers' | 'subject' | 'text' | 'html'>;

/**
 * Parses what nodemailer sends: headers, then a single part or one level of multipart (nested
 * multiparts are searched too). Enough for assertions; not a general MIME parser.
 */
function parseMessage(raw: string): Parsed {
  const found = { text: '', html: '' };
  const headers = collectParts(raw, found);
  return { headers, subject: decodeWords(headers.subject ?? ''), ...found };
}

/** Parses one entity; fills `found` with its first text and HTML bodies; returns its headers. */
function collectParts(entity: string, found: { text: string; html: string }): Record<string, string> {
  const split = /\r?\n\r?\n/.exec(entity);
  const head = split ? entity.slice(0, split.index) : entity;
  const body = split ? entity.slice(split.index + split[0].length) : '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const type = (headers['content-type'] ?? 'text/plain').toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (type.startsWith('multipart/') && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      // The line break before a boundary belongs to the boundary, not to the part.
      collectParts(part.replace(/^\r?\n/, '').replace(/\r?\n$/, ''), found);
    }
  } else {
    // SMTP carries CRLF line ends; tests compare with the LF text they sent.
    const decoded = decodeBody(body, headers['content-transfer-encoding'] ?? '').replace(/\r\n/g, '\n');
    if (type.startsWith('text/html') && !found.html) found.html = decoded;
    else if (type.startsWith('text/plain') && !found.text) found.text = decoded;
  }
  return headers;
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return body;
  }
}

/** Undoes quoted-printable (soft line breaks and =XX escapes, as UTF-8 bytes). */
function decodeQuotedPrintable(text: string): string {
  // Literal % are escaped first, so the whole text goes through one UTF-8 decode unharmed.
  const escaped = text.replace(/=\r?\n/g, '').replace(/%/g, '%25');
  return decodeURIComponent(escaped.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`));
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) in a header value. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
