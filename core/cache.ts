/**
 * A small query cache: each entry loads once, is shared by every subscriber, and is dropped 5 s
 * after its last subscriber leaves — never while it is still loading.
 */
import { computed, type ReadonlySignal, signal } from '@preact/signals-core';

/** Drop delay after the last subscriber leaves (product-spec §4). */
export const CACHE_DROP_DELAY_MS = 5000;

/** The state of one cached value. */
export type CacheState<T> =
  | { status: 'pending' }
  | { status: 'ok'; data: T }
  | { status: 'error'; error: unknown };

/** One cached value. */
export interface CacheEntry<T> {
  readonly state: ReadonlySignal<CacheState<T>>;
  /** Resolves with the data once loaded, or rejects with the load error. */
  load(): Promise<T>;
  /** Loads again, keeping the old data visible until the new data arrives. */
  refresh(): Promise<T>;
  /** Registers interest; the returned function releases it. */
  retain(): () => void;
  /** Replaces the data directly, e.g. with the answer of an update call. */
  set(data: T): void;
}

/** Injectable timers, for tests with fake clocks. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** A keyed cache of entries. */
export interface Cache {
  entry<T>(key: string, loader: () => Promise<T>): CacheEntry<T>;
  /** Whether `key` is currently held. */
  has(key: string): boolean;
  /** Refreshes every held entry whose key starts with `prefix`. */
  invalidate(prefix: string): Promise<void>;
  /** Drops every entry, e.g. on sign-out. */
  clear(): void;
}

/** Creates an empty cache. */
export function createCache(timers: Timers): Cache {
  const entries = new Map<string, CacheEntry<unknown>>();

  function make<T>(key: string, loader: () => Promise<T>): CacheEntry<T> {
    const state = signal<CacheState<T>>({ status: 'pending' });
    let inflight: Promise<T> | null = null;
    let loaded = false;
    let subscribers = 0;
    let dropTimer: unknown = null;

    const scheduleDrop = () => {
      if (subscribers > 0 || inflight || dropTimer !== null) return;
      dropTimer = timers.setTimeout(() => {
        dropTimer = null;
        if (subscribers === 0 && !inflight && entries.get(key) === entry) entries.delete(key);
      }, CACHE_DROP_DELAY_MS);
    };

    const run = () => {
      inflight ??= loader().then(
        (data) => {
          inflight = null;
          loaded = true;
          state.value = { status: 'ok', data };
          scheduleDrop();
          return data;
        },
        (error) => {
          inflight = null;
          loaded = true;
          state.value = { status: 'error', error };
          scheduleDrop();
          throw error;
        },
      );
      return inflight;
    };

    const entry: CacheEntry<T> = {
      state,
      load() {
        const current = state.value;
        if (loaded && current.status === 'ok') return Promise.resolve(current.data);
        if (loaded && current.status === 'error' && !inflight) return Promise.reject(current.error);
        return run();
      },
      refresh: run,
      retain() {
        subscribers++;
        if (dropTimer !== null) {
          timers.clearTimeout(dropTimer);
          dropTimer = null;
        }
        if (!loaded && !inflight) run().catch(() => {});
        let released = false;
        return () => {
          if (released) return;
          released = true;
          subscribers--;
          scheduleDrop();
        };
      },
      set(data) {
        loaded = true;
        state.value = { status: 'ok', data };
      },
    };
    return entry;
  }

  return {
    entry<T>(key: string, loader: () => Promise<T>) {
      let entry = entries.get(key) as CacheEntry<T> | undefined;
      if (!entry) {
        entry = make(key, loader);
        entries.set(key, entry as CacheEntry<unknown>);
      }
      return entry;
    },
    has: (key) => entries.has(key),
    async invalidate(prefix) {
      await Promise.allSettled(
        [...entries].filter(([k]) => k.startsWith(prefix)).map(([, e]) => e.refresh()),
      );
    },
    clear: () => entries.clear(),
  };
}

/**
 * A signal of the state of whichever entry `current` names (it may depend on other signals, such
 * as the user id). While something watches the signal, that entry is retained, so it loads on
 * first watch and is dropped 5 s after the last watcher leaves.
 */
export function cachedSignal<T>(current: () => CacheEntry<T>): ReadonlySignal<CacheState<T>> {
  let held: CacheEntry<T> | null = null;
  let release: (() => void) | null = null;
  let watching = false;
  const hold = (entry: CacheEntry<T> | null) => {
    if (held === entry) return;
    release?.();
    held = entry;
    release = entry?.retain() ?? null;
  };
  return computed(
    () => {
      const entry = current();
      // The entry can change while watched (another user signs in): move the hold to it.
      if (watching) hold(entry);
      return entry.state.value;
    },
    {
      watched() {
        watching = true;
        hold(current());
      },
      unwatched() {
        watching = false;
        hold(null);
      },
    },
  );
}
