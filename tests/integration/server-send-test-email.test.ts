/**
 * `POST /internal/send-test-email` (wire.md §4.11): a test email through a given email config,
 * answered `{success}` or `{success: false, error_message}`; SMTP delivery to a real SMTP server on
 * loopback, refused connections and logins, the shared outbox, bad input and access. On every
 * database backend.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { latestMessage } from '../support/outbox.js';
import { expectKnownError, freshEmail, raw } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';
import { closedPort, startSmtpServer, type TestSmtpServer } from '../support/smtp.js';

const PATH = '/internal/send-test-email';

describe.each(backends())('server send-test-email on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  let mailbox: string;
  let dev: ProjectKeys;
  let smtp: TestSmtpServer;
  let projectName: string;

  beforeAll(async () => {
    running = await backend.create();
    url = running.url;
    mailbox = (await running.server.listenMailbox(0)).url;
    dev = running.server.seeded.dev;
    smtp = await startSmtpServer();
    projectName = (await raw(url, '/projects/current', { keys: dev, access: 'admin' })).json.display_name;
  });
  afterAll(async () => {
    await running?.close();
    await smtp?.stop();
  });

  const send = (body: unknown, access: 'client' | 'server' | 'admin' = 'admin') =>
    raw(url, PATH, { keys: dev, access, body });
  /** The SMTP fields as Stack's SDK sends them: no `type`. */
  const smtpFields = (overrides: { port?: number; password?: string } = {}) => {
    const { type: _type, ...fields } = smtp.emailConfig(overrides);
    return fields;
  };
  const latestSent = async () =>
    (await raw(url, '/internal/emails', { keys: dev, access: 'admin' })).json.items[0];

  it('delivers through the given SMTP server, answers {success: true} and records the email', async () => {
    const to = freshEmail();
    const response = await send({ recipient_email: to, email_config: smtpFields() });
    expect(response.status, response.text).toBe(200);
    expect(response.json).toEqual({ success: true });

    const message = smtp.received.at(-1)!;
    expect(message.to).toEqual([to]);
    expect(message.from).toBe('noreply@acme.test');
    expect(message.user).toBe('mailer');
    expect(message.headers.from).toBe('Acme <noreply@acme.test>');
    expect(message.subject).toBe(`Test email from ${projectName}`);
    expect(message.text).toContain('This is a test email from');
    expect(message.html).toMatch(/^<p>This is a test email from .+<\/p>$/);

    expect(await latestSent()).toEqual({
      id: expect.any(String),
      subject: `Test email from ${projectName}`,
      sent_at_millis: expect.any(Number),
      to: [to],
      sender_config: {
        type: 'standard',
        host: '127.0.0.1',
        port: smtp.port,
        username: 'mailer',
        sender_name: 'Acme',
        sender_email: 'noreply@acme.test',
      },
      error: null,
    });
    // Testing a config does not save it.
    const project = await raw(url, '/projects/current', { keys: dev, access: 'admin' });
    expect(project.json.config.email_config).toEqual({ type: 'shared' });
  });

  it('accepts the project-config shape with type standard too', async () => {
    const before = smtp.received.length;
    const to = freshEmail();
    const response = await send({ recipient_email: to, email_config: smtp.emailConfig() });
    expect(response.json).toEqual({ success: true });
    expect(smtp.received).toHaveLength(before + 1);
    expect(smtp.received.at(-1)!.to).toEqual([to]);
  });

  it('a refused connection is {success: false} with a message, recorded with its error', async () => {
    const port = await closedPort();
    const to = freshEmail();
    const response = await send({ recipient_email: to, email_config: smtpFields({ port }) });
    expect(response.status, response.text).toBe(200);
    expect(response.json).toEqual({ success: false, error_message: expect.any(String) });
    expect(response.json.error_message).toMatch(
      new RegExp(`^Could not connect to the email server at 127\\.0\\.0\\.1:${port}\\. .*ECONNREFUSED`),
    );
    const sent = await latestSent();
    expect(sent.to).toEqual([to]);
    expect(sent.error).toMatchObject({ code: 'ESOCKET', message: expect.stringContaining('ECONNREFUSED') });
  });

  it('a refused login is {success: false} naming the credentials', async () => {
    const before = smtp.received.length;
    const response = await send({
      recipient_email: freshEmail(),
      email_config: smtpFields({ password: 'wrong' }),
    });
    expect(response.json.success).toBe(false);
    expect(response.json.error_message).toMatch(/refused the login\. Check the username and password\./);
    expect(smtp.received).toHaveLength(before);
  });

  it('the shared config puts the test email in the development outbox', async () => {
    const to = freshEmail();
    const response = await send({ recipient_email: to, email_config: { type: 'shared' } });
    expect(response.json).toEqual({ success: true });
    const message = await latestMessage(mailbox, to);
    expect(message).toMatchObject({
      to: [`<${to}>`],
      from: `"${projectName}" <noreply@signet.localhost>`,
      subject: `Test email from ${projectName}`,
      body: { text: expect.stringContaining('This is a test email from') },
    });
    expect((await latestSent()).sender_config).toEqual({ type: 'shared' });
  });

  it('bad input is SCHEMA_ERROR naming every problem, never a 500', async () => {
    const schemaMessage = (problems: string[]) => ({
      message: `Request validation failed on POST /api/v1${PATH}:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    });
    expectKnownError(
      await send({}),
      'SCHEMA_ERROR',
      schemaMessage(['body.recipient_email must be defined', 'body.email_config must be defined']),
    );
    expectKnownError(
      await send({ recipient_email: freshEmail(), email_config: { host: 'smtp.example.com' } }),
      'SCHEMA_ERROR',
      schemaMessage(
        ['port', 'username', 'password', 'sender_name', 'sender_email'].map(
          (key) => `body.email_config.${key} must be defined`,
        ),
      ),
    );
    expectKnownError(
      await send({ recipient_email: 'not an email', email_config: smtpFields({ port: 70000 }) }),
      'SCHEMA_ERROR',
      schemaMessage([
        'body.recipient_email must be a valid email address',
        'body.email_config.port Invalid value: Expected <=65535 but received 70000',
      ]),
    );
    for (const body of [
      { recipient_email: freshEmail(), email_config: 'smtp://x' },
      { recipient_email: freshEmail(), email_config: { ...smtpFields(), secure: true } },
      { recipient_email: freshEmail(), email_config: { type: 'other' } },
      { recipient_email: freshEmail(), email_config: { ...smtpFields(), sender_email: 'nope' } },
      [],
    ]) {
      const response = await send(body);
      expect({ status: response.status, code: response.json?.code }, response.text).toEqual({
        status: 400,
        code: 'SCHEMA_ERROR',
      });
    }
  });

  it('only admins may send test emails', async () => {
    const body = { recipient_email: freshEmail(), email_config: { type: 'shared' } };
    for (const access of ['client', 'server'] as const) {
      expectKnownError(await send(body, access), 'INSUFFICIENT_ACCESS_TYPE', {
        actual_access_type: access,
        allowed_access_types: ['admin'],
      });
    }
    const anonymous = await raw(url, PATH, { body });
    expect(anonymous.status).toBe(400);
  });
});
