/**
 * The teams plugin's team pages in a DOM against a fake API: the team-settings page and the
 * "Teams" section of account settings, both made of the team-sections slot. Every gate is checked
 * (a control the user may not use is absent), and the page asks for the user's permissions once
 * per team however many gated controls and members it shows.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { teams } from '../../plugins/teams/index.js';
import { teamsScreens } from '../../plugins/teams/screens.js';
import {
  AccountSettingsPage,
  defineScreens,
  type ScreenContribution,
  SignetHandler,
} from '../../react/index.js';
import type { SystemPermissionId } from '../../wire/index.js';
import { clientUserJson, json, knownError, type Route } from '../support/fake-api.js';
import { renderWithApp } from './render-app.js';

afterEach(() => cleanup());

const ALL: SystemPermissionId[] = [
  '$update_team',
  '$delete_team',
  '$read_members',
  '$remove_members',
  '$invite_members',
];
const except = (...left: SystemPermissionId[]) => ALL.filter((id) => !left.includes(id));

const teamJson = (id: string, name: string) => ({
  id,
  display_name: name,
  profile_image_url: null as string | null,
  client_metadata: null,
  client_read_only_metadata: null,
});
const memberJson = (teamId: string, userId: string, name: string | null) => ({
  team_id: teamId,
  user_id: userId,
  display_name: name,
  profile_image_url: null,
});

interface FakeTeams {
  /** The user's permissions, by team id. */
  permissions?: Record<string, readonly string[]>;
  selectedTeamId?: string | null;
  /** Extra members of t1 besides the user (u1, "Ada"). */
  others?: number;
  received?: unknown[];
}

/**
 * A small in-memory teams server for user u1: teams t1 "Acme" and t2 "Beta", members and pending
 * invitations of t1; leaving, deleting, removing, inviting and revoking change what it answers.
 */
function fakeTeams(options: FakeTeams = {}) {
  const permissions = options.permissions ?? { t1: ALL, t2: ALL };
  let selected = options.selectedTeamId ?? null;
  let list = [teamJson('t1', 'Acme'), teamJson('t2', 'Beta')];
  let members = [
    memberJson('t1', 'u1', 'Ada'),
    ...Array.from({ length: options.others ?? 1 }, (_, i) =>
      memberJson('t1', `u${i + 2}`, i === 0 ? 'Grace' : `Member ${i + 2}`),
    ),
  ];
  let invitations = [
    {
      id: 'i1',
      team_id: 't1',
      recipient_email: 'new@example.com',
      expires_at_millis: Date.now() + 6.2 * 86_400_000,
    },
  ];
  let myName: string | null = 'Ada';
  const query = (request: Request, name: string) => new URL(request.url).searchParams.get(name);
  const routes: Record<string, Route> = {
    'GET /users/me': () => json({ ...clientUserJson('u1'), display_name: 'Ada', selected_team_id: selected }),
    'GET /teams': () => json({ items: list, is_paginated: false }),
    'GET /team-permissions': (request) => {
      const teamId = query(request, 'team_id')!;
      const items = (permissions[teamId] ?? []).map((id) => ({ id, team_id: teamId, user_id: 'u1' }));
      return json({ items, is_paginated: false });
    },
    'GET /team-member-profiles': (request) =>
      (permissions[query(request, 'team_id')!] ?? []).includes('$read_members')
        ? json({ items: members.filter((m) => m.team_id === query(request, 'team_id')), is_paginated: false })
        : knownError('TEAM_PERMISSION_REQUIRED', 'no', { permission_id: '$read_members' }, 401),
    'GET /team-member-profiles/t1/me': () => json(memberJson('t1', 'u1', myName)),
    'GET /team-member-profiles/t2/me': () => json(memberJson('t2', 'u1', myName)),
    'PATCH /team-member-profiles/t1/me': async (request) => {
      const body = (await request.json()) as { display_name?: string | null };
      myName = body.display_name ?? null;
      return json(memberJson('t1', 'u1', myName ?? 'Ada'));
    },
    'PATCH /teams/t1': async (request) => {
      const body = (await request.json()) as { display_name?: string; profile_image_url?: string | null };
      list = list.map((t) =>
        t.id === 't1'
          ? {
              ...t,
              ...(body.display_name !== undefined && { display_name: body.display_name }),
              ...(body.profile_image_url !== undefined && { profile_image_url: body.profile_image_url }),
            }
          : t,
      );
      return json(list.find((t) => t.id === 't1'));
    },
    'DELETE /teams/t1': () => {
      list = list.filter((t) => t.id !== 't1');
      if (selected === 't1') selected = null;
      return json({ success: true });
    },
    'DELETE /team-memberships/t1/me': () => {
      list = list.filter((t) => t.id !== 't1');
      if (selected === 't1') selected = null;
      return json({ success: true });
    },
    'DELETE /team-memberships/t1/u2': () => {
      members = members.filter((m) => m.user_id !== 'u2');
      return json({ success: true });
    },
    'GET /team-invitations': (request) => {
      if (query(request, 'user_id') === 'me')
        return json({ items: options.received ?? [], is_paginated: false });
      return json({ items: invitations.filter((i) => i.team_id === query(request, 'team_id')) });
    },
    'POST /team-invitations/send-code': async (request) => {
      const body = (await request.json()) as { email: string; team_id: string };
      if (body.email === 'untrusted@example.com')
        return knownError('REDIRECT_URL_NOT_WHITELISTED', 'Redirect URL not whitelisted.');
      invitations = [
        ...invitations,
        {
          id: 'i2',
          team_id: body.team_id,
          recipient_email: body.email,
          expires_at_millis: Date.now() + 7 * 86_400_000,
        },
      ];
      return json({ success: true, id: 'i2' });
    },
    'DELETE /team-invitations/i1': () => {
      invitations = invitations.filter((i) => i.id !== 'i1');
      return json({ success: true });
    },
  };
  return routes;
}

