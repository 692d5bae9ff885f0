/** The cookie poll runs on the timers it is given (the app's environment), not on globals. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_POLL_MS, watchCookies } from '../../core/tokens/cookie-driver.js';

describe('watchCookies', () => {
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'document');
  });

  it('looks at document.cookie on the given interval timer and reports only changes', () => {
    const page = { cookie: 'a=1' };
    Object.defineProperty(globalThis, 'document', { value: page, configurable: true });
    let tick: (() => void) | null = null;
    const timers = {
      setInterval: vi.fn((fn: () => void, ms: number) => {
        expect(ms).toBe(COOKIE_POLL_MS);
        tick = fn;
        return 7;
      }),
      clearInterval: vi.fn(),
    };
    const onChange = vi.fn();
    const stop = watchCookies(onChange, timers);
    tick!();
    expect(onChange).not.toHaveBeenCalled();
    page.cookie = 'a=2';
    tick!();
    tick!();
    expect(onChange).toHaveBeenCalledTimes(1);
    stop();
    expect(timers.clearInterval).toHaveBeenCalledWith(7);
  });
});
