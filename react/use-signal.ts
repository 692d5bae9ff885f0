/**
 * Reads a signal as a plain React value through `useSyncExternalStore`: no Babel transform, no
 * signals runtime patching React, and a fixed server snapshot so server and first client render
 * agree.
 */
import type { ReadonlySignal } from '@preact/signals-core';
import { useCallback, useSyncExternalStore } from 'react';

/** The signal's value, re-rendering when it changes; `serverValue` during SSR and hydration. */
export function useSignalValue<T>(source: ReadonlySignal<T>, serverValue: T): T {
  const subscribe = useCallback(
    // `subscribe` runs its callback once at once; React tolerates that (it just re-reads).
    (onChange: () => void) => source.subscribe(() => onChange()),
    [source],
  );
  return useSyncExternalStore(
    subscribe,
    () => source.peek(),
    () => serverValue,
  );
}
