/** Turns the `tokenStore` option of `createApp` into a store. */
import { cookieDriver, watchCookies } from './cookie-driver.js';
import { type TokenDriver, type TokenStore, tokenStoreFromDriver } from './token-store.js';
import { localStorageTokenDriver, memoryTokenDriver } from './web-storage-drivers.js';

/**
 * Where tokens are kept: `'memory'` (lost on reload; the default outside a browser), `'local-storage'`,
 * `'cookie'` (browser cookies readable by the host's own server; the default in a browser), any
 * token driver (an unstorage driver works as it is), or a ready `TokenStore`.
 */
export type TokenStoreOption = 'memory' | 'local-storage' | 'cookie' | TokenDriver | TokenStore;

/** Builds the store an app will use. */
export function createTokenStore(option: TokenStoreOption | undefined, projectId: string): TokenStore {
  const chosen = option ?? (typeof document === 'undefined' ? 'memory' : 'cookie');
  if (typeof chosen === 'object') {
    // A ready store reads and writes; anything else is a driver to build one over.
    return 'write' in chosen ? chosen : tokenStoreFromDriver(chosen, projectId);
  }
  if (chosen === 'cookie') return { ...tokenStoreFromDriver(cookieDriver(), projectId), watch: watchCookies };
  return tokenStoreFromDriver(
    chosen === 'local-storage' ? localStorageTokenDriver() : memoryTokenDriver(),
    projectId,
  );
}
