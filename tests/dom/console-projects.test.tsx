/**
 * The console's Projects page in a DOM, on the real owner-projects plugin over a fake API: the
 * list searched and sorted, each project linking to its overview, the empty state, and creating a
 * project (checks before sending, the body sent, then the new project opened, the list reloaded
 * and a toast), with the server's refusals in words.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ProjectsPage from '../../console/src/pages/projects/index.js';
import { searchAndSortProjects } from '../../console/src/pages/projects/project-order.js';
import { navigate } from '../../console/src/router/router.js';
import { OwnerProvider } from '../../console/src/shell/owner-context.js';
import { ToastProvider } from '../../console/src/shell/toasts.js';
import { useLoad } from '../../console/src/shell/use-load.js';
import {
  type OwnedProject,
  type OwnerProjectsApi,
  ownerProjects,
} from '../../plugins/owner-projects/index.js';
import { useApp } from '../../react/index.js';
import type { AdminProjectJson } from '../../wire/index.js';
import { json, knownError, type Route } from '../support/fake-api.js';
import { adminProjectJson } from './console-admin-project.js';
import { renderWithApp } from './render-app.js';

afterEach(() => cleanup());
beforeEach(() => navigate('/projects', { replace: true }));

const DAY = 86_400_000;

/** An owner's project `id` named `name`, made at `createdAtMillis`, with three users. */
function projectJson(
  id: string,
  name: string,
  createdAtMillis: number,
  top: Partial<Omit<AdminProjectJson, 'config'>> = {},
) {
  return adminProjectJson(
    { id: `c-${id}`, team_creator_default_permissions: [], team_member_default_permissions: [] },
    { id, display_name: name, description: '', created_at_millis: createdAtMillis, user_count: 3, ...top },
  );
}

/** The signed-in console around the page, as app.tsx builds it: the owner's projects loaded once. */
function SignedInOwner({ children }: { children: ReactNode }) {
  const api = (useApp() as unknown as { ownerProjects: OwnerProjectsApi }).ownerProjects;
  const projects = useLoad(() => api.list(), [api]);
  return (
    <ToastProvider>
      <OwnerProvider value={{ ownerProjects: api, projects }}>{children}</OwnerProvider>
    </ToastProvider>
  );
}

/** The page, opened again (a new visit, the console's list kept) by its Visit again button. */
function Revisitable() {
  const [visit, setVisit] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setVisit((n) => n + 1)}>
        Visit again
      </button>
      <ProjectsPage key={visit} />
    </>
  );
}

function renderPage(items: AdminProjectJson[], routes: Record<string, Route> = {}) {
  let stored = [...items];
  const rendered = renderWithApp(
    <SignedInOwner>
      <Revisitable />
    </SignedInOwner>,
    {
      plugins: [ownerProjects()],
      userId: 'owner',
      routes: {
        'GET /internal/projects': () => json({ items: stored, is_paginated: false }),
        'POST /internal/projects': async (request) => {
          const body = (await request.json()) as { display_name: string };
          const made = projectJson('new-id', body.display_name, Date.now());
          stored = [made, ...stored];
          return json(made, 201);
        },
        ...routes,
      },
    },
  );
  const calls = (method: string) =>
    rendered.requests.filter(
      (r) => r.method === method && new URL(r.url).pathname === '/api/v1/internal/projects',
    );
  return { ...rendered, calls };
}

const rowNames = () =>
  within(screen.getByRole('table', { name: 'Your projects' }))
    .getAllByRole('rowheader')
    .map((cell) => within(cell).getByRole('link').textContent);

const THREE = [
  projectJson('bbb-222', 'beta shop', 3 * DAY),
  projectJson('ccc-333', 'Alpha', 2 * DAY, { is_production_mode: true }),
  projectJson('aaa-111', 'Gamma', 1 * DAY, { description: 'The old one' }),
];

