/**
 * The two simple token drivers: a `Map` in memory (lost on reload) and the browser's
 * `localStorage`. Written here rather than taken from unstorage because the kit needs only get,
 * set and remove, and unstorage's versions (with key listing, watching and clearing) cost about
 * 0.5 KB gzip in every client bundle. Any unstorage driver still works as a custom store.
 */
import type { Driver } from 'unstorage';

/** Keeps tokens in memory: the default outside a browser. */
export function memoryTokenDriver(): Driver {
  const items = new Map<string, string>();
  return {
    name: 'signet-memory',
    hasItem: (key) => items.has(key),
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    getKeys: () => [...items.keys()],
  };
}

/** Keeps tokens in `localStorage`; unlike cookies, the host's server cannot read them. */
export function localStorageTokenDriver(): Driver {
  return {
    name: 'signet-local-storage',
    hasItem: (key) => localStorage.getItem(key) !== null,
    getItem: (key) => localStorage.getItem(key),
    setItem: (key, value) => localStorage.setItem(key, value),
    removeItem: (key) => localStorage.removeItem(key),
    getKeys: () => Object.keys(localStorage),
  };
}
