/**
 * The console's entry: reads its settings from the server, makes the internal project's app (the
 * owner signs in with the kit's own pages) and mounts the console.
 */
import 'signet/react/theme.css';
import './console.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApp } from 'signet';
import { magicLink } from 'signet/plugins/magic-link';
import { magicLinkScreens } from 'signet/plugins/magic-link/screens';
import { oauth } from 'signet/plugins/oauth';
import { oauthScreens } from 'signet/plugins/oauth/screens';
import { ownerProjects } from 'signet/plugins/owner-projects';
import { password } from 'signet/plugins/password';
import { passwordScreens } from 'signet/plugins/password/screens';
import { FullPage, MessageCard, SignetProvider } from 'signet/react';
import { ConsoleApp } from './app.js';
import { loadConfig } from './config.js';
import { CONSOLE_BASE, navigate } from './router/router.js';

async function main() {
  const root = createRoot(document.getElementById('root')!);
  let config: Awaited<ReturnType<typeof loadConfig>>;
  try {
    config = await loadConfig();
  } catch (error) {
    root.render(
      <FullPage>
        <MessageCard title="The console could not start">
          <p>{error instanceof Error ? error.message : String(error)}</p>
        </MessageCard>
      </FullPage>,
    );
    return;
  }
  const app = createApp({
    projectId: config.projectId,
    publishableClientKey: config.publishableClientKey,
    baseUrl: window.location.origin,
    plugins: [password(), magicLink(), oauth(), ownerProjects()],
    urls: {
      handler: `${CONSOLE_BASE}/handler`,
      home: `${CONSOLE_BASE}/projects`,
      afterSignOut: CONSOLE_BASE,
    },
    redirectMethod: { navigate: (to, { replace }) => navigate(to, { replace }) },
  });
  root.render(
    <StrictMode>
      <SignetProvider app={app} screens={[passwordScreens(), magicLinkScreens(), oauthScreens()]}>
        <ConsoleApp ownerProjects={app.ownerProjects} />
      </SignetProvider>
    </StrictMode>,
  );
}

void main();
