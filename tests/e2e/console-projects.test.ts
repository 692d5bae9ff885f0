/**
 * The console's Projects and Overview pages in Chromium, against `npm start` as a developer runs
 * it, walked as a new admin would: two people have signed up to the development project; the
 * owner account is made in the console and lands on the projects list, searches it, creates a
 * project with passkeys and GitHub on shared keys and is taken to it; the list and the header's
 * switcher then have it; the development project's overview shows its users, charts with their
 * names and tables, and links each recent user to their page. chart.js is fetched only once the
 * overview opens. Every page passes axe (no serious or critical violation) at 1280 px and at
 * 768 px, where nothing of the page is cut off.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.js';
import { checkConsolePage, openConsoleTab, region, signUpInConsole, toast } from './support/console.js';
import { type DevStack, startDevStack } from './support/dev-stack.js';

const OWNER = `owner-${randomUUID().slice(0, 8)}@example.com`;
const PASSWORD = 'correct horse 1';
const PEOPLE = [
  `ada-${randomUUID().slice(0, 8)}@example.com`,
  `grace-${randomUUID().slice(0, 8)}@example.com`,
];
const NEW_PROJECT = `Shop ${randomUUID().slice(0, 6)}`;

let stack: DevStack;
let browser: Browser;
let page: Page;
let devProjectId = '';
let newProjectId = '';
const pageErrors: string[] = [];

beforeAll(async () => {
  stack = await startDevStack();
  devProjectId = stack.project.projectId;
  browser = await launchChromium();
  page = await openConsoleTab(browser, pageErrors);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const consoleUrl = (path: string) => `${stack.apiUrl}/console${path}`;

/** Signs `email` up to the development project through the API, as an app of it would. */
async function signUpToDevProject(email: string) {
  const response = await fetch(`${stack.apiUrl}/api/v1/auth/password/sign-up`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-stack-project-id': devProjectId,
      'x-stack-access-type': 'client',
      'x-stack-publishable-client-key': stack.project.publishableClientKey,
    },
    body: JSON.stringify({
      email,
      password: PASSWORD,
      verification_callback_url: `${stack.appUrl}/handler/email-verification`,
    }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { user_id: string }).user_id;
}

/** The console's script files the page has fetched so far. */
const scriptsLoaded = () =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.endsWith('.js')),
  );

const userIds: string[] = [];

