/**
 * The console's frame: a header (the project switcher, the owner, Sign out), a sidebar with the
 * current project's pages, and the page. At 768 px the sidebar becomes a row above the page.
 */
import type { ReactNode } from 'react';
import { useApp, useUser } from 'signet/react';
import { Link } from '../router/link.js';
import { ROUTES } from '../routes.js';
import { useOwner } from './owner-context.js';
import { ProjectSwitcher } from './project-switcher.js';

const NAV = ROUTES.filter((route) => route.nav).sort((a, b) => a.nav!.order - b.nav!.order);

/** The page inside the console's frame. */
export function Layout({
  projectId,
  path,
  children,
}: {
  projectId?: string;
  path: string;
  children: ReactNode;
}) {
  const user = useUser();
  const { urls } = useApp();
  const { projects } = useOwner();
  return (
    <div className="console">
      <a className="console-skip" href="#console-main">
        Skip to content
      </a>
      <header className="console-header">
        <Link to="/projects" className="console-brand">
          signet console
        </Link>
        <ProjectSwitcher projects={projects.data ?? []} current={projectId} />
        <div className="console-header-end">
          <span className="console-muted console-owner">{user?.primaryEmail ?? user?.displayName}</span>
          <a href={urls.signOut}>Sign out</a>
        </div>
      </header>
      <div className="console-body">
        {projectId && (
          <nav className="console-nav" aria-label="Project">
            <ul>
              {NAV.map((route) => {
                const to = route.path.replace(':projectId', encodeURIComponent(projectId));
                const current =
                  path === to || (route.path !== '/projects/:projectId' && path.startsWith(`${to}/`));
                return (
                  <li key={route.path}>
                    <Link to={to} aria-current={current ? 'page' : undefined}>
                      {route.nav!.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        )}
        <main id="console-main" className="console-main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
