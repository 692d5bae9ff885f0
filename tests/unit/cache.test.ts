import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCache } from '../../core/cache.js';
import { createEnvironment } from '../../core/env.js';

describe('cache', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('drops an entry 5 s after its last subscriber leaves', async () => {
    const cache = createCache(createEnvironment());
    const loader = vi.fn(async () => 'data');
    const entry = cache.entry('k', loader);
    const release = entry.retain();
    await vi.advanceTimersByTimeAsync(0);
    expect(entry.state.value).toEqual({ status: 'ok', data: 'data' });
    release();
    await vi.advanceTimersByTimeAsync(4999);
    expect(cache.has('k')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(cache.has('k')).toBe(false);
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('keeps the entry when a subscriber returns before 5 s', async () => {
    const cache = createCache(createEnvironment());
    const entry = cache.entry('k', async () => 1);
    const first = entry.retain();
    await vi.advanceTimersByTimeAsync(0);
    first();
    await vi.advanceTimersByTimeAsync(3000);
    const second = entry.retain();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(cache.has('k')).toBe(true);
    second();
  });

  it('never drops an entry while it is loading', async () => {
    const cache = createCache(createEnvironment());
    let resolve!: (v: string) => void;
    const entry = cache.entry('k', () => new Promise<string>((r) => (resolve = r)));
    const release = entry.retain();
    release();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(cache.has('k')).toBe(true);
    expect(entry.state.value.status).toBe('pending');
    resolve('late');
    await vi.advanceTimersByTimeAsync(0);
    expect(entry.state.value).toEqual({ status: 'ok', data: 'late' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(cache.has('k')).toBe(false);
  });

  it('shares one load among subscribers and reports errors as a state', async () => {
    const cache = createCache(createEnvironment());
    const loader = vi.fn(async () => {
      throw new Error('boom');
    });
    const entry = cache.entry('k', loader);
    const a = entry.retain();
    const b = cache.entry('k', loader).retain();
    await vi.advanceTimersByTimeAsync(0);
    expect(loader).toHaveBeenCalledTimes(1);
    expect(entry.state.value.status).toBe('error');
    await expect(entry.load()).rejects.toThrow('boom');
    a();
    b();
  });
});

describe('cachedSignal', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads while watched and drops 5 s after the last watcher leaves', async () => {
    const { cachedSignal } = await import('../../core/cache.js');
    const cache = createCache(createEnvironment());
    const loader = vi.fn(async () => ['a']);
    const state = cachedSignal(() => cache.entry('list', loader));
    const seen: string[] = [];
    const stop = state.subscribe((s) => seen.push(s.status));
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['pending', 'ok']);
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(cache.has('list')).toBe(false);
    expect(loader).toHaveBeenCalledTimes(1);
  });
});
