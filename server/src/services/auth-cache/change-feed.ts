/**
 * The change feed: NOTIFYs on `signet_changes` (sent by the triggers of migration 0005 on every
 * committed change to projects, keys, users, channels, passwords and sessions, from any process;
 * since migration 0016 not on a session's creation, which changes nothing a process keeps)
 * drop the matching entries of this process's auth cache. The cache serves nothing while the feed
 * is not connected.
 */
import type { DatabaseHandle } from '../../db/database.js';
import type { AuthCache } from './auth-cache.js';

/** The channel the triggers announce on. */
export const CHANGE_CHANNEL = 'signet_changes';

/** Starts feeding `cache`; resolves with a function that stops. */
export function startChangeFeed(
  database: Pick<DatabaseHandle, 'listen'>,
  cache: AuthCache,
  log: (line: string) => void,
): Promise<() => Promise<void>> {
  return database.listen(
    CHANGE_CHANNEL,
    (payload) => {
      let change: { p?: unknown; u?: unknown };
      try {
        change = JSON.parse(payload) as typeof change;
      } catch {
        log(`change feed: unreadable payload ${payload.slice(0, 80)}`);
        cache.invalidateAll();
        return;
      }
      if (typeof change.p !== 'string' || change.p === '*') cache.invalidateAll();
      else if (typeof change.u === 'string') cache.invalidateUser(change.p, change.u);
      else cache.invalidateProject(change.p);
    },
    (connected) => {
      cache.enabled = connected;
    },
  );
}
