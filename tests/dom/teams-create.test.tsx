/**
 * Creating a team in a DOM against a fake API: the name's message, a project that forbids it,
 * signed out, success selecting the team and opening its settings (or a trusted return target).
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreateTeamForm, CreateTeamPage } from '../../plugins/teams/create-team.js';
import { teams } from '../../plugins/teams/index.js';
import { clientUserJson, json, type Route } from '../support/fake-api.js';
import { renderWithApp } from './render-app.js';

afterEach(() => cleanup());

const teamJson = (id: string, name: string) => ({
  id,
  display_name: name,
  profile_image_url: null,
  client_metadata: null,
  client_read_only_metadata: null,
});
const calls = (requests: Request[], method: string, path: string) =>
  requests.filter((r) => r.method === method && new URL(r.url).pathname === `/api/v1${path}`);

describe('creating a team', () => {
  function createPage(
    options: { enabled?: boolean; signedIn?: boolean; query?: string; routes?: Record<string, Route> } = {},
  ) {
    const navigate = vi.fn();
    let user = clientUserJson('u1');
    const rendered = renderWithApp(
      <CreateTeamPage rest={[]} searchParams={new URLSearchParams(options.query ?? '')} />,
      {
        plugins: [teams()],
        userId: options.signedIn === false ? undefined : 'u1',
        config: { client_team_creation_enabled: options.enabled ?? true },
        redirectMethod: { navigate },
        pageUrl: 'http://app.test/handler/create-team',
        routes: {
          'GET /users/me': () => json(user),
          'POST /teams': async (request) =>
            json(teamJson('t9', ((await request.json()) as { display_name: string }).display_name), 201),
          'GET /teams': () => json({ items: [teamJson('t9', 'Acme')], is_paginated: false }),
          'PATCH /users/me': async (request) => {
            user = { ...user, ...((await request.json()) as object) };
            return json(user);
          },
          ...options.routes,
        },
      },
    );
    return { ...rendered, navigate };
  }

  it('asks for a name before sending anything', async () => {
    const { requests } = createPage();
    const name = await screen.findByLabelText('Team name');
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create team' }));
    expect(await screen.findByText('Please enter a team name')).toBeTruthy();
    expect(document.activeElement).toBe(name);
    expect(calls(requests, 'POST', '/teams')).toEqual([]);
    fireEvent.change(name, { target: { value: 'A' } });
    expect(screen.queryByText('Please enter a team name')).toBeNull();
  });

  it('creates the team, selects it and opens its settings page', async () => {
    const { requests, app, navigate } = createPage();
    fireEvent.change(await screen.findByLabelText('Team name'), { target: { value: '  Acme ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create team' }));
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/handler/team-settings/t9', { replace: false }),
    );
    expect(await calls(requests, 'POST', '/teams')[0]!.clone().json()).toEqual({
      display_name: 'Acme',
      creator_user_id: 'me',
    });
    expect(await calls(requests, 'PATCH', '/users/me')[0]!.clone().json()).toEqual({
      selected_team_id: 't9',
    });
    expect(app.user.value?.selectedTeamId).toBe('t9');
  });

  it('goes to a trusted after_auth_return_to instead, and ignores an untrusted one', async () => {
    const { navigate } = createPage({ query: 'after_auth_return_to=%2Fprojects%3Fnew%3D1' });
    fireEvent.change(await screen.findByLabelText('Team name'), { target: { value: 'Acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create team' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/projects?new=1', { replace: false }));
    cleanup();

    const other = createPage({ query: 'after_auth_return_to=https%3A%2F%2Fevil.test%2F' });
    fireEvent.change(await screen.findByLabelText('Team name'), { target: { value: 'Acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create team' }));
    await waitFor(() =>
      expect(other.navigate).toHaveBeenCalledWith('/handler/team-settings/t9', { replace: false }),
    );
  });

  it('a project that forbids client team creation: a message and no form', async () => {
    createPage({ enabled: false });
    expect(await screen.findByRole('heading', { name: 'Team creation is not enabled' })).toBeTruthy();
    expect(screen.queryByLabelText('Team name')).toBeNull();
  });

  it("the server's refusal (the setting changed meanwhile) in words", async () => {
    createPage({
      routes: {
        'POST /teams': () =>
          new Response('Client team creation is disabled for this project', { status: 403 }),
      },
    });
    fireEvent.change(await screen.findByLabelText('Team name'), { target: { value: 'Acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create team' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Team creation is not enabled for this app.');
  });

  it('signed out: the signed-out card', async () => {
    createPage({ signedIn: false });
    expect(await screen.findByRole('heading', { name: 'You are not currently signed in.' })).toBeTruthy();
  });

  it('the form alone calls onCreated with the new team', async () => {
    const onCreated = vi.fn();
    renderWithApp(<CreateTeamForm onCreated={onCreated} />, {
      plugins: [teams()],
      userId: 'u1',
      config: { client_team_creation_enabled: true },
      routes: {
        'POST /teams': () => json(teamJson('t5', 'Beta'), 201),
        'GET /teams': () => json({ items: [teamJson('t5', 'Beta')], is_paginated: false }),
      },
    });
    fireEvent.change(screen.getByLabelText('Team name'), { target: { value: 'Beta' } });
    fireEvent.submit(screen.getByLabelText('Team name').closest('form')!);
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(onCreated.mock.calls[0]![0]).toMatchObject({ id: 't5', displayName: 'Beta' });
  });
});
