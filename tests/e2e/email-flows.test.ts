/**
 * End to end, in Chromium, against the example app and server exactly as `npm start` runs them:
 * every flow that reaches the user through an email, with the emails read from the development
 * outbox over its Inbucket-shaped HTTP API, as a developer would.
 *   - magic-link sign-in by typing the emailed code (a wrong code first, then a pasted code);
 *   - magic-link sign-in by opening the emailed link;
 *   - forgot password → emailed link → new password → sign in;
 *   - verifying the sign-up email from its link, and the same link refused the second time;
 *   - the sixth code asked for one address within ten minutes refused in words (rate limits on).
 */
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMessage, type OutboxMessage, readMailbox } from '../support/outbox.js';
import { launchChromium } from './support/browser.js';
import { type DevStack, startDevStack } from './support/dev-stack.js';

const freshEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

let stack: DevStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  // Rate limits on, as a production project has them: the flows below stay within them.
  stack = await startDevStack({ env: { SIGNET_RATE_LIMITS: 'always' } });
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1000, height: 760 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.appUrl });
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** The email field (the magic-link tab panel is named 'Email' too, so find the field by role). */
const emailField = () => page.getByRole('textbox', { name: 'Email', exact: true });

async function currentUserText(expected: string) {
  await page.getByTestId('current-user').filter({ hasText: expected }).waitFor();
}

/** Waits for the `count`-th email to `address` (emails are in the outbox when the call returns). */
async function nthMessage(address: string, count: number): Promise<OutboxMessage> {
  const all = await readMailbox(stack.mailboxUrl, address);
  expect(all, `emails to ${address}`).toHaveLength(count);
  return all.at(-1)!;
}

/** The 6-character code standing on a line of its own in a sign-in email. */
function typedCode(message: OutboxMessage): string {
  const match = /^([0-9A-Z]{6})$/m.exec(message.body.text);
  expect(match, message.body.text).not.toBeNull();
  return match![1]!;
}

/** The first link in the email's text that leads to the app's handler page `page`. */
function linkTo(message: OutboxMessage, handlerPage: string): string {
  const match = new RegExp(`(https?://\\S+/handler/${handlerPage}\\?code=[0-9a-z]+)`).exec(message.body.text);
  expect(match, message.body.text).not.toBeNull();
  const link = match![1]!;
  // The link was built from the page the user asked on, so it comes back to this app.
  expect(new URL(link).origin).toBe(stack.appUrl);
  return link;
}

async function signOut() {
  await page.goto(`${stack.appUrl}/handler/sign-out`);
  await page.waitForURL(`${stack.appUrl}/`);
  await currentUserText('Not signed in');
}

/** Opens the sign-in page on its default 'Email' tab and asks for a code for `email`. */
async function requestCode(email: string) {
  await page.goto(`${stack.appUrl}/handler/sign-in`);
  await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
  await emailField().fill(email);
  await page.getByRole('button', { name: 'Send email' }).click();
  await page.getByText('Enter the code from your email').waitFor();
}

const slot = (n: number) => page.getByLabel(`Sign-in code, character ${n} of 6`);

async function slotValues(): Promise<string> {
  let value = '';
  for (let n = 1; n <= 6; n++) value += await slot(n).inputValue();
  return value;
}

describe('email flows in Chromium, emails read from the outbox', () => {
  const codeUser = freshEmail('code');

  it('validates the email before sending a code', async () => {
    await page.goto(`${stack.appUrl}/handler/sign-in`);
    await page.getByRole('button', { name: 'Send email' }).click();
    await page.getByText('Please enter your email').waitFor();
    await emailField().fill('not-an-email');
    await emailField().press('Enter');
    await page.getByText('Please enter a valid email').waitFor();
  });

  it('signs up with a code typed from the email: a wrong code is refused and cleared first', async () => {
    await requestCode(codeUser);
    const message = await nthMessage(codeUser, 1);
    const code = typedCode(message);
    expect(message.subject).toContain(code);

    // A wrong code, typed in lower case: upper-cased as typed, submitted at 6, cleared on failure.
    const wrong = code === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ';
    await slot(1).focus();
    await page.keyboard.type(wrong.slice(0, 5).toLowerCase());
    expect(await slotValues()).toBe(wrong.slice(0, 5));
    await page.keyboard.type(wrong.slice(5).toLowerCase());
    await page.getByRole('alert').filter({ hasText: 'This link or code is not valid' }).waitFor();
    await expect.poll(slotValues).toBe('');

    // The right code, typed one character at a time from the keyboard.
    await slot(1).focus();
    await page.keyboard.type(code.toLowerCase(), { delay: 20 });
    await page.waitForURL(`${stack.appUrl}/`);
    await currentUserText(`Signed in as ${codeUser}`);
    // A code sign-up proves the address: it is verified from the start.
    await page.getByTestId('email-status').filter({ hasText: 'Verified' }).waitFor();
  });

  it('signs in with a pasted code, which fills every slot', async () => {
    await signOut();
    await requestCode(codeUser);
    const code = typedCode(await nthMessage(codeUser, 2));
    await page.evaluate((text) => navigator.clipboard.writeText(text), ` ${code.toLowerCase()}\n`);
    await slot(1).focus();
    await page.keyboard.press('ControlOrMeta+V');
    await page.waitForURL(`${stack.appUrl}/`);
    await currentUserText(`Signed in as ${codeUser}`);
  });

  it('Cancel returns to the email step', async () => {
    await signOut();
    await requestCode(codeUser);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Send email' }).waitFor();
    expect(await page.getByText('Enter the code from your email').count()).toBe(0);
  });

  it('signs in by opening the emailed link, which works only once', async () => {
    const message = await nthMessage(codeUser, 3);
    // The example app moved its magic-link page to /handler/login-link: the email links there.
    const link = linkTo(message, 'login-link');
    await page.goto(link);
    await page.waitForURL(`${stack.appUrl}/`);
    await currentUserText(`Signed in as ${codeUser}`);

    await signOut();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Could not sign you in' }).waitFor();
    await page.getByText('This link or code has already been used.').waitFor();
    await page.goto(stack.appUrl);
    await currentUserText('Not signed in');
  });
});

