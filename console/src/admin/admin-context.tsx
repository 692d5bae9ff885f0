/**
 * The project a console page works on: its admin app and its config, loaded once by the layout
 * and shared, so a change made on one page (a domain, a provider) shows on every other.
 */
import { createContext, type ReactNode, useContext } from 'react';
import type { AdminProject } from 'signet/plugins/admin-project';
import type { AdminApp } from './admin-app.js';

/** What `useProjectAdmin` gives a page. */
export interface ProjectAdmin {
  projectId: string;
  /** The admin app of the project (every admin and server plugin). */
  app: AdminApp;
  /** The project's config as last loaded or saved. */
  project: AdminProject;
  /** Loads the config again (after a change made elsewhere). */
  reload(): Promise<void>;
  /** Replaces the shared config with one a save returned. */
  setProject(project: AdminProject): void;
}

const ProjectAdminContext = createContext<ProjectAdmin | null>(null);

/** Gives the pages below it the current project. */
export function ProjectAdminProvider({ value, children }: { value: ProjectAdmin; children: ReactNode }) {
  return <ProjectAdminContext.Provider value={value}>{children}</ProjectAdminContext.Provider>;
}

/** The current project's admin app and config; only inside a project's pages. */
export function useProjectAdmin(): ProjectAdmin {
  const value = useContext(ProjectAdminContext);
  if (!value) throw new Error('useProjectAdmin is used outside a project page');
  return value;
}
