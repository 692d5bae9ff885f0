/**
 * Passkeys and the second factor in Chromium, against `npm start` as a developer runs it. The
 * passkey is made by the browser's own WebAuthn through a DevTools virtual authenticator
 * (`WebAuthn.addVirtualAuthenticator`), so the ceremony is the real one; TOTP codes are computed
 * here from the key the page shows, with the test's own RFC 6238.
 *
 * A new user adds a passkey in account settings and signs in with the 'Sign in with Passkey'
 * button; turns TOTP on from the QR code's manual key and keeps the recovery codes; then every
 * first factor asks for the code: a password sign-in (a wrong code refused, the right one
 * accepted), a passkey sign-in completed with a recovery code, an app's own second-factor screen
 * on a test page; and turning TOTP off takes a recovery code.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBase32, totp } from '../support/totp.js';
import { signUpWithPassword } from './support/auth-forms.js';
import { launchChromium } from './support/browser.js';
import { type DevStack, startDevStack } from './support/dev-stack.js';

const PASSWORD = 'correct horse 1';
const email = `factors-${randomUUID().slice(0, 8)}@example.com`;

let stack: DevStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];
let secret: Buffer;
let recoveryCodes: string[] = [];

beforeAll(async () => {
  stack = await startDevStack();
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // The browser's WebAuthn, answered by a virtual platform authenticator with a resident key store.
  const devtools = await context.newCDPSession(page);
  await devtools.send('WebAuthn.enable');
  await devtools.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const section = (name: string) => page.getByRole('region', { name });
const signedIn = (target: Page = page) =>
  target.getByTestId('current-user').filter({ hasText: 'Signed in as' }).waitFor();

async function signOut() {
  await page.goto(`${stack.appUrl}/handler/sign-out`);
  await page.waitForURL(`${stack.appUrl}/`);
  await page.getByTestId('current-user').filter({ hasText: 'Not signed in' }).waitFor();
}

async function passwordFirstFactor(target: Page = page) {
  await target.getByRole('tab', { name: 'Email & Password' }).click();
  await target.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await target.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await target.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Types a code into the one-slot-per-digit field, as a user would. */
async function typeCode(code: string) {
  await page.getByRole('textbox', { name: 'Authenticator code, character 1 of 6' }).click();
  await page.keyboard.type(code);
}

/** A code of a 30-second step no code was used in yet (the server takes each code once). */
let lastStepUsed = -1;
async function freshCode(): Promise<string> {
  while (Math.floor(Date.now() / 30_000) <= lastStepUsed) await new Promise((done) => setTimeout(done, 500));
  lastStepUsed = Math.floor(Date.now() / 30_000);
  return totp(secret);
}

