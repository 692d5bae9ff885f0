/**
 * The console's top: the kit's handler pages (sign-in, sign-up, ...) at `/console/handler/*`;
 * every other page needs a signed-in owner and sits in the frame, a project's pages inside its
 * project shell.
 */
import { useEffect, useMemo } from 'react';
import type { OwnerProjectsApi } from 'signet/plugins/owner-projects';
import { SignetHandler, useUser } from 'signet/react';
import { CONSOLE_BASE, interceptLinks, navigate, useLocation } from './router/router.js';
import { Layout } from './shell/layout.js';
import { OwnerProvider } from './shell/owner-context.js';
import { ProjectShell } from './shell/project-shell.js';
import { RouteOutlet } from './shell/route-outlet.js';
import { LoadingRows } from './shell/states.js';
import { ToastProvider } from './shell/toasts.js';
import { useLoad } from './shell/use-load.js';

/** The project id in a console path (`/projects/{id}/...`), if any. */
export function projectIdOf(path: string): string | undefined {
  const match = /^\/projects\/([^/]+)/.exec(path);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
}

/** The whole console. */
export function ConsoleApp({ ownerProjects }: { ownerProjects: OwnerProjectsApi }) {
  const { path, search } = useLocation();
  useEffect(() => interceptLinks(), []);
  if (path === '/handler' || path.startsWith('/handler/'))
    return <SignetHandler path={CONSOLE_BASE + path} search={search} />;
  return (
    <ToastProvider>
      <SignedInConsole ownerProjects={ownerProjects} path={path} />
    </ToastProvider>
  );
}

function SignedInConsole({ ownerProjects, path }: { ownerProjects: OwnerProjectsApi; path: string }) {
  const user = useUser({ or: 'redirect' });
  const projects = useLoad(async () => (user ? ownerProjects.list() : []), [user?.id]);
  const owner = useMemo(() => ({ ownerProjects, projects }), [ownerProjects, projects]);
  useEffect(() => {
    if (path === '/') navigate('/projects', { replace: true });
  }, [path]);
  if (!user) return <LoadingRows label="Checking who is signed in" />;
  const projectId = projectIdOf(path);
  return (
    <OwnerProvider value={owner}>
      <Layout projectId={projectId} path={path}>
        {projectId ? (
          <ProjectShell key={projectId} projectId={projectId}>
            <RouteOutlet path={path} />
          </ProjectShell>
        ) : (
          <RouteOutlet path={path} />
        )}
      </Layout>
    </OwnerProvider>
  );
}
