/** SMTP delivery to a real SMTP server process on loopback (the `smtp-server` package). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailStore, SentEmail } from '../../server/src/email/mail-store.js';
import { sendEmail } from '../../server/src/email/send-email.js';
import { closedPort, startSmtpServer, type TestSmtpServer } from '../support/smtp.js';

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

describe('SMTP delivery', () => {
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.stop());

  it('delivers through the project SMTP server and records the email', async () => {
    const store = memoryStore();
    const record = await sendEmail(store, {
      projectId: 'p',
      productionMode: false,
      projectDisplayName: 'Acme',
      config: smtp.emailConfig(),
      to: 'ada@example.com',
      email: { subject: 'Your code is AB12CD', text: 'AB12CD\n', html: '<p>AB12CD</p>' },
      now: 1,
    });
    expect(record.error).toBeNull();
    expect(store.all).toHaveLength(1);
    const message = smtp.received.at(-1)!;
    expect(message.to).toEqual(['ada@example.com']);
    expect(message.from).toBe('noreply@acme.test');
    expect(message.user).toBe('mailer');
    expect(message.subject).toBe('Your code is AB12CD');
    expect(message.headers.from).toBe('Acme <noreply@acme.test>');
    expect(message.text).toBe('AB12CD\n');
    expect(message.html).toBe('<p>AB12CD</p>');
    expect(record.senderConfig).not.toHaveProperty('password');
    // Mail that left through the project's own server is never the development outbox's.
    expect(record.inOutbox).toBe(false);
  });

  it('records a failed delivery with its error instead of failing', async () => {
    const store = memoryStore();
    const refused = await sendEmail(store, {
      projectId: 'p',
      productionMode: false,
      projectDisplayName: 'Acme',
      config: smtp.emailConfig({ port: await closedPort() }),
      to: 'ada@example.com',
      email: { subject: 's', text: 't', html: 'h' },
      now: 1,
    });
    expect(refused.error).toMatchObject({ code: expect.any(String) });
    const badLogin = await sendEmail(store, {
      projectId: 'p',
      productionMode: false,
      projectDisplayName: 'Acme',
      config: smtp.emailConfig({ password: 'wrong' }),
      to: 'ada@example.com',
      email: { subject: 's', text: 't', html: 'h' },
      now: 1,
    });
    expect(badLogin.error).toBeTruthy();
    expect(store.all).toHaveLength(2);
  });
});
