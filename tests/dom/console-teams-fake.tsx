/**
 * The console's teams pages in happy-dom against a small in-memory admin API: the project's teams,
 * users, memberships, direct grants, permission definitions, invitations and config, changed by
 * the requests the pages send. Every request is recorded, so a test can count what a page asked.
 */
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createApp } from 'signet';
import type { AdminProject } from 'signet/plugins/admin-project';
import { type AdminApp, adminPlugins } from '../../console/src/admin/admin-app.js';
import { ProjectAdminProvider } from '../../console/src/admin/admin-context.js';
import { ToastProvider } from '../../console/src/shell/toasts.js';
import { type AdminProjectJson, camelize, type ServerUserJson } from '../../wire/index.js';
import { json, knownError } from '../support/fake-api.js';
import { clientUserJson } from '../support/fake-wire.js';
import { adminProjectJson } from './console-admin-project.js';

const SYSTEM = {
  $delete_team: 'Delete the team',
  $invite_members: 'Invite other users to the team',
  $read_members: 'Read and list the other members of the team',
  $remove_members: 'Remove other members from the team',
  $update_team: 'Update the team information',
} as const;

/** A team of the fake. */
interface FakeTeam {
  id: string;
  display_name: string;
  created_at_millis: number;
}

/** What the fake starts with. */
export interface FakeOptions {
  /** Members of team t1 ("Acme") besides none; users u1..uN named "Member i". */
  members?: number;
  /** Users who are in no team, named by their emails. */
  outsiders?: string[];
  /** Trusted domains of the project. */
  domains?: { domain: string; handler_path: string }[];
}

/** A server user `id` named `name` with `email`. */
export function serverUserJson(id: string, name: string | null, email: string): ServerUserJson {
  return {
    ...clientUserJson(id),
    display_name: name,
    primary_email: email,
    primary_email_auth_enabled: true,
    server_metadata: null,
    last_active_at_millis: 1,
  };
}

/** The admin view of project p, as the server answers it (`config` overriding the fake's). */
function projectPJson(
  domains: FakeOptions['domains'] = [],
  config: Partial<AdminProjectJson['config']> = {},
): AdminProjectJson {
  return adminProjectJson(
    { id: 'c', domains, ...config },
    { id: 'p', display_name: 'Example', description: '', created_at_millis: 1 },
  );
}

/** The admin view of project p (camelCase, as `useProjectAdmin().project` holds it). */
export function adminProjectOf(domains: FakeOptions['domains'] = []): AdminProject {
  return camelize(projectPJson(domains)) as AdminProject;
}

