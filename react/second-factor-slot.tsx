/**
 * What shows while a sign-in waits for its second factor: the first entry of the second-factor
 * slot that applies (a TOTP code form, say), given the pending attempt. The auth page renders it
 * in place of the forms; a callback page (OAuth) renders it after its exchange.
 */
import { useProject, useSignetContext } from './hooks.js';
import { MessageCard } from './message-card.js';
import { slotEntries } from './screens.js';
import { Button } from './ui/button.js';
import { useSignalValue } from './use-signal.js';

/**
 * The second-factor screen for the pending attempt, or null when no attempt is pending. `place`:
 * the auth page, or a callback page (email link, OAuth) where a failure means starting over.
 */
export function SecondFactorSlot({ place = 'auth-page' }: { place?: 'auth-page' | 'callback' }) {
  const { app, screens } = useSignetContext();
  const attempt = useSignalValue(app.pendingSignIn, null);
  const project = useProject();
  if (!attempt || !project) return null;
  const [entry] = slotEntries(screens, (s) => s.secondFactor, { project, user: null, kind: null });
  if (!entry) {
    return (
      <MessageCard title="A second factor is required">
        <p role="alert">
          This account signs in with a second factor, but this app has no screen for it. Add the second
          factor's screens to the app.
        </p>
        <Button variant="secondary" onClick={() => app.cancelPendingSignIn()}>
          Cancel
        </Button>
      </MessageCard>
    );
  }
  return <entry.Component attempt={attempt} place={place} />;
}

/** Whether a sign-in is waiting for its second factor. */
export function usePendingSignIn() {
  return useSignalValue(useSignetContext().app.pendingSignIn, null);
}
