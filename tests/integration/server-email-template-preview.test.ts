/**
 * `POST /email-templates/{type}/preview` (a signet wire addition): a template rendered with example
 * values by the code real sends use, for the stored template or a draft, saving nothing; bad input
 * and access. On every database backend.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../core/app.js';
import { adminEmails } from '../../plugins/admin-emails/index.js';
import type { ProjectKeys } from '../../server/src/index.js';
import { expectKnownError, raw } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

const layout = (blocks: Record<string, unknown>, ids: string[]) => ({
  ...blocks,
  root: { type: 'EmailLayout', data: { childrenIds: ids } },
});

describe.each(backends())('server email template preview on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  let dev: ProjectKeys;
  let projectName: string;

  beforeAll(async () => {
    running = await backend.create();
    url = running.url;
    dev = running.server.seeded.dev;
    projectName = (await raw(url, '/projects/current', { keys: dev, access: 'admin' })).json.display_name;
  });
  afterAll(async () => {
    await running?.close();
  });

  const preview = (type: string, body: unknown = {}, access: 'client' | 'server' | 'admin' = 'admin') =>
    raw(url, `/email-templates/${type}/preview`, { keys: dev, access, body });

  it('renders the stored template with example values and lists its variables', async () => {
    const response = await preview('magic_link');
    expect(response.status, response.text).toBe(200);
    expect(response.json.subject).toBe(`Sign in to ${projectName}: Your code is ABC123`);
    expect(response.json.html).toContain('ABC123');
    expect(response.json.html).toContain(
      'href="https://example.com/handler/magic-link-callback?code=sample"',
    );
    expect(response.json.text).toContain('ABC123');
    expect(response.json.variables.map((v: { name: string }) => v.name)).toEqual([
      'projectDisplayName',
      'userDisplayName',
      'userDisplayNameSuffix',
      'magicLink',
      'otp',
    ]);
    const team = await preview('team_invitation');
    expect(team.json.variables.map((v: { name: string }) => v.name)).toContain('teamInvitationLink');
    expect(team.json.subject).toBe('You have been invited to join Analytical Engines');
  });

  it('renders a draft subject and content, and saves nothing', async () => {
    const content = layout(
      {
        h: { type: 'Heading', data: { props: { text: 'Hello{{ userDisplayNameSuffix }}' } } },
        b: { type: 'Button', data: { props: { text: 'Reset', url: '{{ passwordResetLink }}' } } },
      },
      ['h', 'b'],
    );
    const response = await preview('password_reset', {
      subject: 'Draft for {{ projectDisplayName }}',
      content,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.json.subject).toBe(`Draft for ${projectName}`);
    expect(response.json.html).toContain('Hello, Ada Lovelace');
    expect(response.json.html).toContain('href="https://example.com/handler/password-reset?code=sample"');
    // Only the subject given: the content is the stored one.
    const subjectOnly = await preview('password_reset', { subject: 'Only {{ otp }}!' });
    expect(subjectOnly.json.subject).toBe('Only !');
    expect(subjectOnly.json.html).toContain('Reset my password');
    const stored = await raw(url, '/email-templates/password_reset', { keys: dev, access: 'admin' });
    expect(stored.json.is_default).toBe(true);
    expect(stored.json.subject).toBe('Reset your password at {{ projectDisplayName }}');
  });

  it('keeps a subject on one line, as sends do', async () => {
    const response = await preview('email_verification', { subject: 'Line one\r\nBcc: someone@example.com' });
    expect(response.json.subject).toBe('Line one Bcc: someone@example.com');
  });

  it('refuses content that is not an email document, unknown types and extra fields', async () => {
    const notDocument = await preview('magic_link', { content: { root: { type: 'Text' } } });
    expect(notDocument.status).toBe(400);
    expect(notDocument.text).toContain('Invalid email template content');
    const unknownType = await preview('welcome');
    expect(unknownType.status).toBe(400);
    expect(unknownType.json.code).toBe('SCHEMA_ERROR');
    const extra = await preview('magic_link', { html: '<p>x</p>' });
    expect(extra.json.code).toBe('SCHEMA_ERROR');
    const wrongShape = await preview('magic_link', { subject: 42 });
    expect(wrongShape.json.code).toBe('SCHEMA_ERROR');
    const tooBig = await preview('magic_link', {
      content: layout({ t: { type: 'Text', data: { props: { text: 'x'.repeat(2_000_000) } } } }, ['t']),
    });
    expect(tooBig.status).toBeGreaterThanOrEqual(400);
    expect(tooBig.status).toBeLessThan(500);
  });

  it('is for admins only', async () => {
    expectKnownError(await preview('magic_link', {}, 'server'), 'INSUFFICIENT_ACCESS_TYPE', {
      actual_access_type: 'server',
      allowed_access_types: ['admin'],
    });
    const client = await preview('magic_link', {}, 'client');
    expect(client.status).toBe(401);
    const noKey = await raw(url, '/email-templates/magic_link/preview', {
      body: {},
      headers: { 'x-stack-project-id': dev.projectId, 'x-stack-access-type': 'admin' },
    });
    expect(noKey.status).toBeGreaterThanOrEqual(400);
    expect(noKey.status).toBeLessThan(500);
  });
});

describe.each(backends())('kit app.emails.previewTemplate on $name', (backend) => {
  let running: RunningServer;
  beforeAll(async () => {
    running = await backend.create();
  });
  afterAll(async () => {
    await running?.close();
  });

  it('previews the stored template and a draft through the admin-emails plugin', async () => {
    const keys = running.server.seeded.dev;
    const app = createApp({
      projectId: keys.projectId,
      superSecretAdminKey: keys.superSecretAdminKey,
      baseUrl: running.url,
      tokenStore: 'memory',
      redirectMethod: 'none',
      plugins: [adminEmails()],
    });
    const stored = await app.emails.previewTemplate('email_verification');
    expect(stored.html).toContain('href="https://example.com/handler/email-verification?code=sample"');
    expect(stored.variables.find((v) => v.name === 'emailVerificationLink')?.example).toContain(
      'code=sample',
    );
    const draft = await app.emails.previewTemplate('email_verification', {
      subject: 'Hi {{ userDisplayName }}',
    });
    expect(draft.subject).toBe('Hi Ada Lovelace');
    await expect(app.emails.previewTemplate('email_verification', { content: { nope: {} } })).rejects.toThrow(
      'Invalid email template content',
    );
  });
});
