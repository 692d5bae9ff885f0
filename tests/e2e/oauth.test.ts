/**
 * Social sign-in in Chromium, against `npm start` as a developer runs it on a fresh clone: the
 * development project's GitHub and Google buttons use shared keys, which sign in through the
 * development identity provider signet-server serves on loopback, so they work with no keys. A
 * new user signs up with GitHub, signs out, signs in again (the 'last' badge marks GitHub), and
 * connects Google from account settings. With standard keys, GitLab is pointed at a real OpenID
 * Connect provider process on loopback (SIGNET_OAUTH_PROVIDER_ISSUERS), and a whole sign-in goes
 * through it. A user with TOTP on who signs in with GitHub is asked for the code on the callback
 * page.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port.js';
import { type OidcProvider, startOidcProvider } from '../support/oidc-provider/index.js';
import { fromBase32, totp } from '../support/totp.js';
import { launchChromium } from './support/browser.js';
import { type DevStack, startDevStack } from './support/dev-stack.js';

const email = `social-${randomUUID().slice(0, 8)}@example.com`;

/**
 * A code for `secret` from a step later than `after`, taken at least five seconds before its step
 * ends: the server accepts the current step only, and a code typed at 29.9 s would arrive stale.
 */
async function steadyCode(secret: Buffer, after = -1): Promise<{ code: string; step: number }> {
  for (;;) {
    const now = Date.now();
    const step = Math.floor(now / 30_000);
    if (step > after && now % 30_000 < 25_000) return { code: totp(secret, now), step };
    await new Promise((done) => setTimeout(done, 250));
  }
}

let stack: DevStack;
let provider: OidcProvider;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  // The provider must know signet's callback before signet starts, and signet its issuer.
  const apiPort = await freePort();
  provider = await startOidcProvider({
    clients: [
      {
        client_id: 'signet-e2e-gitlab',
        client_secret: 'signet e2e gitlab secret',
        redirect_uris: [`http://localhost:${apiPort}/api/v1/auth/oauth/callback/gitlab`],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
  });
  stack = await startDevStack({
    apiPort,
    env: { SIGNET_OAUTH_PROVIDER_ISSUERS: JSON.stringify({ gitlab: { issuer: provider.issuer } }) },
  });
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (error) => pageErrors.push(error.message));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await provider?.close();
});

const signedInAs = (who: string, target: Page = page) =>
  target
    .getByTestId('current-user')
    .filter({ hasText: `Signed in as ${who}` })
    .waitFor();

async function signOut(target: Page = page) {
  await target.goto(`${stack.appUrl}/handler/sign-out`);
  await target.waitForURL(`${stack.appUrl}/`);
  await target.getByTestId('current-user').filter({ hasText: 'Not signed in' }).waitFor();
}

/** The name typed at the development provider, which the home page then greets. */
const NAME = 'Social Tester';

/** The development identity provider's page, filled in as a developer would. */
async function atDevProvider(name: string, who: string, target: Page = page) {
  await target.getByRole('heading', { name: `Sign in to ${name} (development)` }).waitFor();
  expect(new URL(target.url()).hostname).toBe('127.0.0.1');
  await target.getByLabel('Email', { exact: true }).fill(who);
  await target.getByLabel('Name', { exact: true }).fill(NAME);
  await target.getByRole('button', { name: 'Continue' }).click();
}

