/**
 * The contact-channels plugin's screens: the email-verification page that emailed verification
 * links lead to. `<SignetProvider app={app} screens={[contactChannelsScreens()]}>`.
 */
import {
  FullPage,
  type HandlerRouteProps,
  MessageCard,
  type ScreenContribution,
  Spinner,
  useApp,
  useCallbackRoute,
} from '../../react/index.js';
import { EmailsSection } from './account-section.js';
import { contactChannels } from './index.js';

/** `/handler/email-verification?code=…`: marks the emailed address verified. */
export function EmailVerificationPage({ searchParams }: HandlerRouteProps) {
  const app = useApp();
  // The plugin's callback route does the work, as app.handle() does it for any host.
  const [state] = useCallbackRoute(searchParams.get('code'), 'This verification link is missing its code.');

  return (
    <FullPage>
      {state.status === 'working' && (
        <MessageCard title="Verifying your email…">
          <Spinner />
        </MessageCard>
      )}
      {state.status === 'done' && (
        <MessageCard
          title="Your email has been verified!"
          primary={{ label: 'Go home', href: app.urls.home }}
        >
          <p>Thank you. You can close this page or continue to the app.</p>
        </MessageCard>
      )}
      {state.status === 'failed' && (
        <MessageCard title="Could not verify your email" primary={{ label: 'Go home', href: app.urls.home }}>
          <p role="alert">{state.message}</p>
        </MessageCard>
      )}
    </FullPage>
  );
}

/** The contact-channels plugin's contribution to the screens. */
/* @__NO_SIDE_EFFECTS__ */
export function contactChannelsScreens(): ScreenContribution {
  return {
    id: 'contactChannels',
    plugin: contactChannels,
    pages: { emailVerification: EmailVerificationPage },
    accountSections: [{ id: 'emails', title: 'Emails', order: 10, Component: EmailsSection }],
  };
}
