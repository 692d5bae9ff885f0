/**
 * `/handler/oauth-callback?code=…&state=…`: where the provider's answer lands. The plugin's
 * callback route does the work (through `app.handle()`, as a host without React would); the page
 * shows a spinner, the second-factor slot while the sign-in waits for one, or the failure with a
 * way back to sign-in.
 */
import { useEffect, useRef, useState } from 'react';
import {
  FullPage,
  type HandlerRouteProps,
  MessageCard,
  SecondFactorSlot,
  Spinner,
  useApp,
  usePendingSignIn,
  useRedirectHref,
  useSessionStatus,
} from '../../react/index.js';
import type { OAuthCallbackResult } from './index.js';

/** What the page shows when the callback fails (product-spec §8). */
export const OAUTH_CALLBACK_FAILED_MESSAGE = 'Error signing in during OAuth callback. Please try again.';

type CallbackState =
  | { status: 'working' }
  | { status: 'second-factor-required' }
  | { status: 'failed'; detail: string };

/** Runs the callback once (React may mount effects twice in development) and reports how it went. */
function useOAuthCallback(): CallbackState {
  const app = useApp();
  const [state, setState] = useState<CallbackState>({ status: 'working' });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fail = (detail: string) => setState({ status: 'failed', detail });
    app
      .handle()
      .then((handled) => {
        const result = handled?.result as OAuthCallbackResult | undefined;
        if (!result) return fail('No plugin of this app handles this page.');
        if (result.status === 'second-factor-required') return setState({ status: 'second-factor-required' });
        if (result.status === 'not-a-callback') return fail(result.message);
        if (result.status === 'error') return fail(result.error.message);
        // Signed in: the sign-in step is redirecting; the spinner stays until it has.
      })
      .catch((error: unknown) => fail((error as Error).message));
  }, [app]);
  return state;
}

/** The oauth-callback page. */
export function OAuthCallbackPage(_props: HandlerRouteProps) {
  const state = useOAuthCallback();
  const pending = usePendingSignIn();
  const status = useSessionStatus();
  const signIn = useRedirectHref('signIn');

  // A second factor was asked for and is not given up yet; once given, the step redirects.
  const waiting = state.status === 'second-factor-required' && (pending !== null || status === 'signed-in');
  const failed = state.status === 'failed' || (state.status === 'second-factor-required' && !waiting);
  return (
    <FullPage>
      {waiting && pending ? (
        <SecondFactorSlot place="callback" />
      ) : failed ? (
        <MessageCard title="Could not sign you in" primary={{ label: 'Back to sign in', href: signIn }}>
          <p role="alert">{OAUTH_CALLBACK_FAILED_MESSAGE}</p>
          {state.status === 'failed' && <p className="signet-oauth-failure-detail">{state.detail}</p>}
        </MessageCard>
      ) : (
        <MessageCard title="Signing you in…">
          <Spinner />
        </MessageCard>
      )}
    </FullPage>
  );
}
