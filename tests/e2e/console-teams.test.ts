/**
 * The console's Teams pages in Chromium, against `npm start`, walked as a project admin would: the
 * first account made in the console owns the development project; it creates and renames a team,
 * defines a permission, changes the team settings, then on the team's page (twelve members, their
 * permissions loaded in one request) adds an existing user found by email, grants and revokes a
 * permission, invites someone by email (the email arrives, linking to the app's invitation page),
 * revokes the invitation, removes a member and deletes the team after typing its name. Every page
 * passes axe with no serious or critical violation, at 1280 and 768 px wide.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMailbox } from '../support/outbox.js';
import { launchChromium } from './support/browser.js';
import { checkConsolePage, openConsoleTab, region, signUpInConsole } from './support/console.js';
import { type DevStack, startDevStack } from './support/dev-stack.js';

const suffix = randomUUID().slice(0, 8);
const OWNER = `console-owner-${suffix}@example.com`;
const NEWCOMER = `newcomer-${suffix}@example.com`;
const INVITEE = `invitee-${suffix}@example.com`;
const PASSWORD = 'correct horse 1';

let stack: DevStack;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

/** Calls the development project's API with its secret server key (or admin key). */
async function api(path: string, init: { method?: string; body?: unknown; admin?: boolean } = {}) {
  const { projectId, secretServerKey, superSecretAdminKey } = stack.project;
  const response = await fetch(`${stack.apiUrl}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      'x-stack-project-id': projectId,
      ...(init.admin
        ? { 'x-stack-access-type': 'admin', 'x-stack-super-secret-admin-key': superSecretAdminKey }
        : { 'x-stack-access-type': 'server', 'x-stack-secret-server-key': secretServerKey }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  expect(response.ok, `${init.method ?? 'GET'} ${path}: ${response.status} ${text}`).toBe(true);
  return text ? JSON.parse(text) : null;
}

const memberItem = (name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

beforeAll(async () => {
  stack = await startDevStack();
  browser = await launchChromium();
  page = await openConsoleTab(browser, pageErrors);
}, 200_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('console teams pages', () => {
  let teamsUrl = '';
  let teamUrl = '';

  it('signs the first owner up in the console and opens the development project’s teams', async () => {
    await signUpInConsole(page, stack.apiUrl, OWNER, PASSWORD);

    teamsUrl = `${stack.apiUrl}/console/projects/${stack.project.projectId}/teams`;
    await page.goto(teamsUrl);
    await page.getByRole('heading', { level: 1, name: 'Teams' }).waitFor();
    await region(page, 'Permission definitions').getByRole('button', { name: 'Edit member' }).waitFor();
    await checkConsolePage(page, 'teams page');
  }, 60_000);

  it('creates a team, renames it, and finds it by search', async () => {
    const teams = region(page, 'Teams');
    await teams.getByLabel('New team’s display name').fill('Walk team');
    await teams.getByRole('button', { name: 'Create team' }).click();
    await teams.getByRole('link', { name: 'Walk team', exact: true }).waitFor();

    await teams.getByRole('button', { name: 'Rename Walk team' }).click();
    await teams.getByLabel('Team name').fill('Walk crew');
    await teams.getByRole('button', { name: 'Save' }).click();
    await teams.getByRole('link', { name: 'Walk crew', exact: true }).waitFor();

    await teams.getByLabel('Search teams').fill('crew');
    await teams.getByText(/^1 of \d+ teams$/).waitFor();
    teamUrl = `${stack.apiUrl}${await teams.getByRole('link', { name: 'Walk crew' }).getAttribute('href')}`;
    const listed = (await api('/teams')).items as { display_name: string }[];
    expect(listed.map((t) => t.display_name)).toContain('Walk crew');
  }, 60_000);

  it('defines a permission containing a system one, and makes it a default for new members', async () => {
    const definitions = region(page, 'Permission definitions');
    await definitions.getByRole('button', { name: 'New permission' }).click();
    await definitions.getByLabel('Permission ID').fill('billing:read');
    await definitions.getByLabel('Description').fill('See the invoices');
    await definitions
      .getByRole('group', { name: /Contained permissions/ })
      .getByRole('checkbox', { name: /\$read_members/ })
      .check();
    await definitions.getByRole('button', { name: 'Create permission' }).click();
    await definitions.getByRole('button', { name: 'Edit billing:read' }).waitFor();
    await checkConsolePage(page, 'teams page with a permission of its own');

    const settings = region(page, 'Team settings');
    await settings
      .getByRole('group', { name: 'Permissions of new members' })
      .getByRole('checkbox', { name: /billing:read/ })
      .check();
    await settings.getByRole('checkbox', { name: /Create a personal team on sign-up/ }).check();
    await settings.getByRole('button', { name: 'Save team settings' }).click();
    await page.getByText('Team settings saved').waitFor();
    const project = await api('/projects/current', { admin: true });
    expect(project.config.create_team_on_sign_up).toBe(true);
    expect(project.config.team_member_default_permissions).toEqual(
      expect.arrayContaining([{ id: 'billing:read' }, { id: 'member' }]),
    );

    await checkConsolePage(page, 'teams page', {
      onScreenAt768: [
        region(page, 'Teams').getByRole('button', { name: 'Create team' }),
        region(page, 'Teams').getByRole('button', { name: 'Rename Walk crew' }),
        region(page, 'Permission definitions').getByRole('button', { name: 'Edit billing:read' }),
        settings.getByRole('button', { name: 'Save team settings' }),
      ],
    });
    await checkConsolePage(page, 'teams page at 1280 px after 768 px');
  }, 60_000);

  it('loads a team of twelve members’ permissions in one request, and adds an existing user found by email', async () => {
    const teamId = decodeURIComponent(teamUrl.split('/').at(-1)!);
    for (let i = 1; i <= 12; i++) {
      const user = await api('/users', {
        method: 'POST',
        body: { primary_email: `member${i}-${suffix}@example.com`, display_name: `Member ${i}` },
      });
      await api(`/team-memberships/${teamId}/${user.id}`, { method: 'POST', body: {} });
    }
    await api('/users', { method: 'POST', body: { primary_email: NEWCOMER, display_name: 'Newcomer' } });
    // The invitation's link must lead to a trusted domain: the example app's.
    await api('/projects/current', {
      method: 'PATCH',
      admin: true,
      body: { config: { domains: [{ domain: stack.appUrl, handler_path: '/handler' }] } },
    });

    const permissionRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/team-permissions'))
        permissionRequests.push(request.url());
    });
    await page.goto(teamUrl);
    await page.getByRole('heading', { level: 1, name: 'Walk crew' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Members (12)' }).waitFor();
    await memberItem('Member 11').getByRole('list', { name: 'Permissions of Member 11' }).waitFor();
    expect(permissionRequests).toHaveLength(1);
    expect(new URL(permissionRequests[0]!).searchParams.get('user_id')).toBeNull();
    await checkConsolePage(page, 'team page');

    await page.getByLabel('Find a user by email').fill(NEWCOMER.slice(0, 12));
    await page.getByRole('button', { name: 'Add Newcomer' }).click();
    await page.getByRole('heading', { level: 2, name: 'Members (13)' }).waitFor();
    // The member defaults (now with billing:read) show for the newcomer.
    await memberItem('Newcomer').getByRole('button', { name: 'Revoke billing:read from Newcomer' }).waitFor();
  }, 90_000);

  it('grants and revokes a member’s permission, and the server holds what the page shows', async () => {
    const teamId = decodeURIComponent(teamUrl.split('/').at(-1)!);
    const member = memberItem('Member 3');
    await member.getByLabel('Permission to grant to Member 3').selectOption('$update_team');
    await member.getByRole('button', { name: 'Grant to Member 3' }).click();
    await member.getByRole('button', { name: 'Revoke $update_team from Member 3' }).waitFor();
    const user = (await api(`/users?query=${encodeURIComponent(`member3-${suffix}@example.com`)}`)).items[0];
    const held = async () =>
      ((await api(`/team-permissions?team_id=${teamId}&user_id=${user.id}`)).items as { id: string }[]).map(
        (p) => p.id,
      );
    expect(await held()).toContain('$update_team');

    await member.getByRole('button', { name: 'Revoke $update_team from Member 3' }).click();
    await expect
      .poll(async () => (await member.getByRole('button', { name: /Revoke \$update_team/ }).count()) === 0)
      .toBe(true);
    expect(await held()).not.toContain('$update_team');
  }, 60_000);

  it('invites someone by email, whose email links to the app’s invitation page, then revokes it', async () => {
    await page.getByLabel('Email to invite').fill(INVITEE);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    const pending = region(page, 'Pending invitations');
    await pending.getByRole('cell', { name: INVITEE }).waitFor();
    await expect
      .poll(async () => (await readMailbox(stack.mailboxUrl, INVITEE)).length, { timeout: 15_000 })
      .toBeGreaterThan(0);
    const [message] = await readMailbox(stack.mailboxUrl, INVITEE);
    expect(message!.body.text).toContain(`${stack.appUrl}/handler/team-invitation?code=`);

    await pending.getByRole('button', { name: 'Revoke' }).click();
    await pending.getByRole('button', { name: 'Revoke invitation' }).click();
    await pending.getByText('No pending invitations').waitFor();
  }, 60_000);

  it('removes a member after the confirmation', async () => {
    await memberItem('Member 1').getByRole('button', { name: 'Remove' }).click();
    await memberItem('Member 1').getByRole('button', { name: 'Remove member' }).click();
    await page.getByRole('heading', { level: 2, name: 'Members (12)' }).waitFor();
    await checkConsolePage(page, 'team page after changes', {
      onScreenAt768: [
        page.getByRole('button', { name: 'Rename' }),
        memberItem('Member 2').getByRole('button', { name: 'Grant to Member 2' }),
        memberItem('Member 2').getByRole('button', { name: 'Remove' }),
        page.getByRole('button', { name: 'Send invitation' }),
        region(page, 'Delete team').getByRole('button', { name: 'Delete team' }),
      ],
    });
  }, 60_000);

  it('deletes the team only once its name is typed, and goes back to the list', async () => {
    const danger = region(page, 'Delete team');
    await danger.getByRole('button', { name: 'Delete team' }).click();
    await danger.getByRole('button', { name: 'Delete this team' }).click();
    await danger.getByText('Type “Walk crew” exactly to confirm.').waitFor();
    expect(((await api('/teams')).items as { display_name: string }[]).map((t) => t.display_name)).toContain(
      'Walk crew',
    );

    await danger.getByLabel(/to confirm/).fill('Walk crew');
    await danger.getByRole('button', { name: 'Delete this team' }).click();
    await page.waitForURL(teamsUrl);
    await page.getByText('Team “Walk crew” deleted').waitFor();
    expect(
      ((await api('/teams')).items as { display_name: string }[]).map((t) => t.display_name),
    ).not.toContain('Walk crew');
    await checkConsolePage(page, 'teams page after the delete');
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