const calls = (requests: Request[], method: string, path: string | RegExp) =>
  requests.filter((r) => {
    const at = new URL(r.url).pathname.replace('/api/v1', '');
    return r.method === method && (typeof path === 'string' ? at === path : path.test(at));
  });
const bodyOf = async (request: Request | undefined) => request!.clone().json();
const region = (name: string, within_: HTMLElement = document.body) =>
  within(within_).findByRole('region', { name });
const noRegion = (name: string) => expect(screen.queryByRole('region', { name })).toBeNull();

function teamPage(
  options: FakeTeams & {
    teamId?: string;
    screens?: ScreenContribution[];
    routes?: Record<string, Route>;
  } = {},
) {
  const navigate = vi.fn();
  const path = `/handler/team-settings${options.teamId === '' ? '' : `/${options.teamId ?? 't1'}`}`;
  const rendered = renderWithApp(<SignetHandler path={path} />, {
    plugins: [teams()],
    screens: [teamsScreens(), ...(options.screens ?? [])],
    userId: 'u1',
    pageUrl: `http://app.test${path}`,
    redirectMethod: { navigate },
    routes: { ...fakeTeams(options), ...options.routes },
  });
  return { ...rendered, navigate };
}

/** A third-party plugin's team sections: one shown for t1, one never, one its hook hides. */
const Invoices = ({ teamId }: { teamId: string }) => <p>Invoices of {teamId}</p>;
const Never = () => <p>never</p>;
const billing = defineScreens({
  id: 'billing',
  teamSections: [
    {
      id: 'billing',
      title: 'Billing',
      description: 'Plans and invoices.',
      order: 35,
      when: ({ teamId, user }) => teamId === 't1' && user?.id === 'u1',
      Component: Invoices,
    },
    { id: 'hidden', title: 'Never', when: () => false, Component: Never },
    { id: 'gated', title: 'Gated', useShown: () => false, Component: Never },
  ],
});

/** Waits for the page's sections (the leave section is always there). */
const sectionsShown = () => region('Leave team');

