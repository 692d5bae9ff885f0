/**
 * The console's settings pages in Chromium, against `npm start` as a developer runs it, walked as
 * a new admin would: create the owner account, find production mode blocked on the project
 * settings page with a link to each fix, give GitHub its own keys (seeing the callback URL to paste
 * at GitHub), remove Google's shared keys, add a trusted HTTPS domain and stop trusting localhost,
 * then turn production mode on (confirmed) and see the server agree; rename and finally delete the
 * project by typing its name. Every page passes axe (no serious or critical violation) at 1280 px
 * and at 768 px, where nothing of the page is cut off.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.js';
import { checkConsolePage, openConsoleTab, region, signUpInConsole, toast } from './support/console.js';
import { type DevStack, startDevStack } from './support/dev-stack.js';

const OWNER = `owner-${randomUUID().slice(0, 8)}@example.com`;
const PASSWORD = 'correct horse 1';

let stack: DevStack;
let browser: Browser;
let page: Page;
let projectId = '';
const pageErrors: string[] = [];

beforeAll(async () => {
  stack = await startDevStack();
  projectId = stack.project.projectId;
  browser = await launchChromium();
  page = await openConsoleTab(browser, pageErrors);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const consoleUrl = (path: string) => `${stack.apiUrl}/console${path}`;

/** The project's admin view, read with the development project's admin key (not the console). */
async function adminProject(): Promise<Record<string, any>> {
  const response = await fetch(`${stack.apiUrl}/api/v1/projects/current`, {
    headers: {
      'x-stack-project-id': projectId,
      'x-stack-access-type': 'admin',
      'x-stack-super-secret-admin-key': stack.project.superSecretAdminKey,
    },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, any>;
}

describe('console settings pages', () => {
  it('the first account made in the console owns the development project', async () => {
    await signUpInConsole(page, stack.apiUrl, OWNER, PASSWORD);
    await page
      .getByRole('link', { name: /Development project/ })
      .first()
      .waitFor();
  });

  it('project settings: production mode is blocked, each problem linking to its fix', async () => {
    await page.goto(consoleUrl(`/projects/${projectId}/settings`));
    await page.getByRole('heading', { level: 1, name: 'Project settings' }).waitFor();
    await expect.poll(() => page.getByText(projectId, { exact: true }).count()).toBe(1);
    await page.getByText(`${stack.apiUrl}/api/v1/projects/${projectId}/.well-known/jwks.json`).waitFor();
    const checklist = page.getByRole('list', { name: 'Production mode checklist' });
    await checklist.getByText(/Localhost is not allowed in production mode/).waitFor();
    const turnOn = region(page, 'Production mode').getByRole('button', { name: 'Turn on production mode' });
    await expect.poll(() => turnOn.isDisabled()).toBe(true);
    await checkConsolePage(page, 'project settings');
    // The localhost problem is fixed on the domains page.
    await checklist.getByRole('link', { name: 'Fix on the Domains page' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Domains' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/console/projects/${projectId}/domains`);
  });

  it('domains: add a trusted HTTPS domain, refuse a bad one in words, stop trusting localhost', async () => {
    await checkConsolePage(page, 'domains');
    const add = region(page, 'Add a trusted domain');
    await add.getByRole('textbox', { name: 'Domain' }).fill('app.example.com');
    await add.getByRole('button', { name: 'Add domain' }).click();
    await add.getByText('The domain must start with https:// (or http://).').waitFor();
    await add.getByRole('textbox', { name: 'Domain' }).fill('https://app.example.com');
    await expect.poll(() => add.getByRole('textbox', { name: 'Handler path' }).inputValue()).toBe('/handler');
    await add.getByRole('button', { name: 'Add domain' }).click();
    await toast(page, 'https://app.example.com added').waitFor();
    await region(page, 'Trusted domains')
      .getByRole('row', { name: /https:\/\/app\.example\.com/ })
      .waitFor();
    await page.getByRole('switch', { name: 'Allow localhost' }).click();
    await toast(page, 'Localhost is no longer trusted').waitFor();
    const saved = await adminProject();
    expect(saved.config.domains).toEqual([{ domain: 'https://app.example.com', handler_path: '/handler' }]);
    expect(saved.config.allow_localhost).toBe(false);
    await checkConsolePage(page, 'domains with a domain');
  });

  it('sign-in methods: GitHub with own keys shows the callback URL; Google’s shared keys removed', async () => {
    await page.goto(consoleUrl(`/projects/${projectId}/settings`));
    const checklist = page.getByRole('list', { name: 'Production mode checklist' });
    await checklist.getByRole('link', { name: 'Fix on the Sign-in methods page' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Sign-in methods' }).waitFor();
    await checkConsolePage(page, 'sign-in methods');

    const providers = region(page, 'OAuth providers');
    const before = (await adminProject()).config.oauth_providers as { id: string; type: string }[];
    const github = before.find((p) => p.id === 'github');
    if (github) await providers.getByRole('button', { name: 'Edit GitHub' }).click();
    else {
      await providers.getByRole('button', { name: 'Add a provider' }).click();
      await providers.getByRole('combobox', { name: 'Provider' }).selectOption('github');
    }
    await providers.getByRole('radio', { name: 'Your own keys' }).check();
    await providers.getByText(`${stack.apiUrl}/api/v1/auth/oauth/callback/github`, { exact: true }).waitFor();
    await providers.getByRole('button', { name: 'Copy Callback URL' }).waitFor();
    await checkConsolePage(page, 'sign-in methods, provider form');
    await providers.getByRole('textbox', { name: 'Client ID' }).fill('Iv1.e2e-client');
    await providers.getByLabel('Client secret').fill('e2e-secret');
    await providers.getByRole('button', { name: github ? 'Save' : 'Add GitHub' }).click();
    await toast(page, github ? 'GitHub saved' : 'GitHub added').waitFor();
    await providers
      .getByRole('row', { name: /GitHub/ })
      .getByText('Own keys')
      .waitFor();

    for (const other of before.filter((p) => p.id !== 'github' && p.type === 'shared')) {
      const name = other.id === 'google' ? 'Google' : other.id === 'microsoft' ? 'Microsoft' : 'Spotify';
      await providers.getByRole('button', { name: `Remove ${name}` }).click();
      await providers.getByRole('button', { name: `Yes, remove ${name}` }).click();
      await toast(page, `${name} removed`).waitFor();
    }
    // The server keeps every provider it has seen (wire.md §4.11): a removed one is off, keyless.
    const saved = (await adminProject()).config.oauth_providers as { id: string }[];
    const removed = before.filter((p) => p.id !== 'github' && p.type === 'shared');
    expect(saved).toEqual(
      [
        {
          id: 'github',
          enabled: true,
          type: 'standard',
          client_id: 'Iv1.e2e-client',
          client_secret: 'e2e-secret',
        },
        ...removed.map((p) => ({ id: p.id, enabled: false, type: 'standard' })),
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
    for (const p of removed)
      expect(await providers.getByRole('row', { name: new RegExp(p.id, 'i') }).count()).toBe(0);

    // A switch works from the keyboard: Space flips it.
    await page.getByRole('switch', { name: 'Passkeys' }).focus();
    await page.keyboard.press('Space');
    await toast(page, /^Passkeys turned (on|off)$/).waitFor();
  });

  it('project settings: with nothing left, production mode is turned on after the question', async () => {
    await page
      .getByRole('navigation', { name: 'Project' })
      .getByRole('link', { name: 'Project settings' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Project settings' }).waitFor();
    await page.getByText('Nothing stands in the way of production mode.').waitFor();
    await region(page, 'Production mode').getByRole('button', { name: 'Turn on production mode' }).click();
    await page.getByRole('button', { name: 'Yes, turn it on' }).click();
    await toast(page, 'Production mode is on').waitFor();
    expect((await adminProject()).is_production_mode).toBe(true);
    await checkConsolePage(page, 'project settings in production mode');
  });

  it('project settings: rename, then delete only after typing the exact name', async () => {
    const name = page.getByRole('textbox', { name: 'Project name' });
    await name.fill('Shop');
    await region(page, 'General').getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Project saved').waitFor();
    expect((await adminProject()).display_name).toBe('Shop');
    // The project switcher follows the new name.
    const switcher = page.getByRole('combobox', { name: 'Project', exact: true });
    await expect
      .poll(() => switcher.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent))
      .toBe('Shop');

    await page.getByRole('button', { name: 'Delete project' }).click();
    const confirm = page.getByRole('textbox', { name: 'Type the project name, “Shop”, to confirm' });
    await confirm.fill('shop');
    await page.getByRole('button', { name: 'Delete this project' }).click();
    await page.getByText('Type “Shop” exactly to confirm.').waitFor();
    expect((await adminProject()).display_name).toBe('Shop');
    await checkConsolePage(page, 'project settings, delete question');
    await confirm.fill('Shop');
    await page.getByRole('button', { name: 'Delete this project' }).click();
    await page.waitForURL(/\/console\/projects$/);
    await toast(page, 'Project “Shop” deleted').waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Shop', exact: true }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
