/**
 * The team switcher in a DOM against a fake API: the listbox's keyboard (open, move, Home/End,
 * type-ahead, choose, Escape), choosing saves `selected_team_id` and reports the team, the entries
 * around the list, and the one request it makes however many teams there are.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RedirectMethod } from '../../core/index.js';
import { teams } from '../../plugins/teams/index.js';
import { TeamSwitcher, type TeamSwitcherProps } from '../../plugins/teams/team-switcher.js';
import { clientUserJson, json, type Route } from '../support/fake-api.js';
import { renderWithApp } from './render-app.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const teamJson = (id: string, name: string) => ({
  id,
  display_name: name,
  profile_image_url: null,
  client_metadata: null,
  client_read_only_metadata: null,
});
const THREE = [teamJson('a', 'Alpha'), teamJson('b', 'Beta'), teamJson('g', 'Gamma')];

/** Requests to the teams API (anything but the user and the project). */
const teamRequests = (requests: Request[]) =>
  requests.filter((r) => /\/api\/v1\/team/.test(new URL(r.url).pathname));

function switcher(
  options: {
    list?: ReturnType<typeof teamJson>[];
    selected?: string | null;
    props?: TeamSwitcherProps;
    config?: Parameters<typeof renderWithApp>[1]['config'];
    routes?: Record<string, Route>;
    redirectMethod?: RedirectMethod;
    signedOut?: boolean;
  } = {},
) {
  let user = { ...clientUserJson('u1'), selected_team_id: options.selected ?? null };
  return renderWithApp(<TeamSwitcher {...options.props} />, {
    plugins: [teams()],
    userId: options.signedOut ? undefined : 'u1',
    config: options.config,
    redirectMethod: options.redirectMethod,
    pageUrl: 'http://app.test/dashboard',
    routes: {
      'GET /users/me': () => json(user),
      'GET /teams': () => json({ items: options.list ?? THREE, is_paginated: false }),
      'PATCH /users/me': async (request) => {
        user = { ...user, ...((await request.json()) as object) };
        return json(user);
      },
      'GET /team-invitations': () => json({ items: [], is_paginated: false }),
      ...options.routes,
    },
  });
}

const key = (element: Element, name: string) => fireEvent.keyDown(element, { key: name });
/** The name of an option: its text without the avatar's initial (hidden from screen readers). */
const nameOf = (option: Element | null | undefined) =>
  option?.querySelector('span:not([aria-hidden])')?.textContent;
/** The name of the list's active option (`aria-activedescendant`). */
const active = (listbox: HTMLElement) =>
  nameOf(document.getElementById(listbox.getAttribute('aria-activedescendant') ?? ''));

