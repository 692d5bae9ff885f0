/** Typed app events, so plugins and hosts react to sign-ins without reading the session. */
import type { CurrentUser } from './user.js';

/** The events an app emits and what each carries. */
export interface AppEventMap {
  /** A sign-in finished (tokens stored, user loaded). */
  'signed-in': { userId: string; method: string; isNewUser: boolean };
  /** The session ended here (sign-out, deleted account, or another tab signed out). */
  'signed-out': Record<string, never>;
  /**
   * The session started, ended or was replaced (here or in another tab): whatever a plugin keeps
   * for the previous session (a cache of lists) is stale.
   */
  'session-changed': Record<string, never>;
  /** The current user changed: loaded, updated, or gone (null). */
  'user-changed': { user: CurrentUser | null };
}

/** Subscribe to and emit app events. */
export interface AppEvents {
  /** Calls `listener` on every `event`; returns the function that stops it. */
  on<E extends keyof AppEventMap>(event: E, listener: (payload: AppEventMap[E]) => void): () => void;
  emit<E extends keyof AppEventMap>(event: E, payload: AppEventMap[E]): void;
}

/** A small synchronous emitter; a throwing listener does not stop the others. */
export function createEvents(): AppEvents {
  const listeners = new Map<string, Set<(payload: never) => void>>();
  return {
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener as (payload: never) => void);
      return () => set.delete(listener as (payload: never) => void);
    },
    emit(event, payload) {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          (listener as (p: typeof payload) => void)(payload);
        } catch (error) {
          console.error(error);
        }
      }
    },
  };
}
