/**
 * The console's Emails, Webhooks and API keys pages in Chromium, against `npm start` as a
 * developer runs it, walked as a new admin would: switch the project to its own SMTP server (a
 * loopback SMTP server), see a wrong port refused in words, test again and save; edit a template
 * and watch the server's preview follow; find the test email in the log. Add a webhook endpoint
 * for a loopback receiver, see a sign-up delivered with the receiver's answer, resend it, reveal
 * and rotate the signing secret. Create API keys, use the secret key once, revoke it and see the
 * next request fail. Every page passes axe (no serious or critical violation) at 1280 px and 768 px,
 * where nothing is cut off.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closedPort,
  SMTP_PASSWORD,
  SMTP_USERNAME,
  startSmtpServer,
  type TestSmtpServer,
} from '../support/smtp.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import { launchChromium } from './support/browser.js';
import { checkConsolePage, openConsoleTab, region, signUpInConsole, toast } from './support/console.js';
import { type DevStack, startDevStack } from './support/dev-stack.js';

const OWNER = `owner-${randomUUID().slice(0, 8)}@example.com`;
const PASSWORD = 'correct horse 1';

let stack: DevStack;
let browser: Browser;
let page: Page;
let smtp: TestSmtpServer;
let receiver: WebhookReceiver;
let projectId = '';
const pageErrors: string[] = [];

beforeAll(async () => {
  [stack, smtp, receiver] = await Promise.all([startDevStack(), startSmtpServer(), startWebhookReceiver()]);
  projectId = stack.project.projectId;
  browser = await launchChromium();
  page = await openConsoleTab(browser, pageErrors);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await smtp?.stop();
  await receiver?.close();
});

const consoleUrl = (path: string) => `${stack.apiUrl}/console${path}`;

/** A request to the development project's API with `headers` (keys of some access type). */
function api(path: string, headers: Record<string, string>, init: RequestInit = {}) {
  return fetch(`${stack.apiUrl}/api/v1${path}`, {
    ...init,
    headers: { 'x-stack-project-id': projectId, 'content-type': 'application/json', ...headers },
  });
}
const adminHeaders = () => ({
  'x-stack-access-type': 'admin',
  'x-stack-super-secret-admin-key': stack.project.superSecretAdminKey,
});

/**
 * The template preview, left out of axe: its content is the email as its author wrote it, not the
 * console, and axe cannot run inside a frame with every sandbox restriction (it waits forever).
 */
const SANDBOXED_PREVIEW = 'iframe[sandbox=""]';