describe('sending limits in Chromium', () => {
  it('refuses a sixth code for one address within ten minutes, saying when to try again', async () => {
    const email = freshEmail('limited');
    for (let sent = 1; sent <= 5; sent++) await requestCode(email);
    await page.goto(`${stack.appUrl}/handler/sign-in`);
    await emailField().fill(email);
    await page.getByRole('button', { name: 'Send email' }).click();
    await page.getByText('Too many attempts. Please try again in 10 minutes.').waitFor();
    expect(await emailField().getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('Enter the code from your email').count()).toBe(0);
    // The refused request sent nothing.
    await nthMessage(email, 5);
  });
});

describe('password reset and email verification in Chromium', () => {
  const email = freshEmail('reset');
  const firstPassword = 'first-horse-battery-1';
  const newPassword = 'second-horse-battery-2';

  async function signInWithPassword(password: string) {
    await page.goto(`${stack.appUrl}/handler/sign-in`);
    await page.getByRole('tab', { name: 'Email & Password' }).click();
    await emailField().fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  }

  it('signs up with a password; the sign-up sends a verification email', async () => {
    await page.goto(`${stack.appUrl}/handler/sign-up`);
    await page.getByRole('tab', { name: 'Email & Password' }).click();
    await emailField().fill(email);
    await page.getByLabel('Password', { exact: true }).fill(firstPassword);
    await page.getByLabel('Repeat password', { exact: true }).fill(firstPassword);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.waitForURL(`${stack.appUrl}/`);
    await currentUserText(`Signed in as ${email}`);
    await page.getByTestId('email-status').filter({ hasText: 'Not verified' }).waitFor();
    const message = await nthMessage(email, 1);
    expect(message.subject).toMatch(/^Verify your email/);
  });

  it('verifies the email from the emailed link; the same link is then refused in words', async () => {
    const link = linkTo(await latestMessage(stack.mailboxUrl, email), 'email-verification');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Your email has been verified!' }).waitFor();
    await page.getByRole('link', { name: 'Go home' }).click();
    await page.getByTestId('email-status').filter({ hasText: 'Verified' }).waitFor();
    expect(await page.getByRole('button', { name: 'Send a new verification email' }).count()).toBe(0);

    await page.goto(link);
    await page.getByRole('heading', { name: 'Could not verify your email' }).waitFor();
    await page.getByText('This link or code has already been used.').waitFor();
  });

  it('resets a forgotten password from the emailed link and signs in with the new one', async () => {
    await signOut();
    await page.goto(`${stack.appUrl}/handler/sign-in`);
    await page.getByRole('tab', { name: 'Email & Password' }).click();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await emailField().fill(email);
    await page.getByRole('button', { name: 'Send reset email' }).click();
    await page.getByRole('heading', { name: 'Email sent!' }).waitFor();
    await page.getByText('If the user with this e-mail address exists').waitFor();

    const message = await nthMessage(email, 2);
    expect(message.subject).toMatch(/^Reset your password/);
    await page.goto(linkTo(message, 'password-reset'));
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    // Client validation first: too short, then a mismatch.
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Repeat new password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Password too short. Minimum length is 8.').waitFor();
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Repeat new password', { exact: true }).fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Repeat new password', { exact: true }).fill(newPassword);
    await page.getByLabel('Repeat new password', { exact: true }).press('Enter');
    await page.getByRole('heading', { name: 'Password reset successfully!' }).waitFor();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();

    await signInWithPassword(firstPassword);
    await page.getByText('Wrong e-mail or password.').waitFor();
    await signInWithPassword(newPassword);
    await page.waitForURL(`${stack.appUrl}/`);
    await currentUserText(`Signed in as ${email}`);
  });

  it('refuses the used reset link in words', async () => {
    const link = linkTo(await nthMessage(email, 2), 'password-reset');
    await page.goto(link);
    await page.getByRole('heading', { name: 'This reset link cannot be used' }).waitFor();
    await page.getByText('This link or code has already been used.').waitFor();
  });

  it('raised no uncaught error in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
