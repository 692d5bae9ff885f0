/**
 * One contract every token driver passes (the kit's memory and localStorage drivers, and an
 * unstorage driver a host might bring): what the token store writes, it reads back, and a sign-out
 * leaves nothing behind. `localStorage` does not exist in Node; a Map-backed stand-in with the same
 * methods plays it here, and the browser's real one is used by the end-to-end suite's apps.
 */
import memoryDriver from 'unstorage/drivers/memory';
import { afterAll, describe, expect, it } from 'vitest';
import { refreshTokenKey, tokenStoreFromDriver } from '../../core/tokens/token-store.js';
import { localStorageTokenDriver, memoryTokenDriver } from '../../core/tokens/web-storage-drivers.js';

/** The Storage methods the driver uses, over a Map. */
class MapStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, String(value));
  removeItem = (key: string) => void this.items.delete(key);
  keys = () => [...this.items.keys()];
}

/** A fresh, empty `localStorage` for each driver made. */
function freshLocalStorageDriver() {
  Object.defineProperty(globalThis, 'localStorage', { value: new MapStorage(), configurable: true });
  return localStorageTokenDriver();
}
afterAll(() => {
  Reflect.deleteProperty(globalThis, 'localStorage');
});

describe.each([
  ['memory (kit)', memoryTokenDriver],
  ['localStorage (kit)', freshLocalStorageDriver],
  ['memory (unstorage)', () => memoryDriver()],
])('token store over the %s driver', (_name, makeDriver) => {
  it('reads back what it wrote, under the wire cookie names', async () => {
    const driver = makeDriver();
    const store = tokenStoreFromDriver(driver, 'p1');
    expect(await store.read()).toEqual({ accessToken: null, refreshToken: null });
    await store.write({ accessToken: 'at', refreshToken: 'rt' });
    expect(await store.read()).toEqual({ accessToken: 'at', refreshToken: 'rt' });
    expect(await driver.getItem(refreshTokenKey('p1'), {})).toBe('rt');
    expect(await driver.getItem('stack-access', {})).toBe(JSON.stringify(['rt', 'at']));
  });

  it('ignores an access token left over from another session', async () => {
    const driver = makeDriver();
    await driver.setItem?.(refreshTokenKey('p1'), 'rt-new', {});
    await driver.setItem?.('stack-access', JSON.stringify(['rt-old', 'at-old']), {});
    expect(await tokenStoreFromDriver(driver, 'p1').read()).toEqual({
      accessToken: null,
      refreshToken: 'rt-new',
    });
  });

  it('leaves nothing behind after a sign-out, the legacy key included', async () => {
    const driver = makeDriver();
    await driver.setItem?.('stack-refresh', 'legacy', {});
    const store = tokenStoreFromDriver(driver, 'p1');
    expect((await store.read()).refreshToken).toBe('legacy');
    await store.write({ accessToken: 'at', refreshToken: 'rt' });
    await store.write({ accessToken: null, refreshToken: null });
    expect(await store.read()).toEqual({ accessToken: null, refreshToken: null });
    for (const key of [refreshTokenKey('p1'), 'stack-access', 'stack-refresh']) {
      expect(await driver.getItem(key, {}), key).toBeNull();
    }
  });
});