// The first change after the list appears is awaited: the page reads the address through
// useSyncExternalStore, which subscribes in an effect React may not have run yet when the list is
// first found, and catches up with the address when it does.
describe('the projects list', () => {
  it('shows every project newest first, each linking to its overview', async () => {
    renderPage(THREE);
    await screen.findByRole('table', { name: 'Your projects' });
    expect(rowNames()).toEqual(['beta shop', 'Alpha', 'Gamma']);
    expect(screen.getByRole('link', { name: 'Alpha' }).getAttribute('href')).toBe(
      '/console/projects/ccc-333',
    );
    const alpha = screen.getByRole('row', { name: /Alpha/ });
    expect(within(alpha).getByText('Production')).toBeTruthy();
    expect(within(alpha).getByText('ccc-333')).toBeTruthy();
    expect(screen.getByText('The old one')).toBeTruthy();
  });

  it('searches by name or id, ignoring case, and says when nothing matches', async () => {
    renderPage(THREE);
    const search = await screen.findByRole('searchbox', { name: 'Search projects' });
    fireEvent.change(search, { target: { value: '  SHOP ' } });
    await waitFor(() => expect(rowNames()).toEqual(['beta shop']));
    expect(screen.getByRole('status', { hidden: true }).textContent).toContain('1 of 3 projects match');
    fireEvent.change(search, { target: { value: 'aaa-1' } });
    expect(rowNames()).toEqual(['Gamma']);
    expect(window.location.search).toBe('?q=aaa-1');
    fireEvent.change(search, { target: { value: 'nothing like it' } });
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No project matches “nothing like it”')).toBeTruthy();
  });

  it('sorts by name or oldest first', async () => {
    renderPage(THREE);
    const sort = await screen.findByRole('combobox', { name: 'Sort by' });
    fireEvent.change(sort, { target: { value: 'name' } });
    await waitFor(() => expect(rowNames()).toEqual(['Alpha', 'beta shop', 'Gamma']));
    fireEvent.change(sort, { target: { value: 'oldest' } });
    expect(rowNames()).toEqual(['Gamma', 'Alpha', 'beta shop']);
    expect(window.location.search).toBe('?sort=oldest');
    fireEvent.change(sort, { target: { value: 'newest' } });
    expect(window.location.search).toBe('');
  });

  it('opens with the search and order in the address, and ignores an unknown order', async () => {
    navigate('/projects?q=a&sort=name', { replace: true });
    renderPage(THREE);
    await screen.findByRole('table', { name: 'Your projects' });
    expect(rowNames()).toEqual(['Alpha', 'beta shop', 'Gamma']);
    expect((screen.getByRole('searchbox', { name: 'Search projects' }) as HTMLInputElement).value).toBe('a');
    cleanup();
    navigate('/projects?sort=<script>', { replace: true });
    renderPage(THREE);
    await screen.findByRole('table', { name: 'Your projects' });
    expect(rowNames()).toEqual(['beta shop', 'Alpha', 'Gamma']);
    expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).value).toBe('newest');
  });

  it('keeps a stable order for projects made at the same time', () => {
    const same = [projectJson('b', 'Same', 5), projectJson('a', 'Same', 5)].map((p) => ({
      ...p,
      displayName: p.display_name,
      createdAtMillis: p.created_at_millis,
    })) as unknown as OwnedProject[];
    expect(searchAndSortProjects(same, '', 'newest').map((p) => p.id)).toEqual(['a', 'b']);
    expect(searchAndSortProjects(same, '', 'name').map((p) => p.id)).toEqual(['a', 'b']);
  });

  it('says why the list could not be loaded, and loads it again on Try again', async () => {
    let fail = true;
    renderPage(THREE, {
      'GET /internal/projects': () =>
        fail
          ? knownError('USER_AUTHENTICATION_REQUIRED', 'You must sign in.', undefined, 401)
          : json({ items: THREE, is_paginated: false }),
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Your projects could not be loaded.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('table', { name: 'Your projects' });
  });
});

describe('an owner without projects', () => {
  it('sees the empty state and the create form, with no Cancel', async () => {
    renderPage([]);
    expect(await screen.findByText('You have no projects yet')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Create a project' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('creating a project', () => {
  async function openForm(items = THREE, routes: Record<string, Route> = {}) {
    const rendered = renderPage(items, routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Create project' }));
    return rendered;
  }

  it('asks for a name and at least one sign-in method before sending anything', async () => {
    const { calls } = await openForm();
    const name = screen.getByRole('textbox', { name: 'Project name' });
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create project' }));
    expect(await screen.findByText('Enter a name for the project')).toBeTruthy();
    expect(document.activeElement).toBe(name);
    fireEvent.change(name, { target: { value: 'Shop' } });
    expect(screen.queryByText('Enter a name for the project')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Email and password' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create project' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Choose at least one way to sign in');
    expect(calls('POST')).toEqual([]);
  });

  it('fetches the list once on arrival, then again on every later visit, showing the last answer meanwhile', async () => {
    const { calls } = renderPage(THREE);
    expect(await screen.findByRole('table', { name: 'Your projects' })).toBeTruthy();
    // The console's own first load serves the page it opens on.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls('GET')).toHaveLength(1);

    const later = Date.now() + 60_000;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Visit again' }));
      // The last answer stays on screen while the list loads again.
      expect(screen.getByRole('table', { name: 'Your projects' })).toBeTruthy();
      await waitFor(() => expect(calls('GET')).toHaveLength(2));
      // A visit right after that load began does not send another.
      fireEvent.click(screen.getByRole('button', { name: 'Visit again' }));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(calls('GET')).toHaveLength(2);
    } finally {
      clock.mockRestore();
    }
  });

  it('sends the name and the chosen methods, then opens the new project, reloads the list and says so', async () => {
    const { calls } = await openForm();
    fireEvent.change(screen.getByRole('textbox', { name: 'Project name' }), { target: { value: '  Shop ' } });
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'Passkeys', description: /^Fingerprint, face or device PIN/ }),
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'GitHub' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Google' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Google' }));
    const listsBefore = calls('GET').length;
    fireEvent.click(screen.getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(window.location.pathname).toBe('/console/projects/new-id'));
    expect(await calls('POST')[0]!.clone().json()).toEqual({
      display_name: 'Shop',
      config: {
        credential_enabled: true,
        magic_link_enabled: false,
        passkey_enabled: true,
        oauth_providers: [{ id: 'github', enabled: true, type: 'shared' }],
      },
    });
    expect(await screen.findByText('Project “Shop” created')).toBeTruthy();
    await waitFor(() => expect(calls('GET')).toHaveLength(listsBefore + 1));
    await waitFor(() => expect(rowNames()).toContain('Shop'));
  });

  it('shows the server’s refusal in words and lets the owner try again', async () => {
    let refuse = true;
    await openForm(THREE, {
      'POST /internal/projects': () =>
        refuse
          ? knownError('SCHEMA_ERROR', 'Request validation failed on POST /api/v1/internal/projects')
          : json(projectJson('p9', 'Shop', 9 * DAY), 201),
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Project name' }), { target: { value: 'Shop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create project' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The project could not be created.');
    expect(alert.textContent).toContain('Request validation failed');
    expect(window.location.pathname).toBe('/console/projects');
    refuse = false;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create project' }));
    });
    await waitFor(() => expect(window.location.pathname).toBe('/console/projects/p9'));
  });

  it('closes on Cancel without creating anything', async () => {
    const { calls } = await openForm();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region', { name: 'Create a project' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Create project' })).toBeTruthy();
    expect(calls('POST')).toEqual([]);
  });
});
