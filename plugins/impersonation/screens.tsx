/**
 * The impersonation plugin's screens: the `impersonate` page an impersonation link opens, and
 * `<ImpersonationBanner />`, which a host renders at the top of its layout so that anyone acting
 * as a user sees it and can end it. `<SignetProvider app={app} screens={[impersonationScreens()]}>`.
 */
import { type CSSProperties, useState } from 'react';
import {
  Button,
  FullPage,
  MessageCard,
  type ScreenContribution,
  Spinner,
  useCallbackRoute,
  usePluginApi,
  useSignalValue,
} from '../../react/index.js';
import { impersonation } from './index.js';

/** `/handler/impersonate#refresh_token=…`: signs in as the impersonated user, or says why not. */
export function ImpersonatePage() {
  // The route reads the fragment itself (the handler passes only the query); success redirects to
  // the after-sign-in page, and until then the spinner stays.
  const [state] = useCallbackRoute('fragment', '');
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
 * Renders nothing unless the current session is an impersonation, so it can sit in every layout.
 */
export function ImpersonationBanner() {
  const api = usePluginApi(impersonation);
  const session = useSignalValue(api.current, null);
  const [ending, setEnding] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!session) return null;
  const { user } = session;
  const who = user.displayName || user.primaryEmail || user.id;
  const end = () => {
    setEnding(true);
    setFailed(false);
    api
      .end()
      .catch(() => setFailed(true))
      .finally(() => setEnding(false));
  };
  return (
    <section aria-label="Impersonation" style={bannerStyle}>
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
