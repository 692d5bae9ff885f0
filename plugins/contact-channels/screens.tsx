/**
 * The contact-channels plugin's screens: the email-verification page that emailed verification
 * links lead to. `<SignetProvider app={app} screens={[contactChannelsScreens()]}>`.
 */
import { useEffect, useRef, useState } from 'react';
import { useApp, usePluginApi } from '../../react/hooks.js';
import { MessageCard } from '../../react/message-card.js';
import type { HandlerRouteProps, ScreenContribution } from '../../react/screens.js';
import { FullPage } from '../../react/ui/full-page.js';
import { Spinner } from '../../react/ui/spinner.js';
import { verificationErrorMessage } from '../../react/verification-error-message.js';
import type { ContactChannelsApi } from './index.js';

type State = { status: 'verifying' } | { status: 'verified' } | { status: 'failed'; message: string };

/** `/handler/email-verification?code=…`: marks the emailed address verified. */
export function EmailVerificationPage({ searchParams }: HandlerRouteProps) {
  const app = useApp();
  const api = usePluginApi<ContactChannelsApi>('contactChannels');
  const code = searchParams.get('code');
  const [state, setState] = useState<State>(
    code
      ? { status: 'verifying' }
      : { status: 'failed', message: 'This verification link is missing its code.' },
  );
  const started = useRef(false);

  useEffect(() => {
    // A link is single use: run once even when React mounts effects twice in development.
    if (!code || started.current) return;
    started.current = true;
    api
      .verify(code)
      .then((result) =>
        setState(
          result.status === 'ok'
            ? { status: 'verified' }
            : { status: 'failed', message: verificationErrorMessage(result.error) },
        ),
      )
      .catch((error: unknown) => setState({ status: 'failed', message: verificationErrorMessage(error) }));
  }, [api, code]);

  return (
    <FullPage>
      {state.status === 'verifying' && (
        <MessageCard title="Verifying your email…">
          <Spinner />
        </MessageCard>
      )}
      {state.status === 'verified' && (
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
    plugin: 'contactChannels',
    routes: { 'email-verification': EmailVerificationPage },
  };
}