describe('team switcher', () => {
  it('opens with Enter on the selected team, moves with the arrows and Home/End, chooses with Enter', async () => {
    const onChange = vi.fn();
    const { requests, app } = switcher({ selected: 'a', props: { onChange } });
    const button = await screen.findByRole('button', { name: 'Team: Alpha' });
    expect(button.getAttribute('aria-haspopup')).toBe('listbox');
    expect(button.getAttribute('aria-expanded')).toBe('false');

    key(button, 'Enter');
    const listbox = screen.getByRole('listbox', { name: 'Teams' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(listbox);
    expect(active(listbox)).toBe('Alpha');
    expect(screen.getByRole('option', { name: 'Alpha' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('option', { name: 'Beta' }).getAttribute('aria-selected')).toBe('false');

    key(listbox, 'ArrowDown');
    expect(active(listbox)).toBe('Beta');
    key(listbox, 'End');
    expect(active(listbox)).toBe('Gamma');
    key(listbox, 'ArrowDown'); // stays on the last
    expect(active(listbox)).toBe('Gamma');
    key(listbox, 'Home');
    expect(active(listbox)).toBe('Alpha');
    key(listbox, 'ArrowUp'); // stays on the first
    expect(active(listbox)).toBe('Alpha');
    key(listbox, 'ArrowDown');
    key(listbox, 'ArrowDown');
    key(listbox, 'Enter');

    expect(screen.queryByRole('listbox')).toBeNull();
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange.mock.calls[0]![0]).toMatchObject({ id: 'g', displayName: 'Gamma' });
    const patches = requests.filter((r) => r.method === 'PATCH');
    expect(patches).toHaveLength(1);
    expect(await patches[0]!.clone().json()).toEqual({ selected_team_id: 'g' });
    expect(app.user.value?.selectedTeamId).toBe('g');
    const after = await screen.findByRole('button', { name: 'Team: Gamma' });
    expect(document.activeElement).toBe(after);
  });

  it('opens with ArrowDown, closes with Escape and gives focus back to the button; Space chooses', async () => {
    switcher();
    const button = await screen.findByRole('button', { name: 'Select a team' });
    key(button, 'ArrowDown');
    const listbox = screen.getByRole('listbox');
    // Nothing selected: the first team is active.
    expect(active(listbox)).toBe('Alpha');
    key(listbox, 'Escape');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(button);

    // ArrowUp opens on the last team when none is selected.
    key(button, 'ArrowUp');
    expect(active(screen.getByRole('listbox'))).toBe('Gamma');
    key(screen.getByRole('listbox'), ' ');
    expect(await screen.findByRole('button', { name: 'Team: Gamma' })).toBeTruthy();
  });

  it('jumps to a team by its first letters, cycling on a repeated letter', async () => {
    switcher({
      list: [
        teamJson('1', 'Apple'),
        teamJson('2', 'Banana'),
        teamJson('3', 'Blueberry'),
        teamJson('4', 'Cherry'),
      ],
    });
    key(await screen.findByRole('button', { name: 'Select a team' }), 'Enter');
    const listbox = screen.getByRole('listbox');
    // Type-ahead forgets what was typed after a pause: the test moves the clock instead of waiting.
    let now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    key(listbox, 'c');
    expect(active(listbox)).toBe('Cherry');
    now += 1000;
    key(listbox, 'b');
    expect(active(listbox)).toBe('Banana');
    key(listbox, 'b');
    expect(active(listbox)).toBe('Blueberry');
    now += 1000;
    key(listbox, 'B');
    key(listbox, 'a');
    expect(active(listbox)).toBe('Banana');
  });

  it('closes on a click outside, without taking the focus', async () => {
    switcher();
    fireEvent.click(await screen.findByRole('button', { name: 'Select a team' }));
    expect(screen.getByRole('listbox')).toBeTruthy();
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('chooses with a click, links each team to its settings page and makes one request however many teams', async () => {
    const many = Array.from({ length: 30 }, (_, i) => teamJson(`t${i}`, `Team ${i}`));
    const { requests } = switcher({ list: many, props: { showInvitations: false } });
    const button = await screen.findByRole('button', { name: 'Select a team' });
    expect(teamRequests(requests).map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'GET /api/v1/teams',
    ]);
    fireEvent.click(button);
    expect(screen.getAllByRole('option')).toHaveLength(30);
    const settings = within(screen.getByRole('list', { name: 'Team settings' }));
    expect(settings.getByRole('link', { name: 'Settings of Team 7' }).getAttribute('href')).toBe(
      '/handler/team-settings/t7',
    );
    // Opening revalidates the list once (a team left or deleted elsewhere shows): the same one
    // request, never one per team.
    await waitFor(() =>
      expect(teamRequests(requests).map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
        'GET /api/v1/teams',
        'GET /api/v1/teams',
      ]),
    );
    fireEvent.click(screen.getByRole('option', { name: 'Team 7' }));
    expect(await screen.findByRole('button', { name: 'Team: Team 7' })).toBeTruthy();
    // Choosing reads nothing more: the PATCH answer is the new user.
    expect(teamRequests(requests)).toHaveLength(2);
  });

  it('says "No teams yet", and offers "Create a team" only when the project lets clients create teams', async () => {
    switcher({ list: [] });
    fireEvent.click(await screen.findByRole('button', { name: 'Select a team' }));
    expect(screen.getByText('No teams yet')).toBeTruthy();
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create a team' })).toBeNull();
    // Escape still closes an empty popover.
    key(screen.getByText('No teams yet'), 'Escape');
    expect(screen.queryByText('No teams yet')).toBeNull();
    cleanup();

    switcher({ list: [], config: { client_team_creation_enabled: true } });
    fireEvent.click(await screen.findByRole('button', { name: 'Select a team' }));
    expect(screen.getByRole('link', { name: 'Create a team' }).getAttribute('href')).toBe(
      '/handler/create-team',
    );
  });

  it('offers "No team" with allowNone, and goes where urlMap says after a choice', async () => {
    const navigate = vi.fn();
    const onChange = vi.fn();
    const { requests } = switcher({
      selected: 'b',
      redirectMethod: { navigate },
      props: { allowNone: true, onChange, urlMap: (team) => (team ? `/t/${team.id}` : '/personal') },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Team: Beta' }));
    expect(screen.getAllByRole('option').map(nameOf)).toEqual(['No team', 'Alpha', 'Beta', 'Gamma']);
    fireEvent.click(screen.getByRole('option', { name: 'No team' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/personal', { replace: false }));
    expect(onChange).toHaveBeenCalledWith(null);
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(await patch!.clone().json()).toEqual({ selected_team_id: null });
    expect(await screen.findByRole('button', { name: 'Select a team' })).toBeTruthy();
    // "No team" is now the chosen option.
    fireEvent.click(screen.getByRole('button', { name: 'Select a team' }));
    expect(screen.getByRole('option', { name: 'No team' }).getAttribute('aria-selected')).toBe('true');
  });

  it('choosing the selected team again changes nothing', async () => {
    const onChange = vi.fn();
    const { requests } = switcher({ selected: 'a', props: { onChange } });
    key(await screen.findByRole('button', { name: 'Team: Alpha' }), 'Enter');
    key(screen.getByRole('listbox'), 'Enter');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    expect(requests.filter((r) => r.method === 'PATCH')).toEqual([]);
  });

  it('counts the pending invitations once the list opens, linking to account settings', async () => {
    const { requests } = switcher({
      routes: {
        'GET /team-invitations': () =>
          json({
            items: [
              {
                id: 'i1',
                team_id: 'x',
                recipient_email: 'u1@example.com',
                expires_at_millis: Date.now() + 1e6,
                team_display_name: 'X',
              },
              {
                id: 'i2',
                team_id: 'y',
                recipient_email: 'u1@example.com',
                expires_at_millis: Date.now() + 1e6,
                team_display_name: 'Y',
              },
            ],
            is_paginated: false,
          }),
      },
    });
    const button = await screen.findByRole('button', { name: 'Select a team' });
    expect(teamRequests(requests)).toHaveLength(1);
    fireEvent.click(button);
    const link = await screen.findByRole('link', { name: /Pending invitations/ });
    expect(link.textContent).toBe('Pending invitations 2');
    expect(link.getAttribute('href')).toBe('/handler/account-settings#teams');
  });

  it('says in words when the choice could not be saved', async () => {
    switcher({ routes: { 'PATCH /users/me': () => new Response('boom', { status: 500 }) } });
    fireEvent.click(await screen.findByRole('button', { name: 'Select a team' }));
    fireEvent.click(screen.getByRole('option', { name: 'Beta' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^The team could not be selected: /);
    expect(screen.getByRole('button', { name: 'Select a team' })).toBeTruthy();
  });

  it('shows a placeholder while loading, and a failed load with a retry', async () => {
    let fail = true;
    switcher({
      routes: {
        'GET /teams': () =>
          fail ? new Response('down', { status: 500 }) : json({ items: THREE, is_paginated: false }),
      },
    });
    expect(screen.getByRole('status', { name: 'Loading teams' })).toBeTruthy();
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toMatch(
      /^Your teams could not be loaded: /,
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Select a team' })).toBeTruthy();
  });

  it('renders nothing and asks nothing when signed out', async () => {
    const { container, requests, app } = switcher({ signedOut: true });
    await waitFor(() => expect(app.status.value).toBe('signed-out'));
    expect(container.innerHTML).toBe('');
    expect(teamRequests(requests)).toEqual([]);
  });
});
