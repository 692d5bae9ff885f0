/**
 * The flows this browser started, each under its own `state`: which provider it went to and
 * whether it signs in or links. The callback reads back the record of the state it came with, so
 * two flows at once (GitHub in one tab, Google in another) each end as the provider that answered,
 * whichever finishes first. A record lives as long as the flow's verifier cookie (an hour); older
 * ones, of flows never finished, are swept whenever a flow starts or ends.
 */
import type { KeyValueStorage } from '../../core/index.js';
import { VERIFIER_COOKIE_MAX_AGE_SECONDS } from './pkce.js';

/** What a flow was started for. */
export interface StartedFlow {
  /** The provider id, lower case (`'github'`). */
  provider: string;
  /** Connecting the provider to the signed-in user rather than signing in with it. */
  link: boolean;
}

/** The key of one flow's record. */
const flowKey = (state: string) => `flow:${state}`;

/**
 * The states with a record and when each expires, `[state, epoch ms][]`: the only way to find the
 * records of flows never finished, since the storage cannot list its keys. Each record is its own
 * key, so two tabs writing this list at once can at worst leave a record to expire unswept; they
 * never lose or swap a flow's provider.
 */
const INDEX_KEY = 'flows';

function readIndex(storage: KeyValueStorage): [string, number][] {
  try {
    const index: unknown = JSON.parse(storage.get(INDEX_KEY) ?? '[]');
    return Array.isArray(index) ? (index.filter(Array.isArray) as [string, number][]) : [];
  } catch {
    return [];
  }
}

/** Drops the records that expired (and `state`'s), and writes the index with `add` appended. */
function sweep(storage: KeyValueStorage, now: number, state: string, add?: [string, number]) {
  const kept = readIndex(storage).filter(([s, expiresAt]) => {
    if (s === state) return false; // recorded again, or just taken
    if (expiresAt > now) return true;
    storage.remove(flowKey(s));
    return false;
  });
  storage.set(INDEX_KEY, JSON.stringify(add ? [...kept, add] : kept));
}

/** Records a flow just started under `state`. */
export function recordFlow(storage: KeyValueStorage, now: number, state: string, flow: StartedFlow) {
  storage.set(flowKey(state), JSON.stringify(flow));
  sweep(storage, now, state, [state, now + VERIFIER_COOKIE_MAX_AGE_SECONDS * 1000]);
}

/** The flow started under `state`, removed (a flow ends once), or null when this browser has none. */
export function takeFlow(storage: KeyValueStorage, now: number, state: string): StartedFlow | null {
  const raw = storage.get(flowKey(state));
  storage.remove(flowKey(state));
  sweep(storage, now, state);
  try {
    const flow = JSON.parse(raw ?? 'null') as Partial<StartedFlow> | null;
    return typeof flow?.provider === 'string' ? { provider: flow.provider, link: flow.link === true } : null;
  } catch {
    return null;
  }
}
