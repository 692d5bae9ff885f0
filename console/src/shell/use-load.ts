/**
 * Loads something for a page: the state (loading, the data, or the error in words) and `reload`.
 * An answer that arrives after the inputs changed (a newer search) is dropped, so a slow first
 * request never overwrites a faster second.
 */
import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react';

/** The state of a load. */
export type LoadState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'ready'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: string };

/**
 * What `useLoad` returns: the state, `reload`, `reloadIfOlder` (load again unless the latest load
 * began within `ms`), and `set` to replace the data after a change.
 */
export type Loaded<T> = LoadState<T> & {
  reload: () => void;
  reloadIfOlder: (ms: number) => void;
  set: (data: T) => void;
};

/** The message of anything thrown, for a person. */
export function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'Something went wrong. Try again.';
}

/** Runs `load` now and whenever `deps` change. */
export function useLoad<T>(load: () => Promise<T>, deps: DependencyList): Loaded<T> {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const [round, setRound] = useState(0);
  const latest = useRef(0);
  // When the latest load began; from the first render on, since the first load begins in this
  // render's effects (a child's effects, such as a page's `reloadIfOlder`, run before them).
  const startedAt = useRef(Date.now());
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps decide when to load.
  useEffect(() => {
    const ticket = ++latest.current;
    startedAt.current = Date.now();
    setState((previous) => (previous.status === 'ready' && round > 0 ? previous : { status: 'loading' }));
    load().then(
      (data) => ticket === latest.current && setState({ status: 'ready', data }),
      (error: unknown) => ticket === latest.current && setState({ status: 'error', error: messageOf(error) }),
    );
  }, [...deps, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  const reloadIfOlder = useCallback((ms: number) => {
    if (Date.now() - startedAt.current >= ms) setRound((n) => n + 1);
  }, []);
  const set = useCallback((data: T) => setState({ status: 'ready', data }), []);
  return { ...state, reload, reloadIfOlder, set } as Loaded<T>;
}
