/**
 * The session: holds the tokens, refreshes the access token when it is missing or about to
 * expire (one refresh at a time, shared by every caller), and knows when it has become invalid.
 */
import { type ReadonlySignal, signal } from '@preact/signals-core';
import { accessTokenExpiry } from '../jwt.js';
import type { TokenPair, TokenStore } from '../tokens/token-store.js';

/** Tokens are fetched when likely valid for this long (product-spec §9). */
export const DEFAULT_MIN_VALIDITY_MS = 20_000;
/** Asking for more validity than this is a programming error: access tokens are short. */
export const MAX_MIN_VALIDITY_MS = 60_000;

/** Exchanges a refresh token for a new access token; resolves null when the session is gone. */
export type Refresher = (refreshToken: string) => Promise<string | null>;

/** A session over a token store. */
export interface Session {
  /** False once the session is known to hold no usable tokens. */
  readonly valid: ReadonlySignal<boolean>;
  /** Tokens with an access token valid for at least `minValidityMs`, refreshing if needed; null when signed out. */
  getTokens(minValidityMs?: number): Promise<TokenPair | null>;
  /** Drops `accessToken` if it is still the current one, so the next call refreshes. */
  markAccessTokenExpired(accessToken: string): void;
  /** Stores the tokens of a fresh sign-in. */
  setTokens(tokens: TokenPair): Promise<void>;
  /** Clears both tokens and marks the session invalid. */
  clear(): Promise<void>;
  /**
   * Follows a change made to the store from outside: a different refresh token (a sign-in or
   * sign-out elsewhere) replaces the session and resolves true; a newer access token for the same
   * session is taken over quietly (it saves a refresh). Resolves false when the session stayed.
   */
  sync(): Promise<boolean>;
}

/** Creates a session; `now` is injectable so tests can move the clock. */
export function createSession(store: TokenStore, refresh: Refresher, now: () => number = Date.now): Session {
  let tokens: TokenPair | null = null;
  let loading: Promise<void> | null = null;
  let refreshing: Promise<TokenPair | null> | null = null;
  const valid = signal(true);

  const load = () => {
    loading ??= store.read().then((read) => {
      tokens = read;
      valid.value = !!read.refreshToken;
    });
    return loading;
  };

  const refreshOnce = (refreshToken: string) => {
    refreshing ??= (async () => {
      try {
        const accessToken = await refresh(refreshToken);
        // A sign-out or a new sign-in while the refresh was in flight wins over its result.
        if (tokens?.refreshToken !== refreshToken) return tokens;
        if (!accessToken) {
          await clear();
          return null;
        }
        tokens = { refreshToken, accessToken };
        await store.write(tokens);
        return tokens;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  };

  async function clear() {
    tokens = { accessToken: null, refreshToken: null };
    valid.value = false;
    await store.write(tokens);
  }

  return {
    valid,
    async getTokens(minValidityMs = DEFAULT_MIN_VALIDITY_MS) {
      if (minValidityMs >= MAX_MIN_VALIDITY_MS) {
        throw new RangeError(`Required token validity must be under ${MAX_MIN_VALIDITY_MS} ms.`);
      }
      await load();
      const current = tokens;
      if (!current?.refreshToken) return null;
      if (current.accessToken && accessTokenExpiry(current.accessToken) - now() > minValidityMs)
        return current;
      return refreshOnce(current.refreshToken);
    },
    markAccessTokenExpired(accessToken) {
      if (tokens?.accessToken === accessToken) tokens = { ...tokens, accessToken: null };
    },
    async setTokens(next) {
      await load();
      tokens = next;
      valid.value = !!next.refreshToken;
      await store.write(next);
    },
    clear: async () => {
      await load();
      await clear();
    },
    async sync() {
      await load();
      const read = await store.read();
      if (read.refreshToken !== (tokens?.refreshToken ?? null)) {
        tokens = read;
        valid.value = !!read.refreshToken;
        return true;
      }
      // A half-written pair (read between two cookie writes) has no access token: keep ours.
      if (read.accessToken && tokens) tokens = read;
      return false;
    },
  };
}
