/**
 * Every handler page of the kit, as the example app of `npm start` shows it, through axe-core: no
 * serious or critical violation, signed out (sign-in, sign-up and their tabs, forgot password, the
 * pages an emailed link opens, with a code that no longer works, the error page, the CLI
 * confirmation, the impersonation page with a dead link) and signed in (account settings, creating a team, a team's settings, the CLI
 * confirmation).
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpWithPassword } from './support/auth-forms.js';
import { seriousViolations } from './support/axe.js';
import { launchChromium } from './support/browser.js';
import { type DevStack, startDevStack } from './support/dev-stack.js';

let stack: DevStack;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  stack = await startDevStack();
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.setDefaultTimeout(20_000);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** Opens `path` of the app, waits until it stops loading, and checks it. */
async function check(path: string, ready: (page: Page) => Promise<unknown>) {
  await page.goto(`${stack.appUrl}${path}`);
  await ready(page);
  // Nothing still marked busy (skeletons) when the check runs.
  await page
    .locator('[aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => {});
  expect(await seriousViolations(page), path).toEqual([]);
}

const heading = (name: RegExp) => (p: Page) => p.getByRole('heading', { name }).first().waitFor();

describe('the check itself', () => {
  it('finds a serious violation when a page has one', async () => {
    await page.goto(`${stack.appUrl}/handler/sign-in`);
    await page.getByRole('heading').first().waitFor();
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.type = 'text';
      document.body.append(input);
    });
    expect((await seriousViolations(page)).join('\n')).toMatch(/label/);
  });
});

describe('the kit’s pages signed out', () => {
  it('sign-in and sign-up, each tab', async () => {
    await check('/handler/sign-in', heading(/sign in/i));
    await page.getByRole('tab', { name: 'Email & Password' }).click();
    expect(await seriousViolations(page), 'sign-in, password tab').toEqual([]);
    await check('/handler/sign-up', heading(/create|sign up/i));
    await page.getByRole('tab', { name: 'Email & Password' }).click();
    expect(await seriousViolations(page), 'sign-up, password tab').toEqual([]);
  });

  it('forgot password', async () => {
    await check('/handler/forgot-password', heading(/reset|forgot/i));
  });

  it('the pages an emailed link opens, with a code that does not work', async () => {
    const code = 'a'.repeat(45);
    for (const path of [
      `/handler/password-reset?code=${code}`,
      `/handler/email-verification?code=${code}`,
      `/handler/login-link?code=${code}`,
      `/handler/team-invitation?code=${code}`,
    ]) {
      await check(path, (p) => p.getByRole('heading').first().waitFor());
    }
  });

  it('the error page, the OAuth callback without its parameters, the CLI confirmation', async () => {
    await check('/handler/error?errorCode=UNKNOWN&message=Something', (p) =>
      p.getByRole('heading').first().waitFor(),
    );
    await check('/handler/oauth-callback', (p) => p.getByRole('heading').first().waitFor());
    await check('/handler/cli-auth-confirm?login_code=abc', (p) => p.getByRole('heading').first().waitFor());
  });

  it('the impersonation page, with a link that does not work', async () => {
    await check('/handler/impersonate#refresh_token=not-a-session', (p) =>
      p.getByRole('heading').first().waitFor(),
    );
  });
});

describe('the kit’s pages signed in', () => {
  beforeAll(async () => {
    await signUpWithPassword(
      page,
      stack.appUrl,
      `a11y-${randomUUID().slice(0, 8)}@example.com`,
      'correct horse 1',
    );
  });

  it('account settings', async () => {
    await check('/handler/account-settings', heading(/account/i));
  });

  it('creating a team, and the team’s settings', async () => {
    await check('/handler/create-team', heading(/team/i));
    await page.getByLabel(/team name/i).fill('Accessible team');
    await page.getByRole('button', { name: /create/i }).click();
    await page.waitForURL(/team-settings|\/$/);
    const teamId = await page.evaluate(async () => {
      const match = /team=([^&]+)/.exec(window.location.search);
      return match ? decodeURIComponent(match[1]!) : null;
    });
    await check(
      teamId ? `/handler/team-settings?team=${encodeURIComponent(teamId)}` : '/handler/team-settings',
      (p) => p.getByRole('heading').first().waitFor(),
    );
  });

  it('the CLI confirmation', async () => {
    await check('/handler/cli-auth-confirm?login_code=abc', (p) => p.getByRole('heading').first().waitFor());
  });
});
