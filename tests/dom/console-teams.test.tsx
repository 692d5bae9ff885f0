/**
 * The console's Teams page in a DOM against an in-memory admin API: the list searched on the page,
 * a team created, renamed and deleted (nothing deleted before its name is typed), permission
 * definitions (system ones read-only, a bad id refused before any request, create, edit, rename,
 * delete after a confirmation) and the team settings saved into the project config.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import TeamsPage from '../../console/src/pages/teams/index.js';
import { fakeAdmin, renderPage } from './console-teams-fake.js';

afterEach(() => cleanup());

const teamsTable = () => within(screen.getByRole('region', { name: 'Teams' })).getByRole('table');
const definitionsRegion = () => screen.getByRole('region', { name: 'Permission definitions' });
const rowOf = (table: HTMLElement, text: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(text))!;

async function openTeamsPage(options?: Parameters<typeof fakeAdmin>[0]) {
  const fake = fakeAdmin(options);
  const page = renderPage(<TeamsPage params={{ projectId: 'p' }} />, fake);
  await screen.findByRole('link', { name: 'Acme' });
  await within(definitionsRegion()).findByText('member');
  return { fake, ...page };
}

describe('console teams list', () => {
  it('lists every team with a link to its page, and searches on the page without asking the server again', async () => {
    const { fake } = await openTeamsPage();
    expect(screen.getByRole('link', { name: 'Acme' }).getAttribute('href')).toBe(
      '/console/projects/p/teams/t1',
    );
    expect(screen.getByRole('link', { name: 'Beta' })).toBeTruthy();
    expect(within(teamsTable()).getByText('t2')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search teams'), { target: { value: 'bet' } });
    expect(screen.queryByRole('link', { name: 'Acme' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Beta' })).toBeTruthy();
    expect(screen.getByText('1 of 2 teams')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search teams'), { target: { value: 'nothing like it' } });
    expect(screen.getByText('No team matches your search')).toBeTruthy();
    expect(fake.sent().filter((r) => r.startsWith('GET /teams'))).toEqual(['GET /teams']);
  });

  it('creates a team from its name, refusing an empty one before any request', async () => {
    const { fake } = await openTeamsPage();
    fireEvent.click(screen.getByRole('button', { name: 'Create team' }));
    expect(await screen.findByText('Give the team a name.')).toBeTruthy();
    expect(fake.sent().some((r) => r.startsWith('POST /teams'))).toBe(false);

    fireEvent.change(screen.getByLabelText('New team’s display name'), { target: { value: '  Gamma  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create team' }));
    expect(await screen.findByRole('link', { name: 'Gamma' })).toBeTruthy();
    const post = fake.requests.find((r) => r.method === 'POST' && r.url.endsWith('/teams'))!;
    expect(await post.json()).toEqual({ display_name: 'Gamma' });
    expect(await screen.findByText('Team “Gamma” created')).toBeTruthy();
  });

  it('renames a team in its row', async () => {
    const { fake } = await openTeamsPage();
    fireEvent.click(screen.getByRole('button', { name: 'Rename Acme' }));
    const field = screen.getByLabelText('Team name');
    fireEvent.change(field, { target: { value: 'Acme Labs' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('link', { name: 'Acme Labs' })).toBeTruthy();
    expect(fake.teams.find((t) => t.id === 't1')!.display_name).toBe('Acme Labs');
  });

  it('puts the focus back on Rename when the rename form closes with Escape, changing nothing', async () => {
    const { fake } = await openTeamsPage();
    fireEvent.click(screen.getByRole('button', { name: 'Rename Beta' }));
    const field = screen.getByLabelText('Team name');
    expect(document.activeElement).toBe(field);
    fireEvent.keyDown(field, { key: 'Escape' });
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename Beta' })),
    );
    expect(fake.sent().some((r) => r.startsWith('PATCH'))).toBe(false);
  });

  it('deletes a team only once its exact name is typed', async () => {
    const { fake } = await openTeamsPage();
    const row = rowOf(teamsTable(), 'Acme');
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const confirm = within(row).getByRole('button', { name: 'Delete this team' });

    fireEvent.click(confirm);
    expect(await within(row).findByText('Type “Acme” exactly to confirm.')).toBeTruthy();
    fireEvent.change(within(row).getByLabelText('Type “Acme” to confirm'), { target: { value: 'acme' } });
    fireEvent.click(confirm);
    await within(row).findByText('Type “Acme” exactly to confirm.');
    expect(fake.sent().some((r) => r.startsWith('DELETE'))).toBe(false);
    expect(fake.teams.map((t) => t.id)).toEqual(['t1', 't2']);

    fireEvent.change(within(row).getByLabelText('Type “Acme” to confirm'), { target: { value: 'Acme' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Acme' })).toBeNull());
    expect(fake.sent().filter((r) => r.startsWith('DELETE'))).toEqual(['DELETE /teams/t1']);
    expect(await screen.findByText('Team “Acme” deleted')).toBeTruthy();
  });
});

describe('console permission definitions', () => {
  it('shows the system permissions read-only and the project’s own with Edit and Delete', async () => {
    await openTeamsPage();
    const table = within(definitionsRegion()).getByRole('table');
    const system = rowOf(table, '$update_team');
    expect(within(system).getByText('System')).toBeTruthy();
    expect(within(system).queryByRole('button')).toBeNull();
    const own = rowOf(table, 'Default permission for team members');
    expect(within(own).getByRole('button', { name: 'Edit member' })).toBeTruthy();
    expect(within(own).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('refuses an id the server would refuse before sending it, then creates one with what it contains', async () => {
    const { fake } = await openTeamsPage();
    const region = within(definitionsRegion());
    fireEvent.click(region.getByRole('button', { name: 'New permission' }));
    fireEvent.change(region.getByLabelText('Permission ID'), { target: { value: 'Billing Read' } });
    fireEvent.click(region.getByRole('button', { name: 'Create permission' }));
    expect(await region.findByText('Use only lowercase letters, numbers, “:” and “_”.')).toBeTruthy();
    fireEvent.change(region.getByLabelText('Permission ID'), { target: { value: '$billing' } });
    fireEvent.click(region.getByRole('button', { name: 'Create permission' }));
    expect(
      await region.findByText('Ids starting with “$” are reserved for the system permissions.'),
    ).toBeTruthy();
    expect(fake.sent().some((r) => r.startsWith('POST /team-permission-definitions'))).toBe(false);

    fireEvent.change(region.getByLabelText('Permission ID'), { target: { value: 'billing:read' } });
    fireEvent.change(region.getByLabelText('Description'), { target: { value: 'See invoices' } });
    const contained = region.getByRole('group', { name: /Contained permissions/ });
    fireEvent.click(within(contained).getByRole('checkbox', { name: /\$read_members/ }));
    fireEvent.click(region.getByRole('button', { name: 'Create permission' }));
    const table = await region.findByRole('table');
    await waitFor(() => expect(rowOf(table, 'See invoices')).toBeTruthy());
    const post = fake.requests.find(
      (r) => r.method === 'POST' && r.url.includes('team-permission-definitions'),
    )!;
    expect(await post.json()).toEqual({
      id: 'billing:read',
      description: 'See invoices',
      contained_permission_ids: ['$read_members'],
    });
  });

  it('edits what a permission contains and renames it', async () => {
    const { fake } = await openTeamsPage();
    const region = within(definitionsRegion());
    fireEvent.click(region.getByRole('button', { name: 'Edit member' }));
    const contained = region.getByRole('group', { name: /Contained permissions/ });
    // A definition is not offered as its own content.
    expect(within(contained).queryByRole('checkbox', { name: /^member/ })).toBeNull();
    fireEvent.click(within(contained).getByRole('checkbox', { name: /\$invite_members/ }));
    fireEvent.change(region.getByLabelText('Permission ID'), { target: { value: 'reader' } });
    fireEvent.click(region.getByRole('button', { name: 'Save permission' }));
    expect(await region.findByRole('button', { name: 'Edit reader' })).toBeTruthy();
    const patch = fake.requests.find((r) => r.method === 'PATCH')!;
    expect(patch.url).toBe('http://api.test/api/v1/team-permission-definitions/member');
    expect(await patch.json()).toEqual({
      id: 'reader',
      description: 'Default permission for team members',
      contained_permission_ids: ['$read_members'],
    });
  });

  it('deletes a permission only after the confirmation', async () => {
    const { fake } = await openTeamsPage();
    const table = within(definitionsRegion()).getByRole('table');
    const row = rowOf(table, 'Default permission for team members');
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(fake.sent().some((r) => r.startsWith('DELETE'))).toBe(false);
    fireEvent.click(within(row).getByRole('button', { name: 'Delete permission' }));
    await waitFor(() =>
      expect(within(definitionsRegion()).queryByRole('button', { name: 'Edit member' })).toBeNull(),
    );
    expect(fake.sent().filter((r) => r.startsWith('DELETE'))).toEqual([
      'DELETE /team-permission-definitions/member',
    ]);
  });
});

describe('console team settings', () => {
  it('saves team creation, the personal team and both default lists into the project config', async () => {
    const { fake, saved } = await openTeamsPage();
    const region = within(screen.getByRole('region', { name: 'Team settings' }));
    const save = region.getByRole('button', { name: 'Save team settings' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.click(region.getByRole('checkbox', { name: /Users can create teams/ }));
    fireEvent.click(region.getByRole('checkbox', { name: /Create a personal team on sign-up/ }));
    const creator = within(region.getByRole('group', { name: 'Permissions of a team’s creator' }));
    fireEvent.click(creator.getByRole('checkbox', { name: /\$delete_team/ }));
    const member = within(region.getByRole('group', { name: 'Permissions of new members' }));
    fireEvent.click(member.getByRole('checkbox', { name: /^member/ }));
    fireEvent.click(member.getByRole('checkbox', { name: /\$read_members/ }));
    expect(save.disabled).toBe(false);
    fireEvent.click(save);

    expect(await screen.findByText('Team settings saved')).toBeTruthy();
    const patch = fake.requests.find((r) => r.method === 'PATCH' && r.url.endsWith('/projects/current'))!;
    expect(await patch.json()).toEqual({
      config: {
        client_team_creation_enabled: true,
        create_team_on_sign_up: true,
        team_creator_default_permissions: [{ id: '$delete_team' }, { id: 'admin' }],
        team_member_default_permissions: [{ id: '$read_members' }],
      },
    });
    expect(saved.at(-1)?.config.createTeamOnSignUp).toBe(true);
  });
});
