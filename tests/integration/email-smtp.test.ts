/** SMTP delivery to a real SMTP server process on loopback (the `smtp-server` package). */
import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailStore, SentEmail } from '../../server/src/email/mail-store.js';
import { sendEmail } from '../../server/src/email/send-email.js';

function memoryStore(): MailStore & { all: SentEmail[] } {
  const all: SentEmail[] = [];
  return {
    all,
    insert: async (e) => void all.push(e),
    listForMailbox: async () => all,
    get: async (id) => all.find((e) => e.id === id) ?? null,
    listForProject: async () => all,
  };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const port = (probe.address() as { port: number }).port;
  await new Promise((r) => probe.close(r));
  return port;
}

describe('SMTP delivery', () => {
  const received: Array<{ from: string; to: string[]; raw: string; user?: string }> = [];
  let smtp: SMTPServer;
  let port: number;

  beforeAll(async () => {
    smtp = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 'secret') callback(null, { user: auth.username });
        else callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk) => (raw += chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            user: session.user as string | undefined,
          });
          callback();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    port = (smtp.server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((r) => smtp.close(() => r())));

  const config = (overrides: Partial<{ port: number; password: string }> = {}) => ({
    type: 'standard' as const,
    host: '127.0.0.1',
    port,
    username: 'mailer',
    password: 'secret',
    sender_name: 'Acme',
    sender_email: 'noreply@acme.test',
    ...overrides,
  });

  it('delivers through the project SMTP server and records the email', async () => {
    const store = memoryStore();
    const record = await sendEmail(store, {
      projectId: 'p',
      config: config(),
      to: 'ada@example.com',
      email: { subject: 'Your code is AB12CD', text: 'AB12CD\n', html: '<p>AB12CD</p>' },
      now: 1,
    });
    expect(record.error).toBeNull();
    expect(store.all).toHaveLength(1);
    const message = received.at(-1)!;
    expect(message.to).toEqual(['ada@example.com']);
    expect(message.from).toBe('noreply@acme.test');
    expect(message.user).toBe('mailer');
    expect(message.raw).toContain('Subject: Your code is AB12CD');
    expect(message.raw).toContain('AB12CD');
    expect(record.senderConfig).not.toHaveProperty('password');
  });

  it('records a failed delivery with its error instead of failing', async () => {
    const store = memoryStore();
    const refused = await sendEmail(store, {
      projectId: 'p',
      config: config({ port: await freePort() }),
      to: 'ada@example.com',
      email: { subject: 's', text: 't', html: 'h' },
      now: 1,
    });
    expect(refused.error).toMatchObject({ code: expect.any(String) });
    const badLogin = await sendEmail(store, {
      projectId: 'p',
      config: config({ password: 'wrong' }),
      to: 'ada@example.com',
      email: { subject: 's', text: 't', html: 'h' },
      now: 1,
    });
    expect(badLogin.error).toBeTruthy();
    expect(store.all).toHaveLength(2);
  });
});
