/**
 * The command-line login in Chromium, against `npm start` as a developer runs it: `signet/cli`'s
 * `cliLogin` runs in the test process (a command-line tool) with an opener that sends the browser
 * to the link. Signed out, the page asks to sign in; the user signs up, comes back to the link,
 * reads the warning and confirms, and the tool resolves with a refresh token that works. Signed in,
 * Cancel gives the tool nothing (it keeps waiting until stopped); a made-up link says it is invalid.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CliLoginError, type CliLoginOptions, cliLogin } from '../../cli/index.js';
import { launchChromium } from './support/browser.js';
import { type DevStack, startDevStack } from './support/dev-stack.js';

const PASSWORD = 'correct horse 1';
const email = `cli-${randomUUID().slice(0, 8)}@example.com`;
const WARNING = 'Confirming gives a command-line tool on this computer access to your account';

let stack: DevStack;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  stack = await startDevStack();
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** The tool's options: this stack, polling often, the browser as its opener. */
function tool(extra: Partial<CliLoginOptions> = {}): CliLoginOptions & { told: string[] } {
  const told: string[] = [];
  return {
    baseUrl: stack.apiUrl,
    projectId: stack.project.projectId,
    publishableClientKey: stack.project.publishableClientKey,
    appUrl: stack.appUrl,
    pollIntervalMillis: 200,
    onUrl: (url) => void told.push(url),
    open: async (url) => {
      await page.goto(url);
    },
    told,
    ...extra,
  };
}

describe('CLI login', () => {
  it('signed out: the user signs up from the link, comes back, confirms, and the tool gets a session', async () => {
    const options = tool();
    const login = cliLogin(options);
    // Settled or not, the outcome is read only at the end; a rejection is not left unhandled.
    login.catch(() => undefined);

    await page.getByRole('heading', { name: 'Sign in to continue' }).waitFor();
    expect(options.told).toHaveLength(1);
    const link = new URL(options.told[0]!);
    expect(link.origin).toBe(stack.appUrl);
    expect(link.pathname).toBe('/handler/cli-auth-confirm');
    expect(link.searchParams.get('login_code')).toMatch(/^[0-9a-z]{45}$/);

    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.getByRole('tab', { name: 'Email & Password' }).click();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Repeat password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

    // Back on the same link, signed in: who is signing in, and what confirming does.
    await page.getByRole('heading', { name: 'Confirm command-line login' }).waitFor();
    expect(page.url()).toBe(link.href);
    await page.getByText(email).waitFor();
    await page.getByText(WARNING).waitFor();
    await page.screenshot({ path: '/tmp/signet-cli-auth-confirm.png', fullPage: true });
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('You can close this tab and return to your terminal.').waitFor();

    const { refreshToken, url } = await login;
    expect(url).toBe(link.href);
    expect(refreshToken).toMatch(/^[0-9a-z]{45}$/);
    // The token is a live session of this project: it refreshes, and the user is the one who confirmed.
    const headers = {
      'x-stack-project-id': stack.project.projectId,
      'x-stack-access-type': 'client',
      'x-stack-publishable-client-key': stack.project.publishableClientKey,
    };
    const refreshed = await fetch(`${stack.apiUrl}/api/v1/auth/sessions/current/refresh`, {
      method: 'POST',
      headers: { ...headers, 'x-stack-refresh-token': refreshToken, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refreshed.status).toBe(200);
    const { access_token } = (await refreshed.json()) as { access_token: string };
    const me = await fetch(`${stack.apiUrl}/api/v1/users/me`, {
      headers: { ...headers, 'x-stack-access-token': access_token },
    });
    expect(((await me.json()) as { primary_email: string }).primary_email).toBe(email);
    expect(pageErrors).toEqual([]);
  });

  it('signed in: Cancel hands nothing over; the tool keeps waiting until it is stopped', async () => {
    const stop = new AbortController();
    const options = tool({ signal: stop.signal });
    let settled = false;
    const login = cliLogin(options);
    const outcome = login.then(
      () => 'resolved',
      (error: unknown) => error,
    );
    void outcome.then(() => {
      settled = true;
    });

    await page.getByRole('heading', { name: 'Confirm command-line login' }).waitFor();
    await page.getByText(WARNING).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('heading', { name: 'Command-line login cancelled' }).waitFor();
    // Several polls later, still waiting: nothing was confirmed.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(settled).toBe(false);
    stop.abort();
    const error = await outcome;
    expect(error).toBeInstanceOf(CliLoginError);
    expect((error as CliLoginError).reason).toBe('aborted');
  });

  it('a made-up or used link says it cannot be used, after Confirm', async () => {
    await page.goto(`${stack.appUrl}/handler/cli-auth-confirm?login_code=${'x'.repeat(45)}`);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { name: 'Invalid or expired login link' }).waitFor();
    await page.goto(`${stack.appUrl}/handler/cli-auth-confirm`);
    await page.getByRole('heading', { name: 'Invalid or expired login link' }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});
