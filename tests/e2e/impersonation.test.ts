/**
 * Impersonation in Chromium, against `npm start` as a developer runs it: the test plays the
 * console — it makes an impersonation session with the secret server key and opens the link in a
 * new tab — and the example app opens signed in as the user, under the "impersonating" banner,
 * with the token gone from the address bar and never sent anywhere, and full pages leave room for
 * the banner; End signs out and the same link then fails. A normal session's link and hostile
 * fragments are refused in words, with nobody signed in.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { impersonationLink } from '../../plugins/impersonation/index.js';
import { launchChromium } from './support/browser.js';
import { type DevStack, startDevStack } from './support/dev-stack.js';

let stack: DevStack;
let browser: Browser;
let context: BrowserContext;
const pageErrors: string[] = [];
/** Every request the browser made, with its Referer. */
const sent: { url: string; referer: string }[] = [];

beforeAll(async () => {
  stack = await startDevStack();
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(20_000);
  context.on('page', (page) => {
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });
  context.on('request', (request) => {
    sent.push({ url: request.url(), referer: request.headers().referer ?? '' });
  });
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** Calls the API as the project's backend or as a browser of it. */
async function api(path: string, body: unknown, access: 'server' | 'client' = 'server') {
  const keyHeader: Record<string, string> =
    access === 'server'
      ? { 'x-stack-secret-server-key': stack.project.secretServerKey }
      : { 'x-stack-publishable-client-key': stack.project.publishableClientKey };
  const response = await fetch(`${stack.apiUrl}/api/v1${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-stack-project-id': stack.project.projectId,
      'x-stack-access-type': access,
      ...keyHeader,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, string> };
}

/** A user signed up with a password; their own (normal) session's refresh token comes with it. */
async function signedUpUser() {
  const email = `impersonated-${randomUUID().slice(0, 8)}@example.com`;
  const { json } = await api(
    '/auth/password/sign-up',
    {
      email,
      password: 'correct horse 1',
      verification_callback_url: `${stack.appUrl}/handler/email-verification`,
    },
    'client',
  );
  return { email, userId: json.user_id!, refreshToken: json.refresh_token! };
}

/** What the console does: an impersonation session (one hour) and its link. */
async function impersonate(userId: string) {
  const created = await api('/auth/sessions', {
    user_id: userId,
    expires_in_millis: 3600_000,
    is_impersonation: true,
  });
  expect(created.status).toBe(200);
  const refreshToken = created.json.refresh_token!;
  return { refreshToken, link: impersonationLink({ appUrl: stack.appUrl, refreshToken }) };
}

/** Opens `link` in a new tab from a page of the app, as the console's button does. */
async function openInNewTab(link: string): Promise<Page> {
  const opener = await context.newPage();
  await opener.goto(`${stack.appUrl}/`);
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    opener.evaluate((url) => void window.open(url, '_blank', 'noopener,noreferrer'), link),
  ]);
  await opener.close();
  return tab;
}

const banner = (page: Page) => page.getByRole('region', { name: 'Impersonation' });

describe('impersonation', () => {
  it('opens the app signed in as the user under the banner; End signs out and the link then fails', async () => {
    const user = await signedUpUser();
    const { refreshToken, link } = await impersonate(user.userId);
    expect(link).toBe(`${stack.appUrl}/handler/impersonate#refresh_token=${refreshToken}`);

    const tab = await openInNewTab(link);
    await banner(tab)
      .getByRole('status')
      .filter({ hasText: `Signed in as ${user.email} — impersonating` })
      .waitFor();
    await tab
      .getByTestId('current-user')
      .filter({ hasText: `Signed in as ${user.email}` })
      .waitFor();
    // The token left the address bar, and no request carried it, in its URL or its Referer.
    expect(tab.url()).toBe(`${stack.appUrl}/`);
    expect(await tab.evaluate(() => location.href)).not.toContain('#');
    expect(sent.filter((r) => r.url.includes(refreshToken) || r.referer.includes(refreshToken))).toEqual([]);
    await tab.screenshot({ path: '/tmp/signet-impersonation-banner.png' });

    // A full page under the banner leaves room for it: the window does not scroll by its height.
    await tab.goto(`${stack.appUrl}/nowhere`);
    await banner(tab).waitFor();
    await tab.getByRole('heading', { name: 'Page not found' }).waitFor();
    const room = await tab.evaluate(() => ({
      banner: document.querySelector('[aria-label="Impersonation"]')!.getBoundingClientRect().height,
      reserved: getComputedStyle(document.documentElement).getPropertyValue('--signet-top-bars'),
      overflow: document.documentElement.scrollHeight - innerHeight,
    }));
    expect(room.banner).toBeGreaterThan(0);
    expect(room.reserved).toBe(`${room.banner}px`);
    expect(room.overflow).toBeLessThanOrEqual(0);
    await tab.goto(`${stack.appUrl}/`);
    await banner(tab).waitFor();

    // End, from the keyboard.
    const end = banner(tab).getByRole('button', { name: 'End' });
    await end.focus();
    await tab.keyboard.press('Enter');
    await tab.getByTestId('current-user').filter({ hasText: 'Not signed in' }).waitFor();
    expect(await banner(tab).count()).toBe(0);
    // The session is revoked on the server.
    const replay = await fetch(`${stack.apiUrl}/api/v1/auth/sessions/current/refresh`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-stack-project-id': stack.project.projectId,
        'x-stack-access-type': 'client',
        'x-stack-publishable-client-key': stack.project.publishableClientKey,
        'x-stack-refresh-token': refreshToken,
      },
      body: '{}',
    });
    expect(replay.status).toBe(401);

    // The same link again: refused in words, and nobody is signed in.
    await tab.goto(link);
    await tab.getByRole('alert').filter({ hasText: 'has expired or was ended' }).waitFor();
    expect(await tab.evaluate(() => location.href)).toBe(`${stack.appUrl}/handler/impersonate`);
    await tab.goto(`${stack.appUrl}/`);
    await tab.getByTestId('current-user').filter({ hasText: 'Not signed in' }).waitFor();
    await tab.close();
    expect(pageErrors).toEqual([]);
  });

  it('refuses a normal session’s link (login CSRF): nothing stored, nobody signed in', async () => {
    const attacker = await signedUpUser();
    const link = impersonationLink({ appUrl: stack.appUrl, refreshToken: attacker.refreshToken });
    const tab = await openInNewTab(link);
    await tab
      .getByRole('alert')
      .filter({ hasText: 'does not hold an impersonation session of this project, so nobody was signed in' })
      .waitFor();
    expect(await tab.evaluate(() => location.href)).toBe(`${stack.appUrl}/handler/impersonate`);
    const cookies = await context.cookies(stack.appUrl);
    expect(cookies.filter((c) => c.value.includes(attacker.refreshToken))).toEqual([]);
    expect(await tab.evaluate(() => JSON.stringify(localStorage))).not.toContain(attacker.refreshToken);
    await tab.goto(`${stack.appUrl}/`);
    await tab.getByTestId('current-user').filter({ hasText: 'Not signed in' }).waitFor();
    await tab.close();
    expect(pageErrors).toEqual([]);
  });

  it('a garbage or hostile fragment shows an error, never a crash', async () => {
    const tab = await context.newPage();
    for (const fragment of [
      'refresh_token=a%00b',
      'refresh_token=%ED%A0%80',
      'refresh_token=%',
      `refresh_token=${'a'.repeat(70_000)}`,
      'x',
    ]) {
      await tab.goto(`${stack.appUrl}/handler/impersonate#${fragment}`);
      await tab.getByRole('alert').filter({ hasText: 'incomplete or damaged' }).waitFor();
      expect(await tab.evaluate(() => location.hash)).toBe('');
    }
    await tab.close();
    expect(pageErrors).toEqual([]);
  });
});
