/**
 * Entry point: creates the signet app with the password, magic-link, contact-channels, sessions,
 * totp, passkey, oauth, teams, CLI login and impersonation plugins and mounts the example.
 */
import 'signet/react/theme.css';
import './app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApp } from 'signet';
import { cliAuth } from 'signet/plugins/cli-auth';
import { cliAuthScreens } from 'signet/plugins/cli-auth/screens';
import { contactChannels } from 'signet/plugins/contact-channels';
import { contactChannelsScreens } from 'signet/plugins/contact-channels/screens';
import { impersonation } from 'signet/plugins/impersonation';
import { impersonationScreens } from 'signet/plugins/impersonation/screens';
import { magicLink } from 'signet/plugins/magic-link';
import { magicLinkScreens } from 'signet/plugins/magic-link/screens';
import { oauth } from 'signet/plugins/oauth';
import { oauthScreens } from 'signet/plugins/oauth/screens';
import { passkey } from 'signet/plugins/passkey';
import { passkeyScreens } from 'signet/plugins/passkey/screens';
import { password } from 'signet/plugins/password';
import { passwordScreens } from 'signet/plugins/password/screens';
import { sessions } from 'signet/plugins/sessions';
import { sessionsScreens } from 'signet/plugins/sessions/screens';
import { teams } from 'signet/plugins/teams';
import { teamsScreens } from 'signet/plugins/teams/screens';
import { totp } from 'signet/plugins/totp';
import { totpScreens } from 'signet/plugins/totp/screens';
import { FullPage, MessageCard, SignetProvider } from 'signet/react';
import { tickets } from 'signet-example-custom-plugin/plugin';
import { ticketScreens } from 'signet-example-custom-plugin/screens';
import { App } from './app.js';
import { createBrowserRouter } from './router.js';

function main() {
  const root = createRoot(document.getElementById('root')!);
  const env = import.meta.env;
  const projectId = env.VITE_SIGNET_PROJECT_ID;
  const baseUrl = env.VITE_SIGNET_API_URL;
  if (!projectId || !baseUrl) {
    root.render(
      <FullPage>
        <MessageCard title="signet is not configured">
          <p>
            Set VITE_SIGNET_PROJECT_ID, VITE_SIGNET_PUBLISHABLE_CLIENT_KEY and VITE_SIGNET_API_URL, or run{' '}
            <code>npm start</code> at the repository root, which starts the server and sets them.
          </p>
        </MessageCard>
      </FullPage>,
    );
    return;
  }

  const router = createBrowserRouter();
  const app = createApp({
    projectId,
    publishableClientKey: env.VITE_SIGNET_PUBLISHABLE_CLIENT_KEY,
    baseUrl,
    // The last one is a third-party plugin (examples/custom-plugin), added the same way.
    plugins: [
      password(),
      magicLink(),
      contactChannels(),
      sessions(),
      totp(),
      passkey(),
      oauth(),
      teams(),
      cliAuth(),
      // Opens the app as a user from the console's Impersonate button (the banner is in app.tsx).
      impersonation(),
      tickets({ endpoint: env.VITE_TICKETS_URL ?? 'http://127.0.0.1:8106' }),
    ],
    // Any page may live at a URL of the app's choosing: emailed sign-in links lead here.
    urls: { magicLinkCallback: '/handler/login-link' },
    // Redirects after sign-in and sign-out go through the router: no page reload.
    redirectMethod: { navigate: (to, { replace }) => router.navigate(to, { replace }) },
  });
  const screens = [
    passwordScreens(),
    magicLinkScreens(),
    contactChannelsScreens(),
    sessionsScreens(),
    totpScreens(),
    passkeyScreens(),
    oauthScreens(),
    teamsScreens(),
    cliAuthScreens(),
    impersonationScreens(),
    ticketScreens(),
  ];

  root.render(
    <StrictMode>
      <SignetProvider app={app} screens={screens}>
        <App router={router} />
      </SignetProvider>
    </StrictMode>,
  );
}

main();
