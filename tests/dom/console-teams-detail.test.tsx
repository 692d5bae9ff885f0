/**
 * The console's team page in a DOM against an in-memory admin API: the permissions of a team of
 * twelve come from one request (not one per member), grant and revoke change one member's line
 * without reloading, a member is added from a user search and removed after a confirmation,
 * invitations go to the project's trusted domain (or the page says why it cannot send one) and
 * are revoked, and the team is deleted only once its name is typed.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import TeamDetailPage from '../../console/src/pages/team-detail/index.js';
import { type FakeOptions, fakeAdmin, renderPage } from './console-teams-fake.js';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

const memberItem = (name: string) =>
  screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement;

async function openTeam(options: FakeOptions = {}) {
  const fake = fakeAdmin({ members: 12, ...options });
  const page = renderPage(
    <TeamDetailPage params={{ projectId: 'p', teamId: 't1' }} />,
    fake,
    options.domains,
  );
  await screen.findByRole('heading', { level: 1, name: 'Acme' });
  await screen.findByRole('heading', { level: 3, name: 'Member 12' });
  return { fake, ...page };
}

describe('console team page: members and permissions', () => {
  it('loads the permissions of all twelve members in one request and shows each member’s', async () => {
    const { fake } = await openTeam();
    const permissionRequests = fake.sent().filter((r) => r.startsWith('GET /team-permissions'));
    expect(permissionRequests).toEqual(['GET /team-permissions?team_id=t1&recursive=false']);
    expect(fake.sent().filter((r) => r.startsWith('GET /users'))).toEqual(['GET /users?team_id=t1']);
    expect(fake.sent().filter((r) => r.startsWith('GET /team-permission-definitions'))).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: 'Members (12)' })).toBeTruthy();
    for (let i = 1; i <= 12; i++) {
      const item = within(memberItem(`Member ${i}`));
      expect(item.getByRole('list', { name: `Permissions of Member ${i}` }).textContent).toContain('member');
      // What `member` contains is worked out from the definitions, not asked per member.
      expect(item.getByText(/Also holds, through those: \$invite_members, \$read_members/)).toBeTruthy();
    }
  });

  it('grants and revokes a member’s permission without reloading the team’s', async () => {
    const { fake } = await openTeam();
    const item = within(memberItem('Member 3'));
    fireEvent.change(item.getByLabelText('Permission to grant to Member 3'), {
      target: { value: '$delete_team' },
    });
    fireEvent.click(item.getByRole('button', { name: 'Grant to Member 3' }));
    expect(await item.findByRole('button', { name: 'Revoke $delete_team from Member 3' })).toBeTruthy();
    expect(fake.grants().some((g) => g.user_id === 'u3' && g.id === '$delete_team')).toBe(true);
    expect(await screen.findByText('Granted $delete_team to Member 3')).toBeTruthy();
    // Granted ones are no longer offered.
    const offered = [
      ...(item.getByLabelText('Permission to grant to Member 3') as HTMLSelectElement).options,
    ];
    expect(offered.map((o) => o.value)).not.toContain('$delete_team');

    fireEvent.click(item.getByRole('button', { name: 'Revoke member from Member 3' }));
    await waitFor(() =>
      expect(item.queryByRole('button', { name: 'Revoke member from Member 3' })).toBeNull(),
    );
    expect(fake.grants().some((g) => g.user_id === 'u3' && g.id === 'member')).toBe(false);
    expect(item.queryByText(/Also holds/)).toBeNull();
    // Other members are untouched, and nothing was reloaded.
    expect(
      within(memberItem('Member 4')).getByRole('button', { name: 'Revoke member from Member 4' }),
    ).toBeTruthy();
    expect(fake.sent().filter((r) => r.startsWith('GET /team-permissions'))).toHaveLength(1);
    expect(fake.sent().filter((r) => /^(POST|DELETE) \/team-permissions\//.test(r))).toEqual([
      'POST /team-permissions/t1/u3/%24delete_team',
      'DELETE /team-permissions/t1/u3/member',
    ]);
  });

  it('removes a member only after the confirmation', async () => {
    const { fake } = await openTeam();
    const item = within(memberItem('Member 2'));
    fireEvent.click(item.getByRole('button', { name: 'Remove' }));
    expect(fake.sent().some((r) => r.startsWith('DELETE'))).toBe(false);
    fireEvent.click(item.getByRole('button', { name: 'Remove member' }));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 3, name: 'Member 2' })).toBeNull());
    expect(fake.sent().filter((r) => r.startsWith('DELETE'))).toEqual(['DELETE /team-memberships/t1/u2']);
    expect(screen.getByRole('heading', { level: 2, name: 'Members (11)' })).toBeTruthy();
  });

  it('filters a large team’s members on the page, without asking the server again', async () => {
    const { fake } = await openTeam();
    const before = fake.sent().length;
    fireEvent.change(screen.getByLabelText('Filter members'), { target: { value: 'member1' } });
    const members = within(screen.getByRole('region', { name: 'Members (12)' }));
    const shown = members.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(shown).toEqual(['Member 1', 'Member 10', 'Member 11', 'Member 12']);
    fireEvent.change(screen.getByLabelText('Filter members'), { target: { value: 'nobody' } });
    expect(screen.getByText('No member matches the filter')).toBeTruthy();
    expect(fake.sent()).toHaveLength(before);
  });

  it('adds an existing user found by email, with the member defaults read for that user alone', async () => {
    const { fake } = await openTeam({ outsiders: ['grace@example.com'] });
    fireEvent.change(screen.getByLabelText('Find a user by email'), { target: { value: 'grace' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Add grace@example.com' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'grace@example.com' })).toBeTruthy();
    expect(fake.sent()).toContain('GET /users?limit=10&query=grace');
    expect(fake.sent()).toContain('POST /team-memberships/t1/o0');
    expect(fake.sent()).toContain('GET /team-permissions?team_id=t1&user_id=o0&recursive=false');
    expect(
      within(memberItem('grace@example.com')).getByRole('list', { name: /Permissions of/ }).textContent,
    ).toContain('member');
    expect(within(screen.getByRole('list', { name: 'Matching users' })).getByText('Member')).toBeTruthy();
  });
});

describe('console team page: invitations', () => {
  it('says why no invitation can be sent when the project has no trusted domain', async () => {
    const { fake } = await openTeam();
    expect(screen.queryByLabelText('Email to invite')).toBeNull();
    expect(screen.getByRole('link', { name: 'Add a trusted domain' }).getAttribute('href')).toBe(
      '/console/projects/p/domains',
    );
    expect(fake.sent().some((r) => r.includes('send-code'))).toBe(false);
  });

  it('sends an invitation leading to the trusted domain’s team-invitation page, lists it and revokes it', async () => {
    const { fake } = await openTeam({
      domains: [{ domain: 'https://app.example', handler_path: '/handler' }],
    });
    fireEvent.change(screen.getByLabelText('Email to invite'), { target: { value: 'not an email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Enter an email address, such as name@example.com.')).toBeTruthy();
    expect(fake.sent().some((r) => r.includes('send-code'))).toBe(false);

    fireEvent.change(screen.getByLabelText('Email to invite'), { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    const pending = within(screen.getByRole('region', { name: 'Pending invitations' }));
    expect(await pending.findByText('new@example.com')).toBeTruthy();
    const send = fake.requests.find((r) => r.url.endsWith('/team-invitations/send-code'))!;
    expect(await send.json()).toEqual({
      team_id: 't1',
      email: 'new@example.com',
      callback_url: 'https://app.example/handler/team-invitation',
    });

    fireEvent.click(pending.getByRole('button', { name: 'Revoke' }));
    fireEvent.click(pending.getByRole('button', { name: 'Revoke invitation' }));
    expect(await pending.findByText('No pending invitations')).toBeTruthy();
    expect(fake.invitations()).toEqual([]);
  });
});

describe('console team page: rename and delete', () => {
  it('renames the team', async () => {
    const { fake } = await openTeam();
    fireEvent.change(screen.getByLabelText('Team name'), { target: { value: 'Acme Labs' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Labs' })).toBeTruthy();
    expect(fake.teams[0]!.display_name).toBe('Acme Labs');
  });

  it('deletes nothing until the team’s name is typed, then deletes it and goes back to the teams', async () => {
    const { fake } = await openTeam();
    const region = within(screen.getByRole('region', { name: 'Delete team' }));
    fireEvent.click(region.getByRole('button', { name: 'Delete team' }));
    const field = region.getByLabelText('Type the team’s name “Acme” to confirm');
    fireEvent.click(region.getByRole('button', { name: 'Delete this team' }));
    expect(await region.findByText('Type “Acme” exactly to confirm.')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'Acme ' } });
    fireEvent.click(region.getByRole('button', { name: 'Delete this team' }));
    await region.findByText('Type “Acme” exactly to confirm.');
    expect(fake.sent().some((r) => r.startsWith('DELETE'))).toBe(false);

    fireEvent.change(field, { target: { value: 'Acme' } });
    fireEvent.click(region.getByRole('button', { name: 'Delete this team' }));
    await waitFor(() => expect(window.location.pathname).toBe('/console/projects/p/teams'));
    expect(fake.sent().filter((r) => r.startsWith('DELETE'))).toEqual(['DELETE /teams/t1']);
    expect(fake.teams.map((t) => t.id)).toEqual(['t2']);
  });

  it('shows a team the project does not have as an error in words', async () => {
    const fake = fakeAdmin();
    renderPage(<TeamDetailPage params={{ projectId: 'p', teamId: 'gone' }} />, fake);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The team could not be loaded. Team not found.',
    );
    expect(screen.getByRole('link', { name: '← All teams' })).toBeTruthy();
  });
});
