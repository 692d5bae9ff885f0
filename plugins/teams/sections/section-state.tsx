/**
 * What the team views that list things share: the view of a list that is not there yet (a spinner,
 * or its failure in words with a retry) and the outcome of the last action taken on it (what was
 * done, or why not), shown under the list.
 */
import { useState } from 'react';
import type { CacheState } from '../../../core/index.js';
import { FieldError, LoadFailed, Note, Spinner } from '../../../react/index.js';
import { failureOf, teamErrorText } from './use-team.js';

/** A spinner while `state` loads, its failure with "Try again" once it could not be loaded. */
export function NotLoaded({
  state,
  what,
  onRetry,
}: {
  state: Exclude<CacheState<unknown>, { status: 'ok' }>;
  /** What could not be loaded, as the start of a sentence ("The members"). */
  what: string;
  onRetry: () => void;
}) {
  if (state.status === 'pending') return <Spinner />;
  return <LoadFailed what={what} reason={teamErrorText(state.error)} onRetry={onRetry} />;
}

/** The last action's outcome (see {@link useActionOutcome}). */
export interface ActionOutcome {
  notice: string | null;
  error: string | null;
  /**
   * Runs a team call: clears the last outcome, then says `done`, or `failed` followed by the
   * failure in words (a thrown failure included).
   */
  run(call: Parameters<typeof failureOf>[0], failed: string, done: string): Promise<void>;
}

/** The outcome of the last action a view took, and how to take the next. */
export function useActionOutcome(): ActionOutcome {
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return {
    notice,
    error,
    async run(call, failed, done) {
      setNotice(null);
      setError(null);
      const failure = await failureOf(call);
      if (failure) setError(`${failed} ${failure}`);
      else setNotice(done);
    },
  };
}

/** Shows an action's outcome: the notice as a status, the error as an error. */
export function Outcome({ of }: { of: ActionOutcome }) {
  return (
    <>
      {of.notice && <Note role="status">{of.notice}</Note>}
      <FieldError>{of.error}</FieldError>
    </>
  );
}