describe('passkeys and the second factor', () => {
  it('adds a passkey from account settings', async () => {
    await signUpWithPassword(page, stack.appUrl, email, PASSWORD);
    await page.goto(`${stack.appUrl}/handler/account-settings`);
    const passkeys = section('Passkeys');
    await passkeys.getByText('No passkeys yet.').waitFor();
    await passkeys.getByLabel('Name for a new passkey (optional)').fill('Test laptop');
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    await passkeys.getByRole('list', { name: 'Passkeys' }).getByText('Test laptop').waitFor();
  });

  it('signs in with the passkey button', async () => {
    await signOut();
    await page.goto(`${stack.appUrl}/handler/sign-in`);
    await page.getByRole('button', { name: 'Sign in with Passkey' }).click();
    await signedIn();
    // Not offered on the sign-up page.
    await signOut();
    await page.goto(`${stack.appUrl}/handler/sign-up`);
    await page.getByRole('tab', { name: 'Email & Password' }).waitFor();
    expect(await page.getByRole('button', { name: 'Sign in with Passkey' }).count()).toBe(0);
    await page.goto(`${stack.appUrl}/handler/sign-in`);
    await page.getByRole('button', { name: 'Sign in with Passkey' }).click();
    await signedIn();
  });

  it('turns TOTP on from the key beside the QR code, and shows the recovery codes once', async () => {
    await page.goto(`${stack.appUrl}/handler/account-settings`);
    const twoFactor = section('Two-factor authentication');
    await twoFactor.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await twoFactor.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    secret = fromBase32((await twoFactor.getByTestId('totp-manual-key').textContent()) ?? '');
    expect(secret).toHaveLength(20);
    await typeCode(totp(secret, Date.now() - 60_000));
    await twoFactor.getByRole('alert').filter({ hasText: 'Invalid TOTP code' }).waitFor();
    await typeCode(totp(secret));
    const list = twoFactor.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);
    await twoFactor.getByRole('button', { name: 'I have saved them' }).click();
    await twoFactor.getByText('Two-factor authentication is on').waitFor();
    expect(await twoFactor.getByRole('list', { name: 'Recovery codes' }).count()).toBe(0);
  });

  it('asks a password sign-in for the code: a wrong one is refused, the current one signs in', async () => {
    await signOut();
    await page.goto(`${stack.appUrl}/handler/sign-in`);
    await passwordFirstFactor();
    await page.getByText('Enter the code from your authenticator app').waitFor();
    await typeCode('000000');
    await page.getByRole('alert').filter({ hasText: 'Invalid TOTP code' }).waitFor();
    await typeCode(await freshCode());
    await signedIn();
  });

  it('asks a passkey sign-in too, and takes a recovery code', async () => {
    await signOut();
    await page.goto(`${stack.appUrl}/handler/sign-in`);
    await page.getByRole('button', { name: 'Sign in with Passkey' }).click();
    await page.getByText('Enter the code from your authenticator app').waitFor();
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await signedIn();
    // A recovery code works once.
    await signOut();
    await page.goto(`${stack.appUrl}/handler/sign-in`);
    await passwordFirstFactor();
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid TOTP code' }).waitFor();
    await page.getByLabel('Recovery code').fill(recoveryCodes[1]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await signedIn();
  });

  it('gives the pending attempt to an app’s own second-factor screen', async () => {
    const other = await browser.newContext();
    const visitor = await other.newPage();
    visitor.on('pageerror', (error) => pageErrors.push(error.message));
    // A test page (served by the example's dev server, never built): the sign-in page of an app
    // whose screens put a stand-in screen in the second-factor slot.
    await visitor.goto(`${stack.appUrl}/test-pages/second-factor.html`);
    await visitor.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await visitor.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await visitor.getByRole('button', { name: 'Sign In', exact: true }).click();
    await visitor.getByRole('heading', { name: 'Test second factor' }).waitFor();
    await expect(visitor.getByTestId('attempt').textContent()).resolves.toBe(
      'A password sign-in waits for its second factor (attempt code of 45 characters, existing account).',
    );
    await visitor.getByRole('button', { name: 'Cancel' }).click();
    await visitor.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await other.close();
  });

  it('turns TOTP off with a recovery code, and the password alone signs in again', async () => {
    await page.goto(`${stack.appUrl}/handler/account-settings`);
    const twoFactor = section('Two-factor authentication');
    await twoFactor.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
    const field = twoFactor.getByLabel('Code from your authenticator app, or a recovery code');
    await field.fill('123456');
    await twoFactor.getByRole('button', { name: 'Turn off', exact: true }).click();
    await twoFactor.getByText('Invalid TOTP code').waitFor();
    await field.fill(recoveryCodes[2]!);
    await twoFactor.getByRole('button', { name: 'Turn off', exact: true }).click();
    await twoFactor.getByRole('button', { name: 'Set up two-factor authentication' }).waitFor();
    await signOut();
    await page.goto(`${stack.appUrl}/handler/sign-in`);
    await passwordFirstFactor();
    await signedIn();
  });

  it('raised no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
