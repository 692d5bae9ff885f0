/**
 * Small storages plugins may keep state in: a key-value store namespaced per project and plugin
 * (local storage in a browser, memory elsewhere), and a cookie jar by exact name for values whose
 * names the wire fixes (the OAuth PKCE verifier cookie).
 */
import { readCookie, writeCookie } from './tokens/cookie-driver.js';

/** Strings by key. */
export interface KeyValueStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/** Cookies by exact name. */
export interface CookieJar {
  get(name: string): string | null;
  set(name: string, value: string, options?: { maxAgeSeconds?: number }): void;
  remove(name: string): void;
}

function memoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => void values.set(key, value),
    remove: (key) => void values.delete(key),
  };
}

/** Local storage under `prefix` when the browser allows it, else memory (private modes, servers). */
export function namespacedStorage(prefix: string, useLocalStorage: boolean): KeyValueStorage {
  let store: Storage;
  try {
    if (!useLocalStorage || typeof localStorage === 'undefined') return memoryStorage();
    store = localStorage;
  } catch {
    // Access denied (sandboxed iframe, disabled storage): fall back to memory.
    return memoryStorage();
  }
  return {
    get: (key) => store.getItem(prefix + key),
    set: (key, value) => {
      try {
        store.setItem(prefix + key, value);
      } catch {
        // Quota or privacy mode: the value is a hint, losing it is harmless.
      }
    },
    remove: (key) => store.removeItem(prefix + key),
  };
}

/** `document.cookie` in a browser, memory elsewhere. */
export function cookieJar(useDocument: boolean): CookieJar {
  if (!useDocument || typeof document === 'undefined') return memoryStorage();
  return {
    get: readCookie,
    // A session cookie unless a lifetime is given.
    set: (name, value, options) => writeCookie(name, value, options?.maxAgeSeconds),
    remove: (name) => writeCookie(name, '', 0),
  };
}
