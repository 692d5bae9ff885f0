/**
 * Calls whose code arrives with their first use (core/loaded-calls): what plugins' APIs are made
 * of, so an app that never manages teams never downloads the code that does.
 */
import { describe, expect, it } from 'vitest';
import { loadedCalls, loadOnce } from '../../core/loaded-calls.js';

/** The calls a loaded module makes; `made` tells which load made them (read through `this`). */
class Calls {
  constructor(readonly made: number) {}
  async greet(name: string, punctuation = '!') {
    return `hello ${name}${punctuation} (calls made by load ${this.made})`;
  }
  async fail(): Promise<never> {
    throw new Error('the call failed');
  }
}

/** A module of calls that counts how often it was loaded, and a way to make its loads fail. */
function callsModule() {
  const state = { loads: 0, failNext: false };
  const load = async () => {
    state.loads++;
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (state.failNext) {
      state.failNext = false;
      throw new Error('chunk failed to load');
    }
    return new Calls(state.loads);
  };
  return { state, load };
}

describe('loadedCalls', () => {
  it('loads nothing until the first call, then answers with the loaded call and its arguments', async () => {
    const { state, load } = callsModule();
    const api = loadedCalls(loadOnce(load), ['greet']);
    expect(state.loads).toBe(0);
    await expect(api.greet('ada', '?')).resolves.toBe('hello ada? (calls made by load 1)');
    await expect(api.greet('bob')).resolves.toBe('hello bob! (calls made by load 1)');
    expect(state.loads).toBe(1);
  });

  it('gives first calls made at the same time one load and one set of calls', async () => {
    const { state, load } = callsModule();
    const api = loadedCalls(loadOnce(load), ['greet']);
    const answers = await Promise.all(['a', 'b', 'c', 'd'].map((name) => api.greet(name)));
    expect(answers).toEqual(['a', 'b', 'c', 'd'].map((name) => `hello ${name}! (calls made by load 1)`));
    expect(state.loads).toBe(1);
  });

  it('rejects the calls a failed load was for, and loads again on the next call', async () => {
    const { state, load } = callsModule();
    const api = loadedCalls(loadOnce(load), ['greet']);
    state.failNext = true;
    const [first, second] = await Promise.allSettled([api.greet('a'), api.greet('b')]);
    expect(first).toMatchObject({ status: 'rejected', reason: { message: 'chunk failed to load' } });
    expect(second).toMatchObject({ status: 'rejected', reason: { message: 'chunk failed to load' } });
    expect(state.loads).toBe(1);
    await expect(api.greet('c')).resolves.toBe('hello c! (calls made by load 2)');
    expect(state.loads).toBe(2);
  });

  it("passes on a loaded call's rejection as it is", async () => {
    const { load } = callsModule();
    const api = loadedCalls(loadOnce(load), ['fail', 'greet']);
    await expect(api.fail()).rejects.toThrow('the call failed');
    await expect(api.greet('still')).resolves.toContain('hello still!');
  });

  it('has exactly the calls it was given', () => {
    const { load } = callsModule();
    expect(Object.keys(loadedCalls(loadOnce(load), ['greet']))).toEqual(['greet']);
  });
});