describe('console emails, webhooks and API keys pages', () => {
  it('the first account made in the console owns the development project', async () => {
    await signUpInConsole(page, stack.apiUrl, OWNER, PASSWORD);
    await page
      .getByRole('link', { name: /Development project/ })
      .first()
      .waitFor();
  });

  it('emails: own SMTP server tested before saving, the refusal in words', async () => {
    await page.goto(consoleUrl(`/projects/${projectId}/emails`));
    await page.getByRole('heading', { level: 1, name: 'Emails' }).waitFor();
    await region(page, 'Templates').getByRole('table').waitFor();
    await checkConsolePage(page, 'emails', { exclude: [SANDBOXED_PREVIEW] });

    const server = region(page, 'Email server');
    await server.getByRole('radio', { name: /My own SMTP server/ }).check();
    await server.getByRole('textbox', { name: 'SMTP host' }).fill('127.0.0.1');
    await server.getByRole('textbox', { name: 'Port' }).fill(String(await closedPort()));
    await server.getByRole('textbox', { name: 'User name' }).fill(SMTP_USERNAME);
    await server.getByLabel('Password').fill(SMTP_PASSWORD);
    await server.getByRole('textbox', { name: 'Sender email' }).fill('noreply@example.com');
    await server.getByRole('textbox', { name: 'Sender name' }).fill('E2E app');
    await server.getByRole('textbox', { name: 'Send a test email to' }).fill('admin@example.com');
    await server.getByRole('button', { name: 'Send test email' }).click();
    await server.getByText(/^The test email could not be sent: .+/).waitFor();
    await checkConsolePage(page, 'emails, SMTP test failed', { exclude: [SANDBOXED_PREVIEW] });

    await server.getByRole('textbox', { name: 'Port' }).fill(String(smtp.port));
    await server.getByRole('button', { name: 'Send test email' }).click();
    await server
      .getByText('Test email sent to admin@example.com. Check that it arrived, then save.')
      .waitFor();
    expect(smtp.received.some((m) => m.to.includes('admin@example.com'))).toBe(true);
    await server.getByRole('button', { name: 'Save email server' }).click();
    await toast(page, 'Email server saved').waitFor();
    const saved = await (await api('/projects/current', adminHeaders())).json();
    expect(saved.config.email_config).toMatchObject({ type: 'standard', host: '127.0.0.1', port: smtp.port });

    // The test email is in the log, sent.
    const log = region(page, 'Sent emails');
    await log.getByRole('button', { name: 'Refresh sent emails' }).click();
    await log
      .getByRole('row', { name: /admin@example\.com/ })
      .getByText('Sent')
      .waitFor();
  });

  it('emails: a template edited with the server’s live preview, saved, then reset after a confirmation', async () => {
    const templates = region(page, 'Templates');
    await templates.getByRole('button', { name: 'Edit the Password reset template' }).click();
    const frame = page.frameLocator('iframe[title="Preview of the Password reset email"]');
    await frame.getByRole('heading', { name: 'Reset your password at Development project' }).waitFor();
    await templates.getByRole('cell', { name: '{{ passwordResetLink }}' }).waitFor();
    await templates
      .getByRole('textbox', { name: 'Heading 1' })
      .fill('Hello {{ userDisplayName }}, new password?');
    await frame.getByRole('heading', { name: 'Hello Ada Lovelace, new password?' }).waitFor();
    await templates
      .getByRole('textbox', { name: 'Subject' })
      .fill('Password help for {{ projectDisplayName }}');
    await templates.getByText('Password help for Development project').waitFor();
    await checkConsolePage(page, 'emails, template editor', { exclude: [SANDBOXED_PREVIEW] });
    await templates.getByRole('button', { name: 'Save template' }).click();
    await toast(page, 'Password reset template saved').waitFor();
    await templates
      .getByRole('row', { name: /Password reset/ })
      .getByText('Customised')
      .waitFor();
    const stored = await (await api('/email-templates/password_reset', adminHeaders())).json();
    expect(stored.subject).toBe('Password help for {{ projectDisplayName }}');

    await templates.getByRole('button', { name: 'Reset to default' }).click();
    await templates.getByRole('button', { name: 'Yes, reset' }).click();
    await toast(page, 'Password reset template reset to the default').waitFor();
    await templates
      .getByRole('row', { name: /Password reset/ })
      .getByText('Default')
      .waitFor();
  });

  it('webhooks: an endpoint for a loopback receiver gets a sign-up; its answer shows; resend', async () => {
    await page.goto(consoleUrl(`/projects/${projectId}/webhooks`));
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await region(page, 'Endpoints').getByText('No endpoints yet').waitFor();
    await checkConsolePage(page, 'webhooks');

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = region(page, 'New endpoint');
    await form.getByRole('textbox', { name: 'Endpoint URL' }).fill('not a url');
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await form.getByText(/Enter the full URL of your receiver/).waitFor();
    await form.getByRole('textbox', { name: 'Endpoint URL' }).fill(receiver.url);
    await form.getByRole('textbox', { name: 'Description (optional)' }).fill('Loopback receiver');
    await form.getByRole('radio', { name: 'Only these events' }).check();
    await form.getByRole('checkbox', { name: /user\.created/ }).check();
    await checkConsolePage(page, 'webhooks, new endpoint');
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await toast(page, 'Endpoint added').waitFor();
    await region(page, 'Endpoints')
      .getByRole('row', { name: /Loopback receiver/ })
      .getByText('user.created')
      .waitFor();

    const created = await api(
      '/users',
      { 'x-stack-access-type': 'server', 'x-stack-secret-server-key': stack.project.secretServerKey },
      {
        method: 'POST',
        body: JSON.stringify({ primary_email: `hooked-${randomUUID().slice(0, 8)}@example.com` }),
      },
    );
    expect(created.status).toBe(201);
    await receiver.waitFor(1);

    const endpoint = region(page, 'Endpoint');
    const delivered = endpoint
      .getByRole('table', { name: /Recent attempts/ })
      .getByRole('row', { name: /Delivered/ });
    await expect
      .poll(
        async () => {
          await endpoint.getByRole('button', { name: 'Refresh attempts' }).click();
          return delivered.count();
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBeGreaterThan(0);
    await delivered.first().getByText('HTTP 200').waitFor();
    await delivered.first().getByText('ok', { exact: true }).waitFor();
    await checkConsolePage(page, 'webhooks, endpoint with attempts');
    await delivered
      .first()
      .getByRole('button', { name: /^Resend/ })
      .click();
    await toast(page, 'Message sent again').waitFor();
    await receiver.waitFor(2);

    // Recent messages list the event, with its attempts to every endpoint.
    const messages = region(page, 'Recent messages');
    await messages.getByRole('button', { name: 'Refresh messages' }).click();
    await messages.getByRole('button', { name: 'Show attempts' }).first().click();
    await messages.getByRole('table', { name: /Attempts of the user\.created message/ }).waitFor();
    // The message sent once more, to an endpoint picked by hand.
    await messages
      .getByLabel('Send this message to')
      .selectOption({ label: `Loopback receiver (${receiver.url})` });
    await messages.getByRole('button', { name: 'Send', exact: true }).click();
    await toast(page, /^Message sent$/).waitFor();
    await receiver.waitFor(3);
    await checkConsolePage(page, 'webhooks, a message sent by hand');

    // The signing secret: revealed, then rotated after a confirmation.
    await endpoint.getByRole('button', { name: 'Reveal secret' }).click();
    const secretText = endpoint.locator('.console-copy-value');
    const before = await secretText.textContent();
    expect(before).toMatch(/^whsec_/);
    await endpoint.getByRole('button', { name: 'Rotate secret' }).click();
    await endpoint.getByRole('button', { name: 'Yes, rotate' }).click();
    await toast(page, 'Signing secret rotated').waitFor();
    await expect.poll(() => secretText.textContent()).not.toBe(before);

    await endpoint.getByRole('button', { name: 'Disable' }).click();
    await toast(page, 'Endpoint disabled').waitFor();
    await region(page, 'Endpoints')
      .getByRole('row', { name: /Loopback receiver/ })
      .getByText('Disabled')
      .waitFor();
    await endpoint.getByRole('button', { name: 'Delete endpoint' }).click();
    await endpoint.getByRole('button', { name: 'Yes, delete' }).click();
    await toast(page, 'Endpoint deleted').waitFor();
    await region(page, 'Endpoints').getByText('No endpoints yet').waitFor();
  });

  it('API keys: the keys shown once work until revoked', async () => {
    await page.goto(consoleUrl(`/projects/${projectId}/api-keys`));
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
    await region(page, 'Key sets').getByRole('table').waitFor();
    await checkConsolePage(page, 'API keys');

    await page.getByRole('button', { name: 'Create API keys' }).click();
    const form = region(page, 'New API keys');
    await form.getByRole('textbox', { name: 'Description' }).fill('E2E backend');
    await form.getByRole('combobox', { name: 'Expires' }).selectOption('30d');
    await checkConsolePage(page, 'API keys, create form');
    await form.getByRole('button', { name: 'Create keys' }).click();
    const shown = page.getByRole('region', { name: 'Keys for “E2E backend”' });
    await shown.getByText(/they will not be shown again/).waitFor();
    const secret = (await shown
      .locator('.console-copy', { hasText: 'Secret server key' })
      .locator('code')
      .textContent())!;
    expect(secret).toMatch(/^ssk_/);
    await checkConsolePage(page, 'API keys, new keys');

    const withKey = () =>
      api('/users?limit=1', { 'x-stack-access-type': 'server', 'x-stack-secret-server-key': secret });
    expect((await withKey()).status).toBe(200);

    await shown.getByRole('button', { name: 'I have copied the keys' }).click();
    await expect.poll(() => page.getByText(secret).count()).toBe(0);
    const row = region(page, 'Key sets').getByRole('row', { name: /E2E backend/ });
    await row.getByText(secret.slice(-4)).waitFor();
    await row.getByText('Active').waitFor();

    await row.getByRole('button', { name: 'Revoke' }).click();
    await row.getByRole('button', { name: 'Yes, revoke' }).click();
    await toast(page, 'Keys “E2E backend” revoked').waitFor();
    await row.getByText(/^Revoked/).waitFor();
    const refused = await withKey();
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
  });

  it('no page threw', () => {
    expect(pageErrors).toEqual([]);
  });
});
