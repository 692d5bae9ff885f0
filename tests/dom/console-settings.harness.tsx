/**
 * Rendering a console settings page (project settings, sign-in methods, domains) in happy-dom: the
 * console's real admin app (every admin plugin) over a fake API that keeps one project's admin
 * view in memory and applies each PATCH to it, as the server does, inside the console's providers.
 */
import { render } from '@testing-library/react';
import { type ComponentType, useMemo, useState } from 'react';
import { vi } from 'vitest';
import { adminPlugins } from '../../console/src/admin/admin-app.js';
import { ProjectAdminProvider } from '../../console/src/admin/admin-context.js';
import { OwnerProvider } from '../../console/src/shell/owner-context.js';
import { ToastProvider } from '../../console/src/shell/toasts.js';
import { createApp } from '../../core/index.js';
import type { AdminProject } from '../../plugins/admin-project/index.js';
import type { AdminProjectJson } from '../../wire/index.js';
import { camelize } from '../../wire/index.js';
import { fakeApi, json, type Route } from '../support/fake-api.js';
import { adminProjectJson } from './console-admin-project.js';

/** Options of `renderSettingsPage`. */
export interface SettingsPageOptions {
  project?: AdminProjectJson;
  /** Answers a PATCH in place of the fake (a refusal); the fake applies it when left out. */
  patch?: Route;
}

/** Renders `Page` for the project; returns the PATCH bodies sent, the requests and spies. */
export function renderSettingsPage(
  Page: ComponentType<{ params: Record<string, string> }>,
  options: SettingsPageOptions = {},
) {
  let stored = options.project ?? adminProjectJson();
  const patches: Record<string, unknown>[] = [];
  const api = fakeApi({
    'GET /projects/current': () => json(stored),
    'PATCH /projects/current': async (request) => {
      const body = (await request.clone().json()) as Record<string, unknown>;
      patches.push(body);
      if (options.patch) return options.patch(request);
      const { config, ...top } = body as { config?: Partial<AdminProjectJson['config']> };
      // As the server (wire.md §4.11): an update listing providers must list every one there is.
      const missing = config?.oauth_providers
        ? stored.config.oauth_providers.find((p) => !config.oauth_providers!.some((q) => q.id === p.id))
        : undefined;
      if (missing)
        return new Response(`Provider with id '${missing.id}' not found in the update`, { status: 400 });
      stored = {
        ...stored,
        ...(top as Partial<AdminProjectJson>),
        // As the server: a PATCH without a description stores "" (wire.md §4.11).
        description: (top as { description?: string }).description ?? '',
        config: { ...stored.config, ...config },
      };
      stored.config.enabled_oauth_providers = stored.config.oauth_providers.filter((p) => p.enabled);
      return json(stored);
    },
    'DELETE /projects/current': () => json({ success: true }),
  });
  const app = createApp({
    projectId: stored.id,
    baseUrl: 'http://api.test',
    tokenStore: 'memory',
    redirectMethod: 'none',
    adminAccessToken: async () => 'owner-admin-token',
    fetch: api.fetch,
    plugins: adminPlugins(),
  } as never) as unknown as Parameters<typeof ProjectAdminProvider>[0]['value']['app'];
  const reloadProjects = vi.fn();
  const initial = camelize(stored) as AdminProject;

  function Harness() {
    const [project, setProject] = useState<AdminProject>(initial);
    const value = useMemo(
      () => ({
        projectId: project.id,
        app,
        project,
        setProject,
        reload: async () => setProject(await app.adminProject.get()),
      }),
      [project],
    );
    return (
      <ProjectAdminProvider value={value}>
        <Page params={{ projectId: project.id }} />
      </ProjectAdminProvider>
    );
  }

  const owner = {
    ownerProjects: {} as never,
    projects: { status: 'ready', data: [], reload: reloadProjects, set: () => {} } as never,
  };
  const result = render(
    <ToastProvider>
      <OwnerProvider value={owner}>
        <Harness />
      </OwnerProvider>
    </ToastProvider>,
  );
  return { ...result, api, patches, reloadProjects, stored: () => stored };
}
