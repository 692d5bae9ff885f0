/**
 * The impersonation plugin's screens: the `impersonate` page an impersonation link opens, and
 * `<ImpersonationBanner />`, which a host renders at the top of its layout so that anyone acting
 * as a user sees it and can end it. `<SignetProvider app={app} screens={[impersonationScreens()]}>`.
 */
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import type { Result } from '../../core/index.js';
import {
  Button,
  FullPage,
  MessageCard,
  type ScreenContribution,
  Spinner,
  useApp,
  usePluginApi,
  useSignalValue,
  useTopBar,
  verificationErrorMessage,
} from '../../react/index.js';
import { impersonation } from './index.js';

type PageState = { status: 'working' } | { status: 'failed'; message: string };

/**
 * `/handler/impersonate#refresh_token=…`: signs in as the impersonated user, or says why not. The
 * route reads the fragment itself (the handler passes only the query); success redirects to the
 * after-sign-in page, and until then the spinner stays. A link opened again in the same tab is only
 * a fragment change, no new page load, so the page listens for it too.
 */
export function ImpersonatePage() {
  const app = useApp();
  const [state, setState] = useState<PageState>({ status: 'working' });
  const started = useRef(false);
  const latest = useRef(0);

  useEffect(() => {
    const run = (first: boolean) => {
      // Once per page load, even when React runs effects twice in development (the first run has
      // already removed the fragment); after that, only for a new fragment.
      if (first ? started.current : !location.hash) return;
      started.current = true;
      const mine = ++latest.current;
      const failed = (error: unknown) => {
        if (mine === latest.current) setState({ status: 'failed', message: verificationErrorMessage(error) });
      };
      setState({ status: 'working' });
      app
        .handle(location.href)
        .then((handled) => {
          const result = handled?.result as Result<unknown, string> | undefined;
          if (!result) failed(new Error('No plugin of this app handles this page.'));
          else if (result.status === 'error') failed(result.error);
        })
        .catch(failed);
    };
    run(true);
    const onHashChange = () => run(false);
    addEventListener('hashchange', onHashChange);
    return () => removeEventListener('hashchange', onHashChange);
  }, [app]);

  return (
    <FullPage>
      {state.status === 'failed' ? (
        <MessageCard title="Could not start the impersonation">
          <p role="alert">{state.message}</p>
        </MessageCard>
      ) : (
        <MessageCard title="Signing in as the user…">
          <Spinner />
        </MessageCard>
      )}
    </FullPage>
  );
}

const bannerStyle: CSSProperties = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '0.75rem',
  padding: '0.5rem 1rem',
  background: 'var(--signet-color-danger)',
  color: 'var(--signet-color-surface)',
  fontFamily: 'var(--signet-font)',
};

/**
 * "Signed in as {user} — impersonating", with an End button that signs out of the impersonation.
 * Renders nothing unless the current session is an impersonation, so it can sit in every layout;
 * while shown, full pages leave room for it.
 */
export function ImpersonationBanner() {
  const api = usePluginApi(impersonation);
  const session = useSignalValue(api.current, null);
  if (!session) return null;
  const { user } = session;
  return <Banner who={user.displayName || user.primaryEmail || user.id} end={() => api.end()} />;
}

/** The banner itself, mounted only while it shows (so it is a top bar exactly then). */
function Banner({ who, end: endSession }: { who: string; end: () => Promise<unknown> }) {
  const [ending, setEnding] = useState(false);
  const [failed, setFailed] = useState(false);
  const bar = useRef<HTMLElement>(null);
  useTopBar(bar);
  const end = () => {
    setEnding(true);
    setFailed(false);
    endSession()
      .catch(() => setFailed(true))
      .finally(() => setEnding(false));
  };
  return (
    <section ref={bar} aria-label="Impersonation" style={bannerStyle}>
      <p role="status" style={{ margin: 0 }}>
        Signed in as <strong>{who}</strong> — impersonating
      </p>
      <Button variant="secondary" onClick={end} loading={ending}>
        End
      </Button>
      {failed && (
        <p role="alert" style={{ margin: 0 }}>
          Could not end the impersonation. Try again.
        </p>
      )}
    </section>
  );
}

/** The impersonation plugin's contribution to the screens: the page its links open. */
/* @__NO_SIDE_EFFECTS__ */
export function impersonationScreens(): ScreenContribution {
  return {
    id: 'impersonation',
    plugin: impersonation,
    pages: { impersonate: ImpersonatePage },
  };
}
