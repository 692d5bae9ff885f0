/**
 * The console's Users and User pages in Chromium, against `npm start`, walked as a project admin
 * would: the first account made in the console owns the development project (31 users seeded
 * through the API); the admin pages through the list, filters it, finds a user by email (the
 * search survives a reload), revokes one of the user's sessions (its next refresh fails), edits
 * metadata (invalid JSON cannot be saved), adds an email address, impersonates the user (the app
 * opens in a new tab under the impersonation banner), creates a user, deletes two from the list
 * at once and deletes the user from their page. Both pages pass axe with no serious or critical
 * violation, and stay usable at 768 px wide.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.js';
import { checkConsolePage, openConsoleTab, region, signUpInConsole, toast } from './support/console.js';
import { type DevStack, startDevStack } from './support/dev-stack.js';

const suffix = randomUUID().slice(0, 8);
const OWNER = `users-owner-${suffix}@example.com`;
const TARGET = `target-${suffix}@example.com`;
const PASSWORD = 'correct horse 1';
const seeded = Array.from(
  { length: 30 },
  (_, i) => `walk-${String(i).padStart(2, '0')}-${suffix}@example.com`,
);

let stack: DevStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];
let targetId = '';
let targetRefreshToken = '';

/** Calls the development project's API with its secret server key. */
async function api(path: string, init: { method?: string; body?: unknown } = {}) {
  const { projectId, secretServerKey } = stack.project;
  const response = await fetch(`${stack.apiUrl}/api/v1${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      'content-type': 'application/json',
      'x-stack-project-id': projectId,
      'x-stack-access-type': 'server',
      'x-stack-secret-server-key': secretServerKey,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null, text };
}

const usersUrl = () => `${stack.apiUrl}/console/projects/${stack.project.projectId}/users`;

beforeAll(async () => {
  stack = await startDevStack();
  browser = await launchChromium();
  page = await openConsoleTab(browser, pageErrors);
  context = page.context();
  for (const [i, email] of seeded.entries()) {
    const created = await api('/users', {
      body: { primary_email: email, primary_email_auth_enabled: true, primary_email_verified: i % 2 === 0 },
    });
    expect(created.status, created.text).toBe(201);
  }
  const target = await api('/users', {
    body: {
      primary_email: TARGET,
      primary_email_auth_enabled: true,
      password: PASSWORD,
      display_name: 'Target',
    },
  });
  expect(target.status, target.text).toBe(201);
  targetId = target.json.id;
  const session = await api('/auth/sessions', { body: { user_id: targetId } });
  expect(session.status, session.text).toBe(200);
  targetRefreshToken = session.json.refresh_token;
}, 200_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('console users pages', () => {
  it('signs the first owner up and pages through the users, newest first', async () => {
    await signUpInConsole(page, stack.apiUrl, OWNER, PASSWORD);

    await page.goto(usersUrl());
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    const table = page.getByRole('table', { name: 'Users' });
    // Newest first: the target was made last.
    await table.getByRole('link', { name: TARGET }).waitFor();
    expect(await table.getByRole('row').count()).toBe(26);
    await checkConsolePage(page, 'users page');

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2').waitFor();
    await table.getByRole('link', { name: seeded[4]! }).waitFor();
    await page.getByRole('button', { name: 'Previous' }).click();
    await table.getByRole('link', { name: TARGET }).waitFor();

    await page.getByLabel('Sort').selectOption('oldest');
    await page.waitForURL(/sort=oldest/);
    await table.getByRole('link', { name: seeded[0]! }).waitFor();
    await page.getByLabel('Primary email').selectOption('yes');
    await page.waitForURL(/verified=yes/);
    await table.getByRole('link', { name: seeded[0]! }).waitFor();
    await expect.poll(() => table.getByRole('link', { name: seeded[1]! }).count()).toBe(0);
    // Back undoes the filter.
    await page.goBack();
    await table.getByRole('link', { name: seeded[1]! }).waitFor();
    await checkConsolePage(page, 'users page', {
      onScreenAt768: [
        page.getByRole('searchbox', { name: 'Search users' }),
        page.getByRole('button', { name: 'Create user' }),
        table.getByRole('link', { name: seeded[0]! }),
      ],
    });
  }, 90_000);

  it('finds a user by email; the search is in the URL and survives a reload', async () => {
    await page.goto(usersUrl());
    await page.getByRole('searchbox', { name: 'Search users' }).fill(`target-${suffix}`);
    await page.waitForURL(/\?q=target-/);
    const table = page.getByRole('table', { name: 'Users' });
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await page.reload();
    await table.getByRole('link', { name: TARGET }).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search users' }).inputValue()).toBe(`target-${suffix}`);
    await table.getByRole('link', { name: TARGET }).click();
    await page.getByRole('heading', { level: 1, name: TARGET }).waitFor();
    await region(page, 'Sessions').getByRole('table').waitFor();
    await checkConsolePage(page, 'user page');
  }, 60_000);

  it("revokes one of the user's sessions: the list follows and the session's next refresh fails", async () => {
    const sessions = region(page, 'Sessions');
    const revoke = sessions.getByRole('button', { name: 'Revoke' });
    expect(await revoke.count()).toBe(1);
    await revoke.click();
    await sessions.getByRole('button', { name: 'Yes, revoke' }).click();
    await toast(page, 'Session revoked').waitFor();
    await sessions.getByText('No active sessions').waitFor();
    const refresh = await fetch(`${stack.apiUrl}/api/v1/auth/sessions/current/refresh`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-stack-project-id': stack.project.projectId,
        'x-stack-access-type': 'client',
        'x-stack-publishable-client-key': stack.project.publishableClientKey,
        'x-stack-refresh-token': targetRefreshToken,
      },
      body: '{}',
    });
    expect(refresh.ok).toBe(false);
  }, 60_000);

  it('refuses invalid JSON metadata, saves valid JSON, and edits the profile and contact channels', async () => {
    const metadata = region(page, 'Metadata');
    const field = metadata.getByLabel('Server metadata');
    await field.fill('{\n  "plan": pro\n}');
    await metadata.getByText(/Invalid JSON at line 2, column 11/).waitFor();
    expect(await metadata.getByRole('button', { name: 'Save server metadata' }).isDisabled()).toBe(true);
    await field.fill('{"plan": "pro"}');
    await metadata.getByRole('button', { name: 'Format' }).nth(2).click();
    expect(await field.inputValue()).toBe('{\n  "plan": "pro"\n}');
    await metadata.getByRole('button', { name: 'Save server metadata' }).click();
    await toast(page, 'Server metadata saved').waitFor();
    expect((await api(`/users/${targetId}`)).json.server_metadata).toEqual({ plan: 'pro' });

    const profile = region(page, 'Profile');
    await profile.getByLabel('Display name').fill('Target Person');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await toast(page, 'Profile saved').waitFor();
    expect((await api(`/users/${targetId}`)).json.display_name).toBe('Target Person');

    const channels = region(page, 'Contact channels');
    const second = `second-${suffix}@example.com`;
    await channels.getByLabel('Add an email address').fill(second);
    await channels.getByRole('button', { name: 'Add email' }).click();
    await toast(page, `${second} added`).waitFor();
    const item = channels.getByRole('listitem').filter({ hasText: second });
    await item.getByRole('button', { name: 'Mark verified' }).click();
    await toast(page, `${second} marked verified`).waitFor();
    await item.getByText('Verified', { exact: true }).waitFor();
  }, 60_000);

  it('impersonates the user: the app opens in a new tab under the impersonation banner', async () => {
    const section = region(page, 'Impersonate');
    await section.getByLabel('App address').fill(stack.appUrl);
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      section.getByRole('button', { name: 'Impersonate this user' }).click(),
    ]);
    await tab
      .getByRole('region', { name: 'Impersonation' })
      .getByRole('status')
      .filter({ hasText: 'Signed in as Target Person — impersonating' })
      .waitFor();
    expect(tab.url()).not.toContain('refresh_token');
    await tab.close();
    await region(page, 'Sessions').getByText('Impersonation', { exact: true }).waitFor();
    await checkConsolePage(page, 'user page', {
      onScreenAt768: [
        page.getByRole('heading', { level: 1, name: TARGET }),
        page.getByRole('button', { name: 'Copy User id' }),
        region(page, 'Sessions').getByRole('button', { name: 'Revoke' }).first(),
        page.getByRole('button', { name: 'Delete user' }),
      ],
    });
  }, 60_000);

  it('creates a user, then deletes two users at once after one confirmation', async () => {
    await page.goto(usersUrl());
    await page.getByRole('button', { name: 'Create user' }).click();
    const created = `created-${suffix}@example.com`;
    const form = region(page, 'Create a user');
    await form.getByRole('textbox', { name: 'Email' }).fill(TARGET);
    await form.getByRole('button', { name: 'Create user' }).click();
    await form.getByText('Another user already signs in with this email.').waitFor();
    await form.getByRole('textbox', { name: 'Email' }).fill(created);
    await form.getByRole('button', { name: 'Create user' }).click();
    await toast(page, `Created ${created}`).waitFor();
    const table = page.getByRole('table', { name: 'Users' });
    await table.getByRole('link', { name: created }).waitFor();

    await page.getByRole('searchbox', { name: 'Search users' }).fill(`walk-0`);
    await expect.poll(() => table.getByRole('row').count()).toBe(11);
    await table.getByRole('checkbox', { name: `Select ${seeded[0]}` }).check();
    await table.getByRole('checkbox', { name: `Select ${seeded[1]}` }).check();
    await page.getByRole('button', { name: 'Delete 2 users' }).click();
    await page.getByRole('button', { name: 'Yes, delete 2 users' }).click();
    await toast(page, 'Deleted 2 users').waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(9);
    const left = await api(`/users?query=walk-0`);
    const emails = (left.json.items as { primary_email: string }[]).map((u) => u.primary_email);
    expect(emails).not.toContain(seeded[0]);
    expect(emails).not.toContain(seeded[1]);
    expect(emails).toContain(seeded[2]);
  }, 60_000);

  it('deletes the user from their page after typing the email, and comes back to the list', async () => {
    await page.goto(`${usersUrl()}/${targetId}`);
    await page.getByRole('button', { name: 'Delete user' }).click();
    await page.getByLabel(/Type the user’s email/).fill(TARGET);
    await page.getByRole('button', { name: 'Delete this user' }).click();
    await toast(page, `Deleted ${TARGET}`).waitFor();
    await page.waitForURL(/\/users$/);
    expect((await api(`/users/${targetId}`)).status).toBe(404);
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
