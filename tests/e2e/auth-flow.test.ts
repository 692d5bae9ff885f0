/**
 * End to end, in Chromium, against the example app and server exactly as `npm start` runs them:
 * client validation, sign up, reload, sign out, sign in, and a wrong password. The example offers
 * magic link too, so the pages open on the 'Email' tab and these tests switch to 'Email & Password'.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.js';
import { type DevStack, startDevStack } from './support/dev-stack.js';

const PASSWORD = 'correct-horse-battery-9';
const EMAIL = `e2e-${randomUUID().slice(0, 8)}@example.com`;

let stack: DevStack;
let browser: Browser;
let page: Page;
/** Every password sign-in / sign-up call the page makes. */
const authCalls: string[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  stack = await startDevStack();
  browser = await launchChromium();
  // A context of its own, so a second tab can share its cookies.
  const context = await browser.newContext({ viewport: { width: 1000, height: 760 } });
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('request', (request: Request) => {
    if (new URL(request.url()).pathname.startsWith('/api/v1/auth/password/')) authCalls.push(request.url());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** The error text tied to a field through `aria-describedby`, or null. */
async function describedError(label: string): Promise<string | null> {
  const input = page.getByLabel(label, { exact: true });
  const id = await input.getAttribute('aria-describedby');
  if (!id) return null;
  return page.locator(`[id="${id}"]`).textContent();
}

async function currentUserText(expected: string) {
  await page.getByTestId('current-user').filter({ hasText: expected }).waitFor();
}

/** Opens a sign-in or sign-up page and selects its 'Email & Password' tab. */
async function openPasswordForm(kind: 'sign-in' | 'sign-up') {
  await page.goto(`${stack.appUrl}/handler/${kind}`);
  await choosePasswordTab();
}

async function choosePasswordTab() {
  const tab = page.getByRole('tab', { name: 'Email & Password' });
  await tab.click();
  expect(await tab.getAttribute('aria-selected')).toBe('true');
}

async function fillSignIn(email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

describe('sign-up, sign-in and sign-out in Chromium', () => {
  it('shows the sign-in page, with the screenshot', async () => {
    await page.goto(`${stack.appUrl}/handler/sign-in`);
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    // Both methods are on: magic link ('Email') is the first tab by default.
    const tabs = page.getByRole('tab');
    expect(await tabs.allTextContents()).toEqual(['Email', 'Email & Password']);
    expect(await page.getByRole('tab', { name: 'Email', exact: true }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await page.getByRole('button', { name: 'Send email' }).waitFor();
    await choosePasswordTab();
    expect(await page.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/handler/sign-up');
    expect(await page.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/handler/forgot-password',
    );
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('autocomplete')).toBe('username');
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('autocomplete')).toBe(
      'current-password',
    );
    await page.screenshot({ path: '/tmp/signet-sign-in.png' });
  });

  it('toggles the password visibility with a labelled button', async () => {
    const password = page.getByLabel('Password', { exact: true });
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');
  });

  it('validates on the client, with the exact messages and no request', async () => {
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Please enter your email').waitFor();
    expect(await describedError('Email')).toBe('Please enter your email');
    expect(await describedError('Password')).toBe('Please enter your password');

    await openPasswordForm('sign-up');
    await page.getByRole('heading', { name: 'Create a new account' }).waitFor();
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.getByText('Please repeat your password').waitFor();
    expect(await describedError('Email')).toBe('Please enter your email');
    expect(await describedError('Password')).toBe('Please enter your password');
    expect(await describedError('Repeat password')).toBe('Please repeat your password');

    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Repeat password', { exact: true }).fill(`${PASSWORD}x`);
    await page.getByLabel('Repeat password', { exact: true }).press('Enter');
    await page.getByText('Passwords do not match').waitFor();
    expect(await describedError('Email')).toBe('Please enter a valid email');

    // Editing either password field clears the errors of both.
    await page.getByLabel('Password', { exact: true }).fill(`${PASSWORD}x`);
    expect(await describedError('Repeat password')).toBeNull();
    expect(await describedError('Password')).toBeNull();
    expect(await describedError('Email')).toBe('Please enter a valid email');

    expect(authCalls).toEqual([]);
  });

  it('signs up through the UI and lands on the home page signed in', async () => {
    await openPasswordForm('sign-up');
    await page.getByLabel('Email', { exact: true }).fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Repeat password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.waitForURL(`${stack.appUrl}/`);
    await currentUserText(`Signed in as ${EMAIL}`);
    expect(authCalls).toHaveLength(1);
  });

  it('is still signed in after a reload', async () => {
    await page.reload();
    await currentUserText(`Signed in as ${EMAIL}`);
  });

  it('shows the signed-in card on the sign-in page', async () => {
    await page.goto(`${stack.appUrl}/handler/sign-in`);
    await page.getByRole('heading', { name: 'You are already signed in' }).waitFor();
    await page.getByRole('link', { name: 'Go home' }).click();
    await currentUserText(`Signed in as ${EMAIL}`);
  });

  it('signs out', async () => {
    await page.getByRole('link', { name: 'Sign out' }).click();
    await page.waitForURL(`${stack.appUrl}/`);
    await currentUserText('Not signed in');
    await page.reload();
    await currentUserText('Not signed in');
  });

  it('says the email is taken when signing up again', async () => {
    await openPasswordForm('sign-up');
    await page.getByLabel('Email', { exact: true }).fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Repeat password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.getByText('User email already exists.').waitFor();
    expect(await describedError('Email')).toBe('User email already exists.');
  });

  it('shows the server message under the email field for a wrong password', async () => {
    await openPasswordForm('sign-in');
    await fillSignIn(EMAIL, `${PASSWORD}-wrong`);
    await page.getByText('Wrong e-mail or password.').waitFor();
    expect(await describedError('Email')).toBe('Wrong e-mail or password.');
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toBe(`${stack.appUrl}/handler/sign-in`);
  });

  it('signs in again from the home page, submitting with Enter', async () => {
    await page.goto(stack.appUrl);
    await currentUserText('Not signed in');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    await choosePasswordTab();
    await page.getByLabel('Email', { exact: true }).fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.waitForURL(`${stack.appUrl}/`);
    await currentUserText(`Signed in as ${EMAIL}`);
    await page.reload();
    await currentUserText(`Signed in as ${EMAIL}`);
  });

  it('follows a sign-out and a sign-in made in another tab, without a reload', async () => {
    const other = await page.context().newPage();
    try {
      await other.goto(stack.appUrl);
      await other
        .getByTestId('current-user')
        .filter({ hasText: `Signed in as ${EMAIL}` })
        .waitFor();
      // Signed out in this tab: the other tab's home page says so by itself (cookies polled).
      await page.goto(`${stack.appUrl}/handler/sign-out`);
      await page.waitForURL(`${stack.appUrl}/`);
      await other.getByTestId('current-user').filter({ hasText: 'Not signed in' }).waitFor({ timeout: 5000 });
      // Signed in again in the other tab: this one follows.
      await other.goto(`${stack.appUrl}/handler/sign-in`);
      await other.getByRole('tab', { name: 'Email & Password' }).click();
      await other.getByLabel('Email', { exact: true }).fill(EMAIL);
      await other.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await other.getByRole('button', { name: 'Sign In', exact: true }).click();
      await other.waitForURL(`${stack.appUrl}/`);
      await currentUserText(`Signed in as ${EMAIL}`);
    } finally {
      await other.close();
    }
  });

  it('signs out when /handler/sign-out is loaded directly, while the first load is still running', async () => {
    await page.goto(`${stack.appUrl}/handler/sign-out`);
    await page.waitForURL(`${stack.appUrl}/`);
    await currentUserText('Not signed in');
    await page.reload();
    await currentUserText('Not signed in');
  });

  it('shows handler error and not-found pages', async () => {
    await page.goto(`${stack.appUrl}/handler/error?errorCode=SOME_CODE&message=Something%20broke`);
    await page.getByText('Something broke').waitFor();
    await page.goto(`${stack.appUrl}/handler/no-such-page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  });

  it('raised no uncaught error in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
