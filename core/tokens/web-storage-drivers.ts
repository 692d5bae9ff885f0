/**
 * The two simple token drivers: a `Map` in memory (lost on reload) and the browser's
 * `localStorage`. Written here rather than taken from unstorage because the kit needs only get,
 * set and remove, and unstorage's versions (with key listing, watching and clearing) cost about
 * 0.5 KB gzip in every client bundle. Any unstorage driver still works as a custom store.
 */
import type { TokenDriver } from './token-store.js';

/** Keeps tokens in memory: the default outside a browser. */
export function memoryTokenDriver(): TokenDriver {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/** Keeps tokens in `localStorage`; unlike cookies, the host's server cannot read them. */
export function localStorageTokenDriver(): TokenDriver {
  return {
    getItem: (key) => localStorage.getItem(key),
    setItem: (key, value) => localStorage.setItem(key, value),
    removeItem: (key) => localStorage.removeItem(key),
  };
}
