/**
 * Email templates and sent emails for admins (wire.md §4.11, §5.11, §5.12), the project email
 * config (§5.10), the outbox over HTTP, and SMTP delivery of a project with its own mail server to
 * a real SMTP server on loopback. On every database backend.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { latestMessage, patchConfig, readMailbox } from '../support/outbox.js';
import { expectKnownError, freshEmail, raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';
import { closedPort, startSmtpServer, type TestSmtpServer } from '../support/smtp.js';

const TYPES = ['email_verification', 'password_reset', 'magic_link', 'team_invitation'];
const CALLBACK = 'http://localhost:5173/handler/magic-link-callback';

describe.each(backends())('server email templates, sent emails and SMTP on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  let mailbox: string;
  let dev: ProjectKeys;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    running = await backend.create();
    url = running.url;
    mailbox = (await running.server.listenMailbox(0)).url;
    dev = running.server.seeded.dev;
    await patchConfig(url, dev, { magic_link_enabled: true });
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await running?.close();
    await smtp?.stop();
  });

  const admin = () => ({ keys: dev, access: 'admin' as const });
  const standard = (overrides: { port?: number } = {}) => smtp.emailConfig(overrides);
  const sendCode = (email: string) =>
    raw(url, '/auth/otp/send-sign-in-code', { keys: dev, body: { email, callback_url: CALLBACK } });

  it('lists the four templates with defaults; reads one; unknown types are a schema error', async () => {
    const list = await raw(url, '/email-templates', admin());
    expect(list.status).toBe(200);
    expect(list.json.is_paginated).toBe(false);
    expect(list.json.items.map((t: { type: string }) => t.type)).toEqual(TYPES);
    for (const t of list.json.items) expect(t.is_default).toBe(true);
    expect(list.json.items[2].subject).toBe('Sign in to {{ projectDisplayName }}: Your code is {{ otp }}');
    const one = await raw(url, '/email-templates/password_reset', admin());
    expect(one.json).toEqual(list.json.items[1]);
    const unknown = await raw(url, '/email-templates/nope', admin());
    expect(unknown.json.code).toBe('SCHEMA_ERROR');
    expectKnownError(
      await raw(url, '/email-templates', { keys: dev, access: 'server' }),
      'INSUFFICIENT_ACCESS_TYPE',
      {
        actual_access_type: 'server',
        allowed_access_types: ['admin'],
      },
    );
  });

  it('templates cannot be customised on the shared email config', async () => {
    const response = await raw(url, '/email-templates/magic_link', {
      ...admin(),
      method: 'PATCH',
      body: { subject: 'Hi' },
    });
    expect(response.status).toBe(400);
    expect(response.text).toBe(
      'Cannot update email templates in shared email config. Set up a custom email config to update email templates.',
    );
  });

  it('email_config: standard needs every field; the admin view returns it', async () => {
    const missing = await raw(url, '/projects/current', {
      ...admin(),
      method: 'PATCH',
      body: { config: { email_config: { type: 'standard', host: 'smtp.example.com' } } },
    });
    expect(missing.json.code).toBe('SCHEMA_ERROR');
    expect(missing.json.details.message).toContain('body.config.email_config.port must be defined');
    const project = await patchConfig(url, dev, { email_config: standard() });
    expect(project.config.email_config).toEqual(standard());
    const back = await patchConfig(url, dev, { email_config: { type: 'shared' } });
    expect(back.config.email_config).toEqual({ type: 'shared' });
  });

  it('with its own SMTP server, a project delivers there, with a customised template; sent emails list it', async () => {
    await patchConfig(url, dev, { email_config: standard() });
    try {
      const patched = await raw(url, '/email-templates/magic_link', {
        ...admin(),
        method: 'PATCH',
        body: { subject: 'Your {{ projectDisplayName }} code: {{ otp }}' },
      });
      expect(patched.status, patched.text).toBe(200);
      expect(patched.json).toMatchObject({ type: 'magic_link', is_default: false });
      const invalid = await raw(url, '/email-templates/magic_link', {
        ...admin(),
        method: 'PATCH',
        body: { content: { root: { type: 'Text' } } },
      });
      expect(invalid.status).toBe(400);
      expect(invalid.text).toBe('Invalid email template content');

      const email = freshEmail();
      const sent = await sendCode(email);
      expect(sent.status, sent.text).toBe(200);
      const message = smtp.received.at(-1)!;
      expect(message.to).toEqual([email]);
      expect(message.from).toBe('noreply@acme.test');
      const otp = /^Your .+ code: ([0-9A-Z]{6})$/.exec(message.subject)?.[1];
      expect(otp).toMatch(/^[0-9A-HJKMNP-TV-Z]{6}$/);
      expect(message.text).toContain(`${CALLBACK}?code=${otp!.toLowerCase()}${sent.json.nonce}`);

      const emails = await raw(url, '/internal/emails', admin());
      expect(emails.status).toBe(200);
      const latest = emails.json.items[0];
      expect(latest).toEqual({
        id: expect.any(String),
        subject: `Your ${(await raw(url, '/projects/current', admin())).json.display_name} code: ${otp}`,
        sent_at_millis: expect.any(Number),
        to: [email],
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

      // Switching back to shared is refused while a template is customised; reset it first.
      const refused = await raw(url, '/projects/current', {
        ...admin(),
        method: 'PATCH',
        body: { config: { email_config: { type: 'shared' } } },
      });
      expect(refused.status).toBe(400);
      const reset = await raw(url, '/email-templates/magic_link', { ...admin(), method: 'DELETE' });
      expect(reset.json).toEqual({ success: true });
      const again = await raw(url, '/email-templates/magic_link', { ...admin(), method: 'DELETE' });
      expect(again.status).toBe(404);
      expect(again.text).toBe('Email template not found');
      expect((await raw(url, '/email-templates/magic_link', admin())).json.is_default).toBe(true);
    } finally {
      await raw(url, '/email-templates/magic_link', { ...admin(), method: 'DELETE' });
      await patchConfig(url, dev, { email_config: { type: 'shared' } });
    }
  });

  it('a failed SMTP delivery is recorded with its error and never fails the request', async () => {
    await patchConfig(url, dev, { email_config: standard({ port: await closedPort() }) });
    try {
      const email = freshEmail();
      const sent = await sendCode(email);
      expect(sent.status, sent.text).toBe(200);
      const emails = await raw(url, '/internal/emails', admin());
      expect(emails.json.items[0].to).toEqual([email]);
      expect(emails.json.items[0].error).toMatchObject({ message: expect.any(String) });
    } finally {
      await patchConfig(url, dev, { email_config: { type: 'shared' } });
    }
  });

  it('the outbox serves every shared-config email by address or local part; sent emails are newest first', async () => {
    const user = await signUp(url, dev);
    const code = await sendCode(user.email);
    expectKnownError(code, 'USER_EMAIL_ALREADY_EXISTS'); // unverified auth email: no second email
    const other = freshEmail();
    await sendCode(other);

    const byAddress = await readMailbox(mailbox, user.email);
    expect(byAddress).toHaveLength(1);
    // As Inbucket shows addresses; shared-config mail comes from the project's name.
    const projectName = (await raw(url, '/projects/current', { keys: dev })).json.display_name;
    expect(byAddress[0]).toMatchObject({
      to: [`<${user.email}>`],
      from: `"${projectName}" <noreply@signet.localhost>`,
      subject: expect.stringMatching(/^Verify your email at /),
      body: { text: expect.stringContaining('?code='), html: expect.stringContaining('<a href=') },
    });
    const local = user.email.split('@')[0]!;
    const byLocal = await fetch(`${mailbox}/api/v1/mailbox/${local}`);
    const headers = await byLocal.json();
    expect(headers).toEqual([
      {
        mailbox: local,
        id: byAddress[0]!.id,
        from: `"${projectName}" <noreply@signet.localhost>`,
        to: [`<${user.email}>`],
        subject: byAddress[0]!.subject,
        date: expect.any(String),
        'posix-millis': expect.any(Number),
        size: expect.any(Number),
        seen: false,
      },
    ]);
    expect((await fetch(`${mailbox}/api/v1/mailbox/${local}/not-an-id`)).status).toBe(404);
    expect((await fetch(`${mailbox}/api/v1/mailbox/someone-else/${byAddress[0]!.id}`)).status).toBe(404);

    const emails = await raw(url, '/internal/emails', admin());
    expect(emails.json.items[0].to).toEqual([other]);
    expect(emails.json.items[1].to).toEqual([user.email]);
    expect(emails.json.items[0].sender_config).toEqual({ type: 'shared' });
    expect((await latestMessage(mailbox, other)).subject).toMatch(/Your code is [0-9A-Z]{6}$/);
  });
});
