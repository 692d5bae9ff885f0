/**
 * The platform as the kit sees it: clock, timers, randomness and the current location, in one
 * object. Tests and unusual runtimes replace any part through `createApp({ env })`; everything in
 * the app (session expiry, cache drops, the cookie poll, redirects) reads the same object.
 */
import type { Timers } from './cache.js';

/** Clock, timers, randomness and location. */
export interface Environment extends Timers {
  /** Epoch milliseconds. */
  now(): number;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  sleep(ms: number): Promise<void>;
  /** A number in [0, 1), as `Math.random`. */
  random(): number;
  /** The page the app is on, or null outside a browser. */
  currentUrl(): string | null;
  /** True where there is a DOM (a browser, or a test DOM). */
  readonly isBrowser: boolean;
}

/** The real platform, with `overrides` replacing any part. */
export function createEnvironment(overrides?: Partial<Environment>): Environment {
  const hasDom = typeof document !== 'undefined';
  return {
    now: () => Date.now(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    setInterval: (fn, ms) => setInterval(fn, ms),
    clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
    sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    random: () => Math.random(),
    currentUrl: () => (typeof location === 'undefined' ? null : location.href),
    isBrowser: hasDom,
    ...overrides,
  };
}
