/**
 * The console end to end, as a new admin meets it on a fresh `npm start`, in one walk through a
 * project they create: make the owner account; create a project; take API keys (shown once) for
 * the app's backend; turn on GitHub with their own keys and see the callback URL to paste at
 * GitHub; add a webhook endpoint and see a sign-up delivered to a loopback receiver; find that user
 * by email and revoke one of their two sessions (its next refresh fails, the other's works); grant
 * them a team permission (the server holds it); revoke the API keys (a request with them then
 * fails); and turn on production mode once the checklist's problems are fixed on the pages it links
 * to (a trusted domain added, localhost no longer trusted). Every console page passes axe.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import { launchChromium } from './support/browser.js';
import { checkConsolePage, openConsoleTab, region, signUpInConsole, toast } from './support/console.js';
import { type DevStack, startDevStack } from './support/dev-stack.js';

const suffix = randomUUID().slice(0, 8);
const OWNER = `walk-owner-${suffix}@example.com`;
const PASSWORD = 'correct horse 1';
const USER = `walk-user-${suffix}@example.com`;
const PROJECT = `Walk ${suffix}`;

let stack: DevStack;
let browser: Browser;
let page: Page;
let receiver: WebhookReceiver;
let projectId = '';
let publishableClientKey = '';
let secretServerKey = '';
const pageErrors: string[] = [];

beforeAll(async () => {
  [stack, receiver] = await Promise.all([startDevStack(), startWebhookReceiver()]);
  browser = await launchChromium();
  page = await openConsoleTab(browser, pageErrors);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await receiver?.close();
});

const nav = (name: string) =>
  page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name }).click();

/** A request to the walk project's API as its app (client) or its backend (server). */
function api(
  path: string,
  init: { access: 'client' | 'server'; body?: unknown; headers?: Record<string, string> },
) {
  const headers: Record<string, string> = {
    'x-stack-project-id': projectId,
    'x-stack-access-type': init.access,
    'x-stack-publishable-client-key': publishableClientKey,
    ...(init.access === 'server' ? { 'x-stack-secret-server-key': secretServerKey } : {}),
    ...init.headers,
  };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${stack.apiUrl}/api/v1${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** Refreshes with `refreshToken`; the status the server answers. */
async function refreshStatus(refreshToken: string): Promise<number> {
  const response = await api('/auth/sessions/current/refresh', {
    access: 'client',
    body: {},
    headers: { 'x-stack-refresh-token': refreshToken },
  });
  return response.status;
}

describe('a new admin’s first walk through the console', () => {
  it('creates the owner account and a project', async () => {
    await signUpInConsole(page, stack.apiUrl, OWNER, PASSWORD);
    await checkConsolePage(page, 'projects');
    await page.getByRole('button', { name: 'Create project' }).click();
    const form = region(page, 'Create a project');
    await form.getByRole('textbox', { name: 'Project name' }).fill(PROJECT);
    await form.getByRole('button', { name: 'Create project' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    projectId = /\/console\/projects\/([^/?#]+)/.exec(page.url())![1]!;
    expect(projectId).toMatch(/^[0-9a-f-]{36}$/);
    await checkConsolePage(page, 'overview');
  });

  it('takes API keys for the app, shown once', async () => {
    await nav('API keys');
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
    await page.getByRole('button', { name: 'Create API keys' }).click();
    await page.getByRole('textbox', { name: 'Description' }).fill('Walk backend');
    await page.getByRole('button', { name: 'Create keys' }).click();
    const shown = page.getByRole('region', { name: 'Keys for “Walk backend”' });
    await shown.getByText(/they will not be shown again/).waitFor();
    const keyIn = (label: string) =>
      shown.locator('.console-copy', { hasText: label }).locator('code').textContent();
    publishableClientKey = (await keyIn('Publishable client key')) ?? '';
    secretServerKey = (await keyIn('Secret server key')) ?? '';
    expect(publishableClientKey).toMatch(/^pck_/);
    expect(secretServerKey).toMatch(/^ssk_/);
    await checkConsolePage(page, 'API keys, keys shown');
    await shown.getByRole('button', { name: 'I have copied the keys' }).click();
    expect((await api('/users?limit=1', { access: 'server' })).status).toBe(200);
  });

  it('turns on GitHub with its own keys and shows the callback URL to paste at GitHub', async () => {
    await nav('Sign-in methods');
    await page.getByRole('heading', { level: 1, name: 'Sign-in methods' }).waitFor();
    await checkConsolePage(page, 'sign-in methods');
    const providers = region(page, 'OAuth providers');
    await providers.getByRole('button', { name: 'Add a provider' }).click();
    await providers.getByRole('combobox', { name: 'Provider' }).selectOption('github');
    await providers.getByRole('radio', { name: 'Your own keys' }).check();
    await providers.getByText(`${stack.apiUrl}/api/v1/auth/oauth/callback/github`, { exact: true }).waitFor();
    await providers.getByRole('button', { name: 'Copy Callback URL' }).waitFor();
    await providers.getByRole('textbox', { name: 'Client ID' }).fill('Iv1.walk-client');
    await providers.getByLabel('Client secret').fill('walk-secret');
    await providers.getByRole('button', { name: 'Add GitHub' }).click();
    await toast(page, 'GitHub added').waitFor();
    await providers
      .getByRole('row', { name: /GitHub/ })
      .getByText('Own keys')
      .waitFor();
  });

  it('adds a webhook endpoint and sees a sign-up delivered to it', async () => {
    await nav('Webhooks');
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await checkConsolePage(page, 'webhooks');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = region(page, 'New endpoint');
    await form.getByRole('textbox', { name: 'Endpoint URL' }).fill(receiver.url);
    await form.getByRole('textbox', { name: 'Description (optional)' }).fill('Walk receiver');
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await region(page, 'Endpoints')
      .getByRole('row', { name: /Walk receiver/ })
      .waitFor();

    // The app's user signs up (the webhook's event), then signs in again: two sessions.
    const signUp = await api('/auth/password/sign-up', {
      access: 'client',
      body: {
        email: USER,
        password: PASSWORD,
        verification_callback_url: 'http://localhost:5173/handler/email-verification',
      },
    });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
    const delivered = await receiver.waitFor(1);
    const event = JSON.parse(delivered[0]!.body) as { type: string; data: { primary_email: string } };
    expect(event.type).toBe('user.created');
    expect(event.data.primary_email).toBe(USER);
    expect(delivered[0]!.headers['svix-signature']).toMatch(/^v1,/);
  });

  it('finds the user by email and revokes one of their sessions: its next refresh fails', async () => {
    const first = (await (
      await api('/auth/password/sign-in', { access: 'client', body: { email: USER, password: PASSWORD } })
    ).json()) as { refresh_token: string };
    const second = (await (
      await api('/auth/password/sign-in', { access: 'client', body: { email: USER, password: PASSWORD } })
    ).json()) as { refresh_token: string };
    await nav('Users');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search users' }).fill(`walk-user-${suffix}`);
    const table = page.getByRole('table', { name: 'Users' });
    await table.getByRole('link', { name: USER }).waitFor();
    await checkConsolePage(page, 'users');
    await table.getByRole('link', { name: USER }).click();
    await page.getByRole('heading', { level: 1, name: USER }).waitFor();
    const sessions = region(page, 'Sessions');
    // The sign-up's session and the two sign-ins, newest first.
    await expect.poll(() => sessions.getByRole('button', { name: 'Revoke' }).count()).toBe(3);
    await checkConsolePage(page, 'user detail');
    await sessions.getByRole('button', { name: 'Revoke' }).first().click();
    await sessions.getByRole('button', { name: 'Yes, revoke' }).click();
    await toast(page, 'Session revoked').waitFor();
    await expect.poll(() => sessions.getByRole('button', { name: 'Revoke' }).count()).toBe(2);
    // The newest session was the second sign-in: it is gone, the first still refreshes.
    expect(await refreshStatus(second.refresh_token)).not.toBe(200);
    expect(await refreshStatus(first.refresh_token)).toBe(200);
  });

  it('grants the user a team permission, and the server holds it', async () => {
    await nav('Teams');
    await page.getByRole('heading', { level: 1, name: 'Teams' }).waitFor();
    await checkConsolePage(page, 'teams');
    const teams = region(page, 'Teams');
    await teams.getByRole('textbox', { name: 'New team’s display name' }).fill('Walk team');
    await teams.getByRole('button', { name: 'Create team' }).click();
    await teams.getByRole('link', { name: 'Walk team', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Walk team' }).waitFor();
    await page.getByRole('searchbox', { name: /Find a user/ }).fill(USER);
    await page.getByRole('button', { name: `Add ${USER}` }).click();
    await page.getByRole('heading', { level: 2, name: 'Members (1)' }).waitFor();
    await checkConsolePage(page, 'team detail');
    await page.getByLabel(`Permission to grant to ${USER}`).selectOption('$update_team');
    await page.getByRole('button', { name: `Grant to ${USER}` }).click();
    await page.getByRole('button', { name: `Revoke $update_team from ${USER}` }).waitFor();
    const teamId = /\/teams\/([^/?#]+)/.exec(page.url())![1]!;
    const users = (await (
      await api(`/users?query=${encodeURIComponent(USER)}`, { access: 'server' })
    ).json()) as { items: { id: string }[] };
    const held = (await (
      await api(`/team-permissions?team_id=${teamId}&user_id=${users.items[0]!.id}`, { access: 'server' })
    ).json()) as { items: { id: string }[] };
    expect(held.items.map((p) => p.id)).toContain('$update_team');
  });

  it('revokes the API keys: a request with them then fails', async () => {
    await nav('API keys');
    const row = region(page, 'Key sets').getByRole('row', { name: /Walk backend/ });
    await row.getByRole('button', { name: 'Revoke' }).click();
    await row.getByRole('button', { name: 'Yes, revoke' }).click();
    await row.getByText(/^Revoked/).waitFor();
    const refused = await api('/users?limit=1', { access: 'server' });
    expect(refused.status).toBe(401);
    await checkConsolePage(page, 'API keys');
  });

  it('the emails and domains pages pass the check too', async () => {
    await nav('Emails');
    await page.getByRole('heading', { level: 1, name: 'Emails' }).waitFor();
    await checkConsolePage(page, 'emails', { exclude: ['iframe[sandbox=""]'] });
  });

  it('turns on production mode once the checklist’s problems are fixed where it links', async () => {
    await nav('Project settings');
    await page.getByRole('heading', { level: 1, name: 'Project settings' }).waitFor();
    await checkConsolePage(page, 'project settings');
    const turnOn = region(page, 'Production mode').getByRole('button', { name: 'Turn on production mode' });
    await expect.poll(() => turnOn.isDisabled()).toBe(true);
    const checklist = page.getByRole('list', { name: 'Production mode checklist' });
    await checklist.getByRole('link', { name: 'Fix on the Domains page' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Domains' }).waitFor();
    const add = region(page, 'Add a trusted domain');
    await add.getByRole('textbox', { name: 'Domain' }).fill('https://app.walk.example');
    await add.getByRole('button', { name: 'Add domain' }).click();
    await toast(page, 'https://app.walk.example added').waitFor();
    const localhost = page.getByRole('switch', { name: 'Allow localhost' });
    if ((await localhost.getAttribute('aria-checked')) === 'true') {
      await localhost.click();
      await toast(page, 'Localhost is no longer trusted').waitFor();
    }
    await checkConsolePage(page, 'domains');
    await nav('Project settings');
    await page.getByText('Nothing stands in the way of production mode.').waitFor();
    await turnOn.click();
    await page.getByRole('button', { name: 'Yes, turn it on' }).click();
    await toast(page, 'Production mode is on').waitFor();
    // The project list says so too, from the server.
    await page.getByRole('link', { name: 'signet console' }).click();
    await page
      .getByRole('row', { name: new RegExp(PROJECT) })
      .getByText('Production')
      .waitFor();
    expect(pageErrors).toEqual([]);
  });
});
