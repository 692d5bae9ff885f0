/**
 * Around every page of one project: its admin app and config, loaded here once. While the config
 * loads the page waits; a project the owner does not manage shows an error in words.
 */
import { type ReactNode, useMemo } from 'react';
import { createAdminApp } from '../admin/admin-app.js';
import { ProjectAdminProvider } from '../admin/admin-context.js';
import { useOwner } from './owner-context.js';
import { LoadError, LoadingRows } from './states.js';
import { useLoad } from './use-load.js';

/** Loads the project `projectId` and gives its pages the admin context. */
export function ProjectShell({ projectId, children }: { projectId: string; children: ReactNode }) {
  const { ownerProjects } = useOwner();
  const app = useMemo(() => createAdminApp(ownerProjects, projectId), [ownerProjects, projectId]);
  const project = useLoad(() => app.adminProject.get(), [app]);
  const value = useMemo(
    () =>
      project.status === 'ready'
        ? {
            projectId,
            app,
            project: project.data,
            reload: async () => project.set(await app.adminProject.get()),
            setProject: project.set,
          }
        : null,
    [projectId, app, project.status, project.data, project.set],
  );
  if (project.status === 'loading') return <LoadingRows label="Loading the project" />;
  if (project.status === 'error' || !value)
    return <LoadError what="The project" error={project.error ?? ''} onRetry={project.reload} />;
  return <ProjectAdminProvider value={value}>{children}</ProjectAdminProvider>;
}