describe('team settings page', () => {
  it('shows the team with every section to a member holding every permission, asking for the permissions once', async () => {
    const { requests } = teamPage({ others: 12 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme' })).toBeTruthy();
    await sectionsShown();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Your profile in this team',
      'Team profile',
      'Members',
      'Invite a member',
      'Pending invitations',
      'Leave team',
      'Delete team',
    ]);
    const nav = screen.getByRole('navigation', { name: 'Team sections' });
    expect(within(nav).getByRole('link', { name: 'Members' }).getAttribute('href')).toBe('#members');
    expect(document.getElementById('members')).toBe(await region('Members'));

    const members = await region('Members');
    const list = await within(members).findByRole('list', { name: 'Members' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(13);
    const self = list.querySelector<HTMLElement>('[data-member="u1"]')!;
    expect(within(self).getByText('You')).toBeTruthy();
    // Yourself: never Remove (leaving is the Leave section); every other member: Remove.
    expect(within(self).queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(within(members).getAllByRole('button', { name: 'Remove' })).toHaveLength(12);

    const pending = await region('Pending invitations');
    await within(pending).findByText('new@example.com');
    expect(within(pending).getByText(/^Expires in 6 days/)).toBeTruthy();
    expect(within(pending).getByRole('button', { name: 'Revoke' })).toBeTruthy();

    // Thirteen members, two lists and seven gated sections with their nav links: one permission list.
    await waitFor(() => expect(calls(requests, 'GET', '/team-member-profiles/t1/me')).toHaveLength(1));
    const asked = calls(requests, 'GET', '/team-permissions');
    expect(asked).toHaveLength(1);
    expect(new URL(asked[0]!.url).searchParams.get('team_id')).toBe('t1');
    expect(new URL(asked[0]!.url).searchParams.get('recursive')).toBe('true');
    expect(calls(requests, 'GET', '/team-member-profiles')).toHaveLength(1);
    expect(calls(requests, 'GET', '/team-invitations')).toHaveLength(1);
  });

  it('a member with no permission sees only their profile in the team and leaving it, and no list is asked for', async () => {
    const { requests } = teamPage({ permissions: { t1: [] } });
    await sectionsShown();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Your profile in this team',
      'Leave team',
    ]);
    const nav = screen.getByRole('navigation', { name: 'Team sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Your profile in this team', 'Leave team']);
    expect(screen.queryByRole('list', { name: 'Members' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(screen.queryByLabelText('Team name')).toBeNull();
    expect(calls(requests, 'GET', '/team-member-profiles')).toEqual([]);
    expect(calls(requests, 'GET', '/team-invitations')).toEqual([]);
    expect(calls(requests, 'GET', '/team-permissions')).toHaveLength(1);
  });

  it('without $read_members: no member list and no pending invitations (the members are never asked for)', async () => {
    const { requests } = teamPage({ permissions: { t1: except('$read_members') } });
    await sectionsShown();
    noRegion('Members');
    noRegion('Pending invitations');
    expect(screen.queryByRole('list', { name: 'Members' })).toBeNull();
    expect(await region('Invite a member')).toBeTruthy();
    expect(calls(requests, 'GET', '/team-member-profiles')).toEqual([]);
    expect(calls(requests, 'GET', '/team-invitations')).toEqual([]);
  });

  it('without $remove_members: the members and invitations are listed with no Remove and no Revoke', async () => {
    teamPage({ permissions: { t1: except('$remove_members') } });
    const members = await region('Members');
    await within(members).findByText('Grace');
    expect(within(members).queryByRole('button', { name: 'Remove' })).toBeNull();
    const pending = await region('Pending invitations');
    await within(pending).findByText('new@example.com');
    expect(within(pending).queryByRole('button', { name: 'Revoke' })).toBeNull();
  });

  it('without $update_team: no team-profile form', async () => {
    teamPage({ permissions: { t1: except('$update_team') } });
    await sectionsShown();
    noRegion('Team profile');
    expect(screen.queryByLabelText('Team name')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload image' })).toBeNull();
    expect(await region('Members')).toBeTruthy();
  });

  it('without $invite_members: no invite form and no pending list', async () => {
    const { requests } = teamPage({ permissions: { t1: except('$invite_members') } });
    await sectionsShown();
    noRegion('Invite a member');
    noRegion('Pending invitations');
    expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull();
    expect(calls(requests, 'GET', '/team-invitations')).toEqual([]);
    expect(await region('Members')).toBeTruthy();
  });

  it('without $delete_team: no delete', async () => {
    teamPage({ permissions: { t1: except('$delete_team') } });
    await sectionsShown();
    noRegion('Delete team');
    expect(screen.queryByRole('button', { name: 'Delete team' })).toBeNull();
    expect(await region('Team profile')).toBeTruthy();
  });

  it('deletes the team only once its exact name is typed, then says so and moves on to account settings', async () => {
    const { requests, navigate, app } = teamPage();
    const section = await region('Delete team');
    fireEvent.click(within(section).getByRole('button', { name: 'Delete team' }));
    const field = within(section).getByLabelText('Type “Acme” to confirm');
    for (const wrong of ['', 'acme', 'Acme ', 'Acm']) {
      fireEvent.change(field, { target: { value: wrong } });
      fireEvent.click(within(section).getByRole('button', { name: 'Delete this team' }));
      expect(await within(section).findByText('Type “Acme” exactly to confirm.')).toBeTruthy();
    }
    expect(calls(requests, 'DELETE', '/teams/t1')).toEqual([]);

    fireEvent.change(field, { target: { value: 'Acme' } });
    expect(within(section).queryByText('Type “Acme” exactly to confirm.')).toBeNull();
    const listed = calls(requests, 'GET', '/teams').length;
    fireEvent.click(within(section).getByRole('button', { name: 'Delete this team' }));
    expect(await screen.findByRole('heading', { name: 'Acme was deleted' })).toBeTruthy();
    expect(calls(requests, 'DELETE', '/teams/t1')).toHaveLength(1);
    expect(calls(requests, 'GET', '/teams').length).toBe(listed + 1);
    const teamsNow = app.teams.list.value;
    expect(teamsNow.status === 'ok' && teamsNow.data.map((t) => t.id)).toEqual(['t2']);
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/handler/account-settings', { replace: true }),
    );
  });

  it('Escape steps back from deleting; nothing is sent', async () => {
    const { requests } = teamPage();
    const section = await region('Delete team');
    fireEvent.click(within(section).getByRole('button', { name: 'Delete team' }));
    fireEvent.keyDown(within(section).getByLabelText('Type “Acme” to confirm'), { key: 'Escape' });
    expect(within(section).queryByLabelText('Type “Acme” to confirm')).toBeNull();
    expect(within(section).getByRole('button', { name: 'Delete team' })).toBeTruthy();
    expect(calls(requests, 'DELETE', '/teams/t1')).toEqual([]);
  });

  it('leaves the team after confirming: the list and the selection update without a reload, and the page moves on', async () => {
    const { requests, navigate, app } = teamPage({ selectedTeamId: 't1' });
    await waitFor(() => expect(app.teams.selected.value?.id).toBe('t1'));
    const section = await region('Leave team');
    fireEvent.click(within(section).getByRole('button', { name: 'Leave team' }));
    expect(within(section).getByText('Leave Acme?')).toBeTruthy();
    expect(calls(requests, 'DELETE', '/team-memberships/t1/me')).toEqual([]);
    fireEvent.click(within(section).getByRole('button', { name: 'Yes, leave' }));
    expect(await screen.findByRole('heading', { name: 'You left Acme' })).toBeTruthy();
    expect(calls(requests, 'DELETE', '/team-memberships/t1/me')).toHaveLength(1);
    const list = app.teams.list.value;
    expect(list.status === 'ok' && list.data.map((t) => t.id)).toEqual(['t2']);
    expect(app.teams.selected.value).toBeNull();
    expect(app.user.value?.selectedTeamId).toBeNull();
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/handler/account-settings', { replace: true }),
    );
  });

  it('removes another member after a question naming them, and the list follows', async () => {
    const { requests } = teamPage();
    const members = await region('Members');
    const grace = (await within(members).findByText('Grace')).closest('li')!;
    fireEvent.click(within(grace).getByRole('button', { name: 'Remove' }));
    expect(within(grace).getByText('Remove Grace from Acme?')).toBeTruthy();
    fireEvent.click(within(grace).getByRole('button', { name: 'Yes, remove' }));
    expect(await within(members).findByText('Grace was removed from the team.')).toBeTruthy();
    expect(calls(requests, 'DELETE', '/team-memberships/t1/u2')).toHaveLength(1);
    await waitFor(() => expect(within(members).queryByText('Grace')).toBeNull());
  });

  it('invites by email to the app’s team-invitation page, says so, and the pending list follows', async () => {
    const { requests } = teamPage();
    const section = await region('Invite a member');
    const field = within(section).getByLabelText('Email of the person to invite');
    fireEvent.change(field, { target: { value: 'nope' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Send invitation' }));
    expect(await within(section).findByText('Please enter a valid email')).toBeTruthy();
    expect(calls(requests, 'POST', '/team-invitations/send-code')).toEqual([]);

    fireEvent.change(field, { target: { value: ' grace@example.com ' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Send invitation' }));
    expect(await within(section).findByText('An invitation was sent to grace@example.com.')).toBeTruthy();
    expect(await bodyOf(calls(requests, 'POST', '/team-invitations/send-code')[0])).toEqual({
      team_id: 't1',
      email: 'grace@example.com',
      callback_url: 'http://app.test/handler/team-invitation',
    });
    expect((within(section).getByLabelText('Email of the person to invite') as HTMLInputElement).value).toBe(
      '',
    );
    const pending = await region('Pending invitations');
    expect(await within(pending).findByText('grace@example.com')).toBeTruthy();
  });

  it('says in words why an invitation to an untrusted page was not sent', async () => {
    teamPage();
    const section = await region('Invite a member');
    fireEvent.change(within(section).getByLabelText('Email of the person to invite'), {
      target: { value: 'untrusted@example.com' },
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Send invitation' }));
    expect(await within(section).findByText(/a domain the project does not trust/)).toBeTruthy();
    expect(within(section).queryByRole('status')).toBeNull();
  });

  it('revokes a pending invitation after confirming', async () => {
    const { requests } = teamPage();
    const pending = await region('Pending invitations');
    await within(pending).findByText('new@example.com');
    fireEvent.click(within(pending).getByRole('button', { name: 'Revoke' }));
    fireEvent.click(within(pending).getByRole('button', { name: 'Yes, revoke' }));
    expect(await within(pending).findByText('No pending invitations')).toBeTruthy();
    expect(calls(requests, 'DELETE', '/team-invitations/i1')).toHaveLength(1);
    expect(
      new URL(calls(requests, 'DELETE', '/team-invitations/i1')[0]!.url).searchParams.get('team_id'),
    ).toBe('t1');
  });

  it('renames the team: the heading follows the list', async () => {
    const { requests } = teamPage();
    const section = await region('Team profile');
    const field = within(section).getByLabelText('Team name');
    fireEvent.change(field, { target: { value: '  ' } });
    fireEvent.submit(field.closest('form')!);
    expect(await within(section).findByText('Please enter a name')).toBeTruthy();
    fireEvent.change(field, { target: { value: ' Acme Labs ' } });
    fireEvent.submit(field.closest('form')!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Labs' })).toBeTruthy();
    expect(await bodyOf(calls(requests, 'PATCH', '/teams/t1')[0])).toEqual({ display_name: 'Acme Labs' });
    // The list (and so the heading) may follow before the form's own status says so.
    await waitFor(() => expect(within(section).getByRole('status').textContent).toBe('Saved'));
  });

  it('removes the team image', async () => {
    const { requests } = teamPage({
      routes: {
        'GET /teams': () =>
          json({
            items: [{ ...teamJson('t1', 'Acme'), profile_image_url: 'data:image/png;base64,iVBORw0KGgo=' }],
          }),
      },
    });
    const section = await region('Team profile');
    expect(within(section).getByRole('img', { name: 'Team image' })).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Remove image' }));
    await waitFor(() => expect(calls(requests, 'PATCH', '/teams/t1')).toHaveLength(1));
    expect(await bodyOf(calls(requests, 'PATCH', '/teams/t1')[0])).toEqual({ profile_image_url: null });
  });

  it('changes the user’s name in the team, and an empty name falls back to the account’s', async () => {
    const { requests } = teamPage();
    const section = await region('Your profile in this team');
    const field = (await within(section).findByLabelText('Your name in this team')) as HTMLInputElement;
    expect(field.value).toBe('Ada');
    expect(within(section).getByText(/Leave it empty to use the name of your account \(Ada\)/)).toBeTruthy();
    fireEvent.change(field, { target: { value: 'Ada L.' } });
    fireEvent.submit(field.closest('form')!);
    expect(await within(section).findByText('Saved')).toBeTruthy();
    fireEvent.change(field, { target: { value: ' ' } });
    fireEvent.submit(field.closest('form')!);
    expect(await within(section).findByText('Saved: this team shows the name of your account.')).toBeTruthy();
    const patches = calls(requests, 'PATCH', '/team-member-profiles/t1/me');
    expect(await bodyOf(patches[0])).toEqual({ display_name: 'Ada L.' });
    expect(await bodyOf(patches[1])).toEqual({ display_name: null });
  });

  it('shows a third-party plugin’s team section, whose `when` sees the team, in its order', async () => {
    teamPage({ screens: [billing] });
    const section = await region('Billing');
    expect(within(section).getByText('Invoices of t1')).toBeTruthy();
    expect(within(section).getByText('Plans and invoices.')).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.indexOf('Billing')).toBe(headings.indexOf('Members') + 1);
    expect(screen.queryByText('Never')).toBeNull();
    expect(screen.queryByText('Gated')).toBeNull();
    expect(within(screen.getByRole('navigation')).getByRole('link', { name: 'Billing' })).toBeTruthy();
  });

  it('a team the user is not in is "Team not found" with a way home; nothing about it is asked for', async () => {
    const { requests } = teamPage({ teamId: 't9' });
    expect(await screen.findByRole('heading', { name: 'Team not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/');
    // The list was loaded once more, in case the team was joined elsewhere meanwhile.
    expect(calls(requests, 'GET', '/teams')).toHaveLength(2);
    expect(calls(requests, 'GET', '/team-permissions')).toEqual([]);
    expect(calls(requests, 'GET', /\/team-member-profiles/)).toEqual([]);
  });

  it('a team joined since the list was loaded is found by loading the list once more', async () => {
    let loads = 0;
    teamPage({
      teamId: 't3',
      routes: {
        'GET /teams': () =>
          json({
            items: ++loads === 1 ? [teamJson('t1', 'Acme')] : [teamJson('t1', 'Acme'), teamJson('t3', 'New')],
          }),
        'GET /team-member-profiles/t3/me': () => json(memberJson('t3', 'u1', 'Ada')),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'New' })).toBeTruthy();
  });

  it('no team id: "Team not found"', async () => {
    teamPage({ teamId: '' });
    expect(await screen.findByRole('heading', { name: 'Team not found' })).toBeTruthy();
  });

  it('signed out: the signed-out card', async () => {
    renderWithApp(<SignetHandler path="/handler/team-settings/t1" />, {
      plugins: [teams()],
      screens: [teamsScreens()],
    });
    expect(await screen.findByRole('heading', { name: 'You are not currently signed in.' })).toBeTruthy();
  });

  it('says when the permissions cannot be loaded, and tries again', async () => {
    let fail = true;
    const routes = fakeTeams();
    teamPage({
      routes: {
        'GET /team-permissions': (request) =>
          fail ? new Response('down', { status: 500 }) : routes['GET /team-permissions']!(request),
      },
    });
    expect(await screen.findByText(/Your permissions in this team could not be loaded/)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await region('Members')).toBeTruthy();
  });
});

describe('teams section of account settings', () => {
  const account = (
    options: FakeTeams & { config?: Record<string, unknown>; routes?: Record<string, Route> } = {},
  ) =>
    renderWithApp(<AccountSettingsPage />, {
      plugins: [teams()],
      screens: [teamsScreens()],
      userId: 'u1',
      pageUrl: 'http://app.test/handler/account-settings',
      config: options.config,
      routes: { ...fakeTeams(options), ...options.routes },
    });
  const entry = (section: HTMLElement, teamId: string) =>
    section.querySelector<HTMLElement>(`[data-team="${teamId}"]`)!;

  it('lists the teams with the selected one marked and a link to each one’s page; no team is asked about until opened', async () => {
    const { requests } = account({ selectedTeamId: 't2' });
    const section = await region('Teams');
    await within(section).findByText('Acme');
    const acme = within(entry(section, 't1'));
    const beta = within(entry(section, 't2'));
    await beta.findByText('Selected');
    expect(acme.queryByText('Selected')).toBeNull();
    expect(acme.getByRole('link', { name: 'Settings page of Acme' }).getAttribute('href')).toBe(
      '/handler/team-settings/t1',
    );
    expect(acme.getByRole('button', { name: 'Manage' }).getAttribute('aria-expanded')).toBe('false');
    expect(calls(requests, 'GET', '/team-permissions')).toEqual([]);
  });

  it('opens a team’s sections inline, from the same slot, gated the same way, one permission request per team', async () => {
    const { requests } = account({ permissions: { t1: ALL, t2: [] } });
    const section = await region('Teams');
    await within(section).findByText('Acme');
    fireEvent.click(within(entry(section, 't1')).getByRole('button', { name: 'Manage' }));
    fireEvent.click(within(entry(section, 't2')).getByRole('button', { name: 'Manage' }));
    const acme = await region('Manage Acme');
    const beta = await region('Manage Beta');
    await region('Members', acme);
    expect(
      within(acme)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'Your profile in this team',
      'Team profile',
      'Members',
      'Invite a member',
      'Pending invitations',
      'Leave team',
      'Delete team',
    ]);
    await region('Leave team', beta);
    expect(
      within(beta)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Your profile in this team', 'Leave team']);
    // Anchors carry the team, so two teams' sections never share an id.
    expect(acme.querySelector('#team-t1-members')).toBeTruthy();
    expect(beta.querySelector('#team-t2-leave-team')).toBeTruthy();
    await within(acme).findByText('Grace');
    const asked = calls(requests, 'GET', '/team-permissions').map((r) =>
      new URL(r.url).searchParams.get('team_id'),
    );
    expect(asked.sort()).toEqual(['t1', 't2']);
  });

  it('leaving a team from its inline sections takes it off the list without a reload', async () => {
    const { requests } = account();
    const section = await region('Teams');
    await within(section).findByText('Acme');
    fireEvent.click(within(entry(section, 't1')).getByRole('button', { name: 'Manage' }));
    const leave = await region('Leave team', await region('Manage Acme'));
    fireEvent.click(within(leave).getByRole('button', { name: 'Leave team' }));
    fireEvent.click(within(leave).getByRole('button', { name: 'Yes, leave' }));
    expect(await within(section).findByText('You left Acme.')).toBeTruthy();
    expect(within(section).queryByText('Acme')).toBeNull();
    expect(within(section).getByText('Beta')).toBeTruthy();
    expect(calls(requests, 'DELETE', '/team-memberships/t1/me')).toHaveLength(1);
  });

  it('"No teams yet", the received invitations under their heading, and "Create a team" only where clients may', async () => {
    account({
      routes: { 'GET /teams': () => json({ items: [] }) },
      received: [
        {
          id: 'r1',
          team_id: 't7',
          team_display_name: 'Gamma',
          recipient_email: 'u1@example.com',
          expires_at_millis: Date.now() + 86_400_000 * 3,
        },
      ],
    });
    const section = await region('Teams');
    expect(await within(section).findByText('No teams yet')).toBeTruthy();
    const invitations = await region('Invitations', section);
    expect(await within(invitations).findByText('Gamma')).toBeTruthy();
    expect(within(section).queryByRole('link', { name: 'Create a team' })).toBeNull();
    cleanup();

    account({ config: { client_team_creation_enabled: true } });
    const allowed = await region('Teams');
    expect((await within(allowed).findByRole('link', { name: 'Create a team' })).getAttribute('href')).toBe(
      '/handler/create-team',
    );
  });
});