/** The in-memory admin API and its app. */
export function fakeAdmin(options: FakeOptions = {}) {
  const teams: FakeTeam[] = [
    { id: 't1', display_name: 'Acme', created_at_millis: 1_700_000_000_000 },
    { id: 't2', display_name: 'Beta', created_at_millis: 1_700_000_100_000 },
  ];
  const users = new Map<string, ServerUserJson>();
  const memberships: { team_id: string; user_id: string }[] = [];
  let grants: { team_id: string; user_id: string; id: string }[] = [];
  for (let i = 1; i <= (options.members ?? 0); i++) {
    users.set(`u${i}`, serverUserJson(`u${i}`, `Member ${i}`, `member${i}@example.com`));
    memberships.push({ team_id: 't1', user_id: `u${i}` });
    grants.push({ team_id: 't1', user_id: `u${i}`, id: 'member' });
  }
  for (const [i, email] of (options.outsiders ?? []).entries())
    users.set(`o${i}`, serverUserJson(`o${i}`, null, email));
  let definitions = [
    {
      id: 'admin',
      description: 'Default permission for team creators',
      contained_permission_ids: Object.keys(SYSTEM),
    },
    {
      id: 'member',
      description: 'Default permission for team members',
      contained_permission_ids: ['$invite_members', '$read_members'],
    },
  ];
  let invitations: { id: string; team_id: string; recipient_email: string; expires_at_millis: number }[] = [];
  const requests: Request[] = [];

  const teamJson = (team: FakeTeam) => ({
    ...team,
    profile_image_url: null,
    client_metadata: null,
    client_read_only_metadata: null,
    server_metadata: null,
  });
  const allDefinitions = () => [
    ...Object.entries(SYSTEM).map(([id, description]) => ({ id, description, contained_permission_ids: [] })),
    ...definitions,
  ];
  const teamNotFound = () => knownError('TEAM_NOT_FOUND', 'Team not found.', undefined, 404);

  const answer = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const path = url.pathname.replace('/api/v1', '');
    const query = url.searchParams;
    // The fake reads whatever the page sent.
    const body: Record<string, any> = request.method === 'GET' ? {} : await request.json().catch(() => ({}));
    const route = `${request.method} ${path}`;
    let match: RegExpExecArray | null;

    if (route === 'GET /teams') return json({ items: teams.map(teamJson), is_paginated: false });
    if (route === 'POST /teams') {
      const team = {
        id: `t${teams.length + 1}`,
        display_name: body.display_name,
        created_at_millis: Date.now(),
      };
      teams.push(team);
      return json(teamJson(team), 201);
    }
    match = /^(GET|PATCH|DELETE) \/teams\/([^/]+)$/.exec(route);
    if (match) {
      const team = teams.find((t) => t.id === match![2]);
      if (!team) return teamNotFound();
      if (match[1] === 'PATCH') team.display_name = body.display_name ?? team.display_name;
      if (match[1] === 'DELETE') {
        teams.splice(teams.indexOf(team), 1);
        return json({ success: true });
      }
      return json(teamJson(team));
    }
    if (route === 'GET /users') {
      const teamId = query.get('team_id');
      const needle = query.get('query')?.toLowerCase();
      let items = [...users.values()];
      if (teamId)
        items = items.filter((u) => memberships.some((m) => m.team_id === teamId && m.user_id === u.id));
      if (needle) items = items.filter((u) => u.primary_email?.includes(needle));
      return json({
        items: items.slice(0, Number(query.get('limit') ?? 100)),
        is_paginated: true,
        pagination: { next_cursor: null },
      });
    }
    match = /^(POST|DELETE) \/team-memberships\/([^/]+)\/([^/]+)$/.exec(route);
    if (match) {
      const [, method, teamId, userId] = match;
      if (method === 'POST') {
        memberships.push({ team_id: teamId!, user_id: userId! });
        grants.push({ team_id: teamId!, user_id: userId!, id: 'member' });
      } else {
        memberships.splice(
          memberships.findIndex((m) => m.team_id === teamId && m.user_id === userId),
          1,
        );
        grants = grants.filter((g) => !(g.team_id === teamId && g.user_id === userId));
      }
      return json({}, method === 'POST' ? 201 : 200);
    }
    if (route === 'GET /team-permissions') {
      const items = grants.filter(
        (g) =>
          (!query.get('team_id') || g.team_id === query.get('team_id')) &&
          (!query.get('user_id') || g.user_id === query.get('user_id')),
      );
      return json({ items, is_paginated: false });
    }
    match = /^(POST|DELETE) \/team-permissions\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(route);
    if (match) {
      const [, method, teamId, userId, rawId] = match;
      const id = decodeURIComponent(rawId!);
      if (method === 'POST') {
        grants.push({ team_id: teamId!, user_id: userId!, id });
        return json({ team_id: teamId, user_id: userId, id }, 201);
      }
      grants = grants.filter((g) => !(g.team_id === teamId && g.user_id === userId && g.id === id));
      return json({ success: true });
    }
    if (route === 'GET /team-permission-definitions')
      return json({ items: allDefinitions(), is_paginated: false });
    if (route === 'POST /team-permission-definitions') {
      const created = {
        id: body.id,
        description: body.description,
        contained_permission_ids: [...((body.contained_permission_ids as string[] | undefined) ?? [])].sort(),
      };
      definitions.push(created);
      return json(created, 201);
    }
    match = /^(PATCH|DELETE) \/team-permission-definitions\/([^/]+)$/.exec(route);
    if (match) {
      const id = decodeURIComponent(match[2]!);
      const found = definitions.find((d) => d.id === id);
      if (!found) return knownError('PERMISSION_NOT_FOUND', 'Permission not found.', undefined, 404);
      if (match[1] === 'DELETE') {
        definitions = definitions.filter((d) => d !== found);
        return json({ success: true });
      }
      found.id = body.id ?? found.id;
      found.description = body.description ?? found.description;
      found.contained_permission_ids = body.contained_permission_ids ?? found.contained_permission_ids;
      return json(found);
    }
    if (route === 'GET /team-invitations') {
      if (!teams.some((t) => t.id === query.get('team_id'))) return teamNotFound();
      return json({
        items: invitations.filter((i) => i.team_id === query.get('team_id')),
        is_paginated: false,
      });
    }
    if (route === 'POST /team-invitations/send-code') {
      const invitation = {
        id: `i${invitations.length + 1}`,
        team_id: body.team_id,
        recipient_email: body.email,
        expires_at_millis: Date.now() + 7 * 86_400_000,
      };
      invitations.push(invitation);
      return json({ success: true, id: invitation.id });
    }
    match = /^DELETE \/team-invitations\/([^/]+)$/.exec(route);
    if (match) {
      invitations = invitations.filter((i) => i.id !== match![1]);
      return json({ success: true });
    }
    if (route === 'PATCH /projects/current') return json(projectPJson(options.domains, body.config));
    return new Response(`no route for ${route}`, { status: 404 });
  };

  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request.clone());
    return answer(request);
  };
  const app = createApp({
    projectId: 'p',
    baseUrl: 'http://api.test',
    adminAccessToken: () => 'owner-token',
    tokenStore: 'memory',
    redirectMethod: 'none',
    fetch,
    plugins: adminPlugins(),
  } as never) as unknown as AdminApp;

  /** The requests sent so far as `METHOD /path?query`. */
  const sent = () =>
    requests.map((r) => {
      const url = new URL(r.url);
      return `${r.method} ${url.pathname.replace('/api/v1', '')}${url.search}`;
    });
  return { app, requests, sent, teams, grants: () => grants, memberships, invitations: () => invitations };
}

/** Renders a console page for project p with the fake's app, as the project shell would. */
export function renderPage(
  ui: ReactNode,
  fake: ReturnType<typeof fakeAdmin>,
  domains?: FakeOptions['domains'],
) {
  let project = adminProjectOf(domains);
  const saved: AdminProject[] = [];
  const result = render(
    <ToastProvider>
      <ProjectAdminProvider
        value={{
          projectId: 'p',
          app: fake.app,
          get project() {
            return project;
          },
          reload: async () => {},
          setProject: (next) => {
            project = next;
            saved.push(next);
          },
        }}
      >
        {ui}
      </ProjectAdminProvider>
    </ToastProvider>,
  );
  return { ...result, saved };
}