describe('console projects and overview', () => {
  it('the first account made in the console lands on its projects, the development project among them', async () => {
    for (const email of PEOPLE) userIds.push(await signUpToDevProject(email));
    await signUpInConsole(page, stack.apiUrl, OWNER, PASSWORD);
    expect(new URL(page.url()).pathname).toBe('/console/projects');
    const row = page.getByRole('row', { name: /Development project/ });
    await row.waitFor();
    await row.getByText(devProjectId).waitFor();
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('2');
    await checkConsolePage(page, 'projects');
    // chart.js comes with the overview only, not with the list.
    expect((await scriptsLoaded()).filter((path) => /\/overview-[^/]*\.js$/.test(path))).toEqual([]);
  });

  it('searches the list by name and by id, and says when nothing matches', async () => {
    const search = page.getByRole('searchbox', { name: 'Search projects' });
    await search.fill('no such project');
    await page.getByText('No project matches “no such project”').waitFor();
    await search.fill(devProjectId.slice(0, 8));
    await page.getByRole('link', { name: 'Development project' }).waitFor();
    await search.fill('');
  });

  it('creates a project with passkeys and GitHub on shared keys, then opens it', async () => {
    await page.getByRole('button', { name: 'Create project' }).click();
    const form = region(page, 'Create a project');
    await form.getByRole('button', { name: 'Create project' }).click();
    await form.getByText('Enter a name for the project').waitFor();
    await form.getByRole('textbox', { name: 'Project name' }).fill(NEW_PROJECT);
    await form.getByRole('checkbox', { name: 'Passkeys' }).check();
    await form.getByRole('checkbox', { name: 'GitHub' }).check();
    await checkConsolePage(page, 'create a project');
    const created = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && response.url().endsWith('/api/v1/internal/projects'),
    );
    await form.getByRole('button', { name: 'Create project' }).click();
    const project = (await (await created).json()) as {
      id: string;
      config: {
        credential_enabled: boolean;
        passkey_enabled: boolean;
        magic_link_enabled: boolean;
        oauth_providers: { id: string; type: string; enabled: boolean }[];
      };
    };
    newProjectId = project.id;
    expect(project.config).toMatchObject({
      credential_enabled: true,
      passkey_enabled: true,
      magic_link_enabled: false,
      oauth_providers: [{ id: 'github', type: 'shared', enabled: true }],
    });
    await page.waitForURL(consoleUrl(`/projects/${newProjectId}`));
    await toast(page, `Project “${NEW_PROJECT}” created`).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await page.getByText(`${NEW_PROJECT}: users, sign-ups and activity`).waitFor();
    // A new project has nobody yet.
    await region(page, 'Recent sign-ups').getByText('Nobody has signed up yet.').waitFor();
    await region(page, 'Sign-in methods').getByText('No sign-in methods in use yet.').waitFor();
    await checkConsolePage(page, 'overview of a new project');
    // The owner's list was reloaded: the header's switcher has the new project.
    const switcher = page.getByRole('combobox', { name: 'Project' });
    await expect.poll(() => switcher.inputValue()).toBe(newProjectId);
  });

  it('the list has the new project first; sorting by name and by age reorders it', async () => {
    await page.getByRole('combobox', { name: 'Project' }).selectOption({ label: 'All projects' });
    await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
    const names = () =>
      page
        .getByRole('table', { name: 'Your projects' })
        .getByRole('rowheader')
        .getByRole('link')
        .allTextContents();
    await expect.poll(names).toEqual([NEW_PROJECT, 'Development project']);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('oldest');
    await expect.poll(names).toEqual(['Development project', NEW_PROJECT]);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('name');
    await expect.poll(names).toEqual(['Development project', NEW_PROJECT]);
  });

  it("the development project's overview: its users, charts with names and tables, recent users", async () => {
    await page.getByRole('link', { name: 'Development project' }).click();
    await page.waitForURL(consoleUrl(`/projects/${devProjectId}`));
    const figures = region(page, 'Key figures');
    await figures.getByText('Total users').waitFor();
    await expect.poll(() => figures.textContent()).toMatch(/Total users\s*2/);
    await expect.poll(() => figures.textContent()).toMatch(/Active today\s*2/);
    const signUps = region(page, 'Daily sign-ups').getByRole('img');
    await expect
      .poll(() => signUps.getAttribute('aria-label'))
      .toMatch(/^Daily sign-ups\. 2 sign-ups over the last 31 days, most on /);
    const methods = region(page, 'Sign-in methods').getByRole('img');
    expect(await methods.getAttribute('aria-label')).toBe('Sign-in methods. Password: 2.');
    // The charts are drawn (chart.js sized the canvas) and were fetched with this page.
    expect(await signUps.evaluate((canvas) => (canvas as HTMLCanvasElement).width)).toBeGreaterThan(100);
    expect((await scriptsLoaded()).some((path) => /\/overview-[^/]*\.js$/.test(path))).toBe(true);
    // The figures as a table, for anyone who prefers numbers.
    await region(page, 'Sign-in methods').getByText('Show as a table').click();
    await region(page, 'Sign-in methods').getByRole('row', { name: 'Password 2' }).waitFor();
    await checkConsolePage(page, 'overview');
    // Each recent user opens their page.
    const recent = page.getByRole('table', { name: 'Recent sign-ups' });
    for (const email of PEOPLE) await recent.getByRole('link', { name: email }).waitFor();
    await page
      .getByRole('table', { name: 'Recently active users' })
      .getByRole('link', { name: PEOPLE[0] })
      .waitFor();
    await recent.getByRole('link', { name: PEOPLE[1] }).click();
    await page.waitForURL(consoleUrl(`/projects/${devProjectId}/users/${userIds[1]}`));
  });

  it('no page threw', () => {
    expect(pageErrors).toEqual([]);
  });
});
