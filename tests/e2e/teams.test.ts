/**
 * Teams in Chromium, against `npm start` as a developer runs it, with two people in two browser
 * contexts: A creates a team from the switcher and invites B by email; B opens the emailed link
 * while signed out, signs up, comes back to the invitation and joins, and sees no control B may
 * not use; A removes B, and B's switcher follows; A renames the team, switches teams and the
 * choice survives a reload; A deletes the team; an invitation to B's verified email shows in B's
 * account settings and Decline removes it.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OutboxMessage, readMailbox } from '../support/outbox.js';
import { signUpWithPassword } from './support/auth-forms.js';
import { launchChromium } from './support/browser.js';
import { type DevStack, startDevStack } from './support/dev-stack.js';

const freshEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;
const PASSWORD = 'correct horse 1';
const emailA = freshEmail('team-owner');
const emailB = freshEmail('team-member');

let stack: DevStack;
let browser: Browser;
let contextA: BrowserContext;
let contextB: BrowserContext;
let pageA: Page;
let pageB: Page;
const pageErrors: string[] = [];
/** The settings page of the first team, once A has made it. */
let teamUrl = '';

beforeAll(async () => {
  stack = await startDevStack();
  browser = await launchChromium();
  contextA = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // B is on a phone: the pages must work at 360 px.
  contextB = await browser.newContext({ viewport: { width: 360, height: 780 } });
  pageA = await contextA.newPage();
  pageB = await contextB.newPage();
  for (const page of [pageA, pageB]) {
    page.setDefaultTimeout(20_000);
    page.on('pageerror', (error) => pageErrors.push(error.message));
  }
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** The emailed link to `handlerPage` in `message`, checked to lead back to this app. */
function linkTo(message: OutboxMessage, handlerPage: string): string {
  const match = new RegExp(`(https?://\\S+/handler/${handlerPage}\\?code=[0-9a-z]+)`).exec(message.body.text);
  expect(match, message.body.text).not.toBeNull();
  const link = match![1]!;
  expect(new URL(link).origin).toBe(stack.appUrl);
  return link;
}

/** The newest email to `address` whose text links to `handlerPage`. */
async function emailLinking(address: string, handlerPage: string): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await readMailbox(stack.mailboxUrl, address))
          .filter((m) => m.body.text.includes(`/handler/${handlerPage}?code=`))
          .at(-1);
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

const switcherOf = (page: Page) => page.getByRole('button', { name: /^(Team: .*|Select a team)$/ });
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Opens the team switcher on the home page and returns its listbox. */
async function openSwitcher(page: Page) {
  await page.goto(stack.appUrl);
  await page.getByTestId('current-user').filter({ hasText: 'Signed in as' }).waitFor();
  await switcherOf(page).click();
  // Open: the list, or "No teams yet" in its place.
  await expect.poll(() => switcherOf(page).getAttribute('aria-expanded')).toBe('true');
  return page.getByRole('listbox', { name: 'Teams' });
}

/** Creates a team from the switcher's "Create a team" link; resolves on its settings page. */
async function createTeam(page: Page, name: string) {
  await openSwitcher(page);
  await page.getByRole('link', { name: 'Create a team' }).click();
  await page.getByRole('heading', { name: 'Create a team' }).waitFor();
  await page.getByLabel('Team name').fill(name);
  await page.getByRole('button', { name: 'Create team' }).click();
  await page.getByRole('heading', { name, level: 1 }).waitFor();
}

describe('teams', () => {
  it('A signs up, finds "No teams yet" in the switcher and creates a team there', async () => {
    await signUpWithPassword(pageA, stack.appUrl, emailA, PASSWORD);
    await expect(switcherOf(pageA).textContent()).resolves.toContain('Select a team');
    await openSwitcher(pageA);
    await pageA.getByText('No teams yet').waitFor();
    await pageA.keyboard.press('Escape');

    await createTeam(pageA, 'Rocket crew');
    teamUrl = pageA.url();
    expect(new URL(teamUrl).pathname).toMatch(/^\/handler\/team-settings\/[0-9a-f-]{36}$/);
    // The new team is selected, and the creator may do everything.
    for (const name of ['Team profile', 'Members', 'Invite a member', 'Pending invitations', 'Delete team'])
      await region(pageA, name).waitFor();
    await pageA.screenshot({ path: '/tmp/signet-team-settings.png', fullPage: true });
    await pageA.goto(stack.appUrl);
    await expect(switcherOf(pageA).getAttribute('aria-label')).resolves.toBe('Team: Rocket crew');
  });

  it('A invites B by email; the invitation is pending', async () => {
    await pageA.goto(teamUrl);
    const invite = region(pageA, 'Invite a member');
    await invite.getByLabel('Email of the person to invite').fill(emailB);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await region(pageA, 'Pending invitations').getByText(emailB).waitFor();
  });

  it('B opens the emailed link signed out, signs up, comes back to it and joins', async () => {
    const link = linkTo(await emailLinking(emailB, 'team-invitation'), 'team-invitation');
    await pageB.goto(link);
    await pageB.getByRole('heading', { name: 'You are invited to join a team' }).waitFor();
    await pageB.getByRole('link', { name: 'Sign up' }).click();
    await pageB.getByRole('tab', { name: 'Email & Password' }).click();
    await pageB.getByRole('textbox', { name: 'Email', exact: true }).fill(emailB);
    await pageB.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await pageB.getByLabel('Repeat password').fill(PASSWORD);
    await pageB.getByRole('button', { name: 'Sign Up', exact: true }).click();

    // Back on the same link, now signed in: the team is named, and so is the account joining.
    await pageB.getByRole('heading', { name: 'You are invited to join Rocket crew' }).waitFor();
    expect(new URL(pageB.url()).pathname).toBe('/handler/team-invitation');
    await pageB.getByText(emailB).first().waitFor();
    await pageB.getByRole('button', { name: 'Join' }).click();
    await pageB.getByRole('heading', { name: 'You joined Rocket crew' }).waitFor();
  });

  it('B sees the members and pending invitations, but no rename, remove, revoke or delete controls', async () => {
    await pageB.getByRole('link', { name: 'Open team settings' }).click();
    await pageB.getByRole('heading', { name: 'Rocket crew', level: 1 }).waitFor();
    const members = region(pageB, 'Members');
    await members
      .getByText(emailA)
      .or(members.getByText(/Unnamed member|team-owner/))
      .first()
      .waitFor();
    await expect(members.getByRole('listitem').count()).resolves.toBe(2);
    expect(await members.getByRole('button', { name: 'Remove' }).count()).toBe(0);
    for (const name of ['Team profile', 'Delete team'])
      expect(await region(pageB, name).count(), name).toBe(0);
    // A plain member (the default 'member': $read_members and $invite_members) may invite, see
    // what is pending and leave, but revokes nothing.
    await region(pageB, 'Leave team').waitFor();
    await region(pageB, 'Invite a member').waitFor();
    await region(pageB, 'Pending invitations').waitFor();
    expect(await pageB.getByRole('button', { name: 'Revoke' }).count()).toBe(0);
    await pageB.screenshot({ path: '/tmp/signet-team-settings-phone.png', fullPage: true });
    // Nothing is wider than the phone.
    const overflow = await pageB.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await pageB.goto(stack.appUrl);
    await expect(switcherOf(pageB).getAttribute('aria-label')).resolves.toBe('Team: Rocket crew');
  });

  it('A removes B, and B’s switcher no longer lists the team', async () => {
    await pageA.goto(teamUrl);
    const members = region(pageA, 'Members');
    await expect.poll(() => members.getByRole('listitem').count()).toBe(2);
    await members.getByRole('button', { name: 'Remove' }).click();
    await members.getByRole('button', { name: 'Yes, remove' }).click();
    await expect.poll(() => members.getByRole('listitem').count()).toBe(1);

    // B's page, loaded before the removal, learns it when the switcher opens.
    await switcherOf(pageB).click();
    await pageB.getByText('No teams yet').waitFor();
    await pageB.keyboard.press('Escape');
    await expect(switcherOf(pageB).getAttribute('aria-label')).resolves.toBe('Select a team');
  });

  it('A renames the team, switches to another, and the choice survives a reload', async () => {
    await pageA.goto(teamUrl);
    const profile = region(pageA, 'Team profile');
    await profile.getByLabel('Team name').fill('Moon crew');
    await profile.getByRole('button', { name: 'Save' }).click();
    await profile.getByText('Saved').waitFor();
    await pageA.getByRole('heading', { name: 'Moon crew', level: 1 }).waitFor();

    await createTeam(pageA, 'Second crew');
    await pageA.goto(stack.appUrl);
    await expect(switcherOf(pageA).getAttribute('aria-label')).resolves.toBe('Team: Second crew');
    // From the keyboard: open, move to the other team, choose it.
    await switcherOf(pageA).focus();
    await pageA.keyboard.press('Enter');
    await pageA.getByRole('listbox', { name: 'Teams' }).waitFor();
    await pageA.screenshot({ path: '/tmp/signet-team-switcher.png' });
    for (const name of ['Moon crew', 'Second crew'])
      await expect(pageA.getByRole('option', { name, exact: true }).count()).resolves.toBe(1);
    await pageA.getByRole('option', { name: 'Moon crew' }).click();
    await expect.poll(() => switcherOf(pageA).getAttribute('aria-label')).toBe('Team: Moon crew');
    await pageA.reload();
    await expect.poll(() => switcherOf(pageA).getAttribute('aria-label')).toBe('Team: Moon crew');
  });

  it('A deletes the team after typing its name', async () => {
    await pageA.goto(teamUrl);
    const danger = region(pageA, 'Delete team');
    await danger.getByRole('button', { name: 'Delete team' }).click();
    const confirm = danger.getByRole('button', { name: 'Delete this team' });
    await danger.getByRole('textbox').fill('Moon');
    await confirm.click();
    // Not the name: nothing happens.
    await pageA.getByRole('heading', { name: 'Moon crew', level: 1 }).waitFor();
    await danger.getByRole('textbox').fill('Moon crew');
    await confirm.click();
    await expect
      .poll(() => new URL(pageA.url()).pathname, { timeout: 15_000 })
      .not.toContain(teamUrl.split('/').at(-1));
    const listbox = await openSwitcher(pageA);
    await expect(listbox.getByRole('option', { name: 'Moon crew' }).count()).resolves.toBe(0);
    await listbox.getByRole('option', { name: 'Second crew' }).waitFor();
    await pageA.keyboard.press('Escape');
    // The deleted team's page now says so, and leads home.
    await pageA.goto(teamUrl);
    await pageA
      .getByText(/not found/i)
      .first()
      .waitFor();
  });

  it('B sees an invitation to a verified email in account settings, and Decline removes it', async () => {
    // B proves the address from the sign-up email first: invitations show for verified emails only.
    await pageB.goto(linkTo(await emailLinking(emailB, 'email-verification'), 'email-verification'));
    await pageB
      .getByText(/verified/i)
      .first()
      .waitFor();

    // A invites B to the other team.
    await pageA.goto(stack.appUrl);
    await switcherOf(pageA).click();
    await pageA.getByRole('link', { name: 'Settings of Second crew' }).click();
    const invite = region(pageA, 'Invite a member');
    await invite.getByLabel('Email of the person to invite').fill(emailB);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await region(pageA, 'Pending invitations').getByText(emailB).waitFor();

    await pageB.goto(`${stack.appUrl}/handler/account-settings#teams`);
    const teamsSection = region(pageB, 'Teams');
    await teamsSection.getByText('Second crew').first().waitFor();
    await teamsSection.getByRole('button', { name: 'Decline' }).click();
    const confirm = teamsSection.getByRole('button', { name: /^Yes, decline/ });
    if (await confirm.count()) await confirm.click();
    await teamsSection.getByText('No pending invitations').waitFor();
    // Declined is final: A's pending list no longer has it.
    await pageA.reload();
    await region(pageA, 'Pending invitations').waitFor();
    await expect.poll(() => region(pageA, 'Pending invitations').getByText(emailB).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
