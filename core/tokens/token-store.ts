/**
 * Where the session's tokens live. Every store is a key-value driver underneath, keyed by the
 * names the wire's cookie store uses (wire.md §7.3), so a token written by one kind of store reads
 * the same in another and a host can bring any unstorage driver (or its own) as a custom store.
 */
import type { PollTimers } from './cookie-driver.js';

/** The two tokens of a session; either may be absent. */
export interface TokenPair {
  accessToken: string | null;
  refreshToken: string | null;
}

/** Reads and writes a session's tokens. */
export interface TokenStore {
  read(): Promise<TokenPair>;
  write(tokens: TokenPair): Promise<void>;
  /**
   * Calls `onChange` when the stored tokens may have changed from outside this app (another tab,
   * the host's server); returns a function that stops watching. Stores that only this app can
   * change leave it out.
   */
  watch?(onChange: () => void, timers?: PollTimers): () => void;
}

/** Key of the refresh token for a project. */
export const refreshTokenKey = (projectId: string) => `stack-refresh-${projectId}`;
/** Key of the access token; its value is the JSON array `[refreshToken, accessToken]`. */
export const ACCESS_TOKEN_KEY = 'stack-access';
/** The legacy refresh-token key: read for compatibility, deleted on write. */
export const LEGACY_REFRESH_TOKEN_KEY = 'stack-refresh';

/** A non-empty string, else null. */
const asString = (value: unknown) => (typeof value === 'string' && value) || null;

/**
 * The part of a key-value driver the kit uses: get, set and remove a string. Every unstorage driver
 * has this shape, so one can be passed as it is; the kit itself does not depend on unstorage.
 */
export interface TokenDriver {
  getItem(key: string, options?: unknown): unknown;
  setItem?(key: string, value: string, options: Record<string, never>): unknown;
  removeItem?(key: string, options: Record<string, never>): unknown;
}

/** A token store over any token driver (an unstorage driver included). */
export function tokenStoreFromDriver(driver: TokenDriver, projectId: string): TokenStore {
  const refreshKey = refreshTokenKey(projectId);
  return {
    async read() {
      const refreshToken =
        asString(await driver.getItem(refreshKey)) ??
        asString(await driver.getItem(LEGACY_REFRESH_TOKEN_KEY));
      // The access entry pairs the token with the refresh token it came from; an entry left over
      // from another session is ignored rather than sent.
      let accessToken: string | null = null;
      const raw = asString(await driver.getItem(ACCESS_TOKEN_KEY));
      if (raw) {
        try {
          const pair = JSON.parse(raw);
          if (Array.isArray(pair) && pair[0] === refreshToken) accessToken = asString(pair[1]);
        } catch {
          // A malformed entry is treated as no access token.
        }
      }
      return { accessToken, refreshToken };
    },
    async write({ accessToken, refreshToken }) {
      await driver.removeItem?.(LEGACY_REFRESH_TOKEN_KEY, {});
      if (refreshToken) await driver.setItem?.(refreshKey, refreshToken, {});
      else await driver.removeItem?.(refreshKey, {});
      if (accessToken && refreshToken) {
        await driver.setItem?.(ACCESS_TOKEN_KEY, JSON.stringify([refreshToken, accessToken]), {});
      } else await driver.removeItem?.(ACCESS_TOKEN_KEY, {});
    },
  };
}