describe('OAuth sign-in', () => {
  it('signs up with GitHub on a fresh clone, with no keys', async () => {
    await page.goto(`${stack.appUrl}/handler/sign-up`);
    await page.getByRole('button', { name: 'Sign up with GitHub' }).click();
    await atDevProvider('GitHub', email);
    await signedInAs(NAME);
    expect(new URL(page.url()).search).not.toContain('code=');
  });

  it('signs in again, with the last used provider marked', async () => {
    await signOut();
    await page.goto(`${stack.appUrl}/handler/sign-in`);
    const github = page.getByRole('button', { name: 'Sign in with GitHub' });
    await expect.poll(() => github.textContent()).toContain('last');
    expect(await page.getByRole('button', { name: 'Sign in with Google' }).textContent()).not.toContain(
      'last',
    );
    await github.click();
    await atDevProvider('GitHub', email);
    await signedInAs(NAME);
  });

  it('connects Google from account settings, and lists both', async () => {
    await page.goto(`${stack.appUrl}/handler/account-settings`);
    const section = page.getByRole('region', { name: 'Connected accounts' });
    await section.getByRole('list', { name: 'Connected accounts' }).getByText('GitHub').waitFor();
    await section.getByRole('button', { name: 'Connect Google' }).click();
    await atDevProvider('Google', `${email.split('@')[0]}@gmail.example`);
    await page.waitForURL(`${stack.appUrl}/handler/account-settings`);
    const list = page
      .getByRole('region', { name: 'Connected accounts' })
      .getByRole('list', { name: 'Connected accounts' });
    await list.getByText('Google').waitFor();
    await list.getByText('GitHub').waitFor();
  });

  it('signs in with standard keys through a real OpenID Connect provider process', async () => {
    await signOut();
    // The project's admin turns GitLab on with the app's own keys (the provider process holds them).
    const response = await fetch(`${stack.apiUrl}/api/v1/projects/current`, {
      method: 'PATCH',
      headers: {
        'content-type': 'application/json',
        'x-stack-project-id': stack.project.projectId,
        'x-stack-access-type': 'admin',
        'x-stack-super-secret-admin-key': stack.project.superSecretAdminKey,
      },
      body: JSON.stringify({
        config: {
          oauth_providers: [
            { id: 'github', type: 'shared', enabled: true },
            { id: 'google', type: 'shared', enabled: true },
            {
              id: 'gitlab',
              type: 'standard',
              enabled: true,
              client_id: 'signet-e2e-gitlab',
              client_secret: 'signet e2e gitlab secret',
            },
          ],
        },
      }),
    });
    expect(response.status, await response.text()).toBe(200);
    const other = `standard-${randomUUID().slice(0, 8)}@example.com`;
    await page.goto(`${stack.appUrl}/handler/sign-in`);
    await page.getByRole('button', { name: 'Sign in with GitLab' }).click();
    // The provider process's own sign-in form.
    await page.waitForURL((url) => url.origin === new URL(provider.issuer).origin);
    await page.getByLabel(/email/i).first().fill(other);
    await page.getByRole('button', { name: 'Allow' }).click();
    await signedInAs(other);
  });

  it('asks a TOTP user for the code on the callback page', async () => {
    // The GitHub user of the first tests turns TOTP on.
    await signOut();
    await page.goto(`${stack.appUrl}/handler/sign-in`);
    await page.getByRole('button', { name: 'Sign in with GitHub' }).click();
    await atDevProvider('GitHub', email);
    await signedInAs(NAME);
    await page.goto(`${stack.appUrl}/handler/account-settings`);
    const twoFactor = page.getByRole('region', { name: 'Two-factor authentication' });
    await twoFactor.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const secret = fromBase32((await twoFactor.getByTestId('totp-manual-key').textContent()) ?? '');
    const enrolment = await steadyCode(secret);
    await twoFactor.getByRole('textbox', { name: 'Authenticator code, character 1 of 6' }).click();
    await page.keyboard.type(enrolment.code);
    await twoFactor
      .getByText(/recovery codes/i)
      .first()
      .waitFor();

    await signOut();
    await page.goto(`${stack.appUrl}/handler/sign-in`);
    await page.getByRole('button', { name: 'Sign in with GitHub' }).click();
    await atDevProvider('GitHub', email);
    await page.getByText('Enter the code from your authenticator app').waitFor();
    expect(new URL(page.url()).pathname).toBe('/handler/oauth-callback');
    // A code of a later step than the one enrolment used (each code works once).
    const { code } = await steadyCode(secret, enrolment.step);
    await page.getByRole('textbox', { name: 'Authenticator code, character 1 of 6' }).click();
    await page.keyboard.type(code);
    await signedInAs(NAME);
  }, 90_000);

  it('threw no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
