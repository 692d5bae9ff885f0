/**
 * The development outbox over HTTP, in the shape of Inbucket's REST API v1, so mail-catching tools
 * and tests written for Inbucket read signet's development emails as they are.
 *   GET /api/v1/mailbox/{name}       → message headers, oldest first
 *   GET /api/v1/mailbox/{name}/{id}  → one message with its text and HTML bodies
 */
import { type Context, Hono } from 'hono';
import { stringProblem } from '../input-limits.js';
import { inMailbox, type MailStore, type SentEmail } from './mail-store.js';

/**
 * An address as Inbucket's API shows it (Go's `mail.Address.String()`): `"Name" <address>` with
 * the name always quoted, or `<address>` alone.
 */
export function inbucketAddress(value: string): string {
  const match = /^\s*(.*?)\s*<([^<>]*)>\s*$/.exec(value);
  if (!match) return `<${value.trim()}>`;
  const name = match[1]!.replace(/^"(.*)"$/, '$1').replace(/\\(.)/g, '$1');
  const address = `<${match[2]!.trim()}>`;
  return name ? `"${name.replace(/["\\]/g, '\\$&')}" ${address}` : address;
}

function header(mailbox: string, email: SentEmail) {
  return {
    mailbox,
    id: email.id,
    from: inbucketAddress(email.from),
    to: email.to.map(inbucketAddress),
    subject: email.subject,
    date: new Date(email.sentAt).toISOString(),
    'posix-millis': email.sentAt,
    size: email.text.length + email.html.length,
    seen: false,
  };
}

/** A 400 for a mailbox name or id no address or record can have (a NUL, a lone surrogate). */
function badName(c: Context): Response | null {
  for (const key of ['name', 'id'] as const) {
    const value = c.req.param(key);
    const problem = value === undefined ? null : stringProblem(`mailbox ${key}`, value);
    if (problem) return c.text(problem, 400);
  }
  return null;
}

/**
 * The outbox app; serve it on a port of its own. It answers without a credential, so the store
 * serves it only development mail (see `MailStore.listForMailbox`).
 */
export function createMailboxApp(store: MailStore): Hono {
  const app = new Hono();
  app.get('/api/v1/mailbox/:name', async (c) => {
    const bad = badName(c);
    if (bad) return bad;
    const name = c.req.param('name');
    return c.json((await store.listForMailbox(name)).map((email) => header(name, email)));
  });
  app.get('/api/v1/mailbox/:name/:id', async (c) => {
    const bad = badName(c);
    if (bad) return bad;
    const name = c.req.param('name');
    const email = await store.get(c.req.param('id'));
    if (!email?.to.some((to) => inMailbox(to, name))) return c.text('message not found', 404);
    return c.json({
      ...header(name, email),
      header: { From: [email.from], To: email.to, Subject: [email.subject] },
      body: { text: email.text, html: email.html },
      attachments: [],
    });
  });
  app.notFound((c) => c.text('not found', 404));
  return app;
}
