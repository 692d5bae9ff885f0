/**
 * What request authentication learned, kept in memory so a repeated request costs no database
 * round trip: verified access tokens (until they expire), project keys with their project, and a
 * token's user with whether its session is live.
 *
 * Correctness rests on invalidation, never on time alone:
 * - every write through this process's API clears the project's entries when it starts and when
 *   it ends (the pipeline does it, so no handler can forget; a route that declares it writes only
 *   users clears the project's users and keeps its keys; one that declares it writes only the
 *   users it names, such as a sign-in, a sign-out or a refresh, clears those users);
 * - every committed change to the tables behind these entries, from any process, reaches every
 *   process through PostgreSQL NOTIFY (triggers of migration 0005; see change-feed.ts);
 * - a read stores what it found only if no invalidation that could touch it happened while it ran
 *   (the epoch), so a read racing a write cannot put back what the write replaced;
 * - while the change feed is not connected, nothing is served from memory.
 * Entries also lapse after `maxAgeMs`, and expiry times (keys, sessions, tokens) are checked on
 * every hit.
 */
import type { AccessTokenClaims } from '../../crypto/access-tokens.js';
import type { ProjectRow } from '../../db/schema.js';
import type { UserRecord } from '../users.js';

interface Stamped {
  /** When the entry was stored (for `maxAgeMs`). */
  storedAt: number;
}

/** A valid project key and its project. */
export interface KeyEntry extends Stamped {
  project: ProjectRow | undefined;
  keyExpiresAt: number;
}

/** A token's user, or null when the user or its session is gone. */
export interface UserEntry extends Stamped {
  user: UserRecord | null;
  /** When the session stops being live by itself (null: never). */
  sessionExpiresAt: number | null;
}

/**
 * A valid project key as stored: the whole key, which a hit must equal, and the access type it was
 * checked for.
 */
interface StoredKey extends KeyEntry {
  key: string;
  type: string;
}

/** A verified access token as stored: the whole token, which a hit must equal. */
interface StoredClaims {
  token: string;
  claims: AccessTokenClaims;
}

interface ProjectEntries {
  /** By the key's {@link lookupNumber} (each key string is one key of one access type). */
  keys: Map<number, StoredKey>;
  /** By user id, then by session id ('' for tokens without one). */
  users: Map<string, Map<string, UserEntry>>;
}

/**
 * Where the invalidations stood when a read began: a read stores a key only if no project-wide
 * invalidation came since, and a user only if no invalidation that could touch that user came
 * since (one of the user, or of many users at once). Keys and users are told apart because users
 * change all the time (every sign-in) and keys rarely: with one count, a key read during a stream
 * of sign-ins was never stored and every request read it again. Users are told apart from each
 * other for the same reason: with one count for them all, a stream of refreshes (each one user's)
 * kept almost every read of the others from storing, and under load `users/me` fell to the
 * database's pace.
 */
export interface Epoch {
  readonly all: number;
  readonly projects: number;
}

/** Limits of the cache. */
export interface AuthCacheOptions {
  /** Entries older than this are read again. Default 60 s. */
  maxAgeMs?: number;
  /** At most this many verified tokens are kept (oldest dropped first). Default 10,000. */
  maxTokens?: number;
  /** At most this many entries per project (oldest dropped first). Default 10,000. */
  maxEntriesPerProject?: number;
  /**
   * How many of the latest single-user invalidations are remembered, for reads that began before
   * them (older ones are summed up in one count, which turns away every read older than them).
   * Default 10,000.
   */
  maxRecentUserChanges?: number;
}

/** The cache of one server process. */
export interface AuthCache {
  /** Whether entries may be served (the change feed is connected). */
  enabled: boolean;
  /** Where the invalidations stand: taken when a read begins, handed back when it stores. */
  readonly epoch: Epoch;
  claims(token: string, now: number): AccessTokenClaims | undefined;
  storeClaims(token: string, claims: AccessTokenClaims): void;
  key(type: string, projectId: string, key: string, now: number): KeyEntry | undefined;
  storeKey(
    epoch: Epoch,
    type: string,
    projectId: string,
    key: string,
    entry: Omit<KeyEntry, 'storedAt'>,
    now: number,
  ): void;
  user(projectId: string, userId: string, sessionId: string | undefined, now: number): UserEntry | undefined;
  storeUser(
    epoch: Epoch,
    projectId: string,
    userId: string,
    sessionId: string | undefined,
    entry: Omit<UserEntry, 'storedAt'>,
    now: number,
  ): void;
  /** Forgets everything about a project (its keys, its users). */
  invalidateProject(projectId: string): void;
  /** Forgets the users of a project (and their sessions), keeping its keys. */
  invalidateUsers(projectId: string): void;
  /** Forgets one user of a project. */
  invalidateUser(projectId: string, userId: string): void;
  /** Forgets everything. */
  invalidateAll(): void;
}

/**
 * What a secret a request sends (an access token, a project key) is looked up by: a number made of
 * its last four characters, which for a token are its signature's and for a key random ones. The
 * string comes fresh with every request, so a map keyed by the string hashed every character of
 * it on every lookup (about 500 instructions for a key, more for a token), where a small integer
 * is hashed in a few. The stored string is compared whole on a hit, so two secrets that end alike
 * are never taken for one another: the later one only takes the earlier's place, and the earlier
 * is verified or read again when it comes back.
 */
function lookupNumber(secret: string): number {
  const end = secret.length;
  // Seven bits per character (header values are Latin-1; a code above 127 only folds into
  // another number), four characters: below 2^28, an integer V8 keeps unboxed.
  return (
    (secret.charCodeAt(end - 1) & 127) |
    ((secret.charCodeAt(end - 2) & 127) << 7) |
    ((secret.charCodeAt(end - 3) & 127) << 14) |
    ((secret.charCodeAt(end - 4) & 127) << 21)
  );
}

/**
 * Drops the oldest entries of `map` until it has room for one more, handing each dropped value to
 * `onDrop` (for a map whose forgotten entries must still count somewhere).
 */
function makeRoom<K, V>(map: Map<K, V>, max: number, onDrop?: (value: V) => void): void {
  while (map.size >= max) {
    const [key, value] = map.entries().next().value as [K, V];
    map.delete(key);
    onDrop?.(value);
  }
}

/** Sets `key` as the newest entry of `map` (replacing any entry it had), keeping at most `max`. */
function setNewest<K, V>(map: Map<K, V>, max: number, key: K, value: V, onDrop?: (value: V) => void): void {
  map.delete(key);
  makeRoom(map, max, onDrop);
  map.set(key, value);
}

/** A new, empty cache (disabled until the change feed says it is connected). */
export function createAuthCache(options: AuthCacheOptions = {}): AuthCache {
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const maxTokens = options.maxTokens ?? 10_000;
  const maxEntries = options.maxEntriesPerProject ?? 10_000;
  const maxRecentUserChanges = options.maxRecentUserChanges ?? 10_000;
  const tokens = new Map<number, StoredClaims>();
  const projects = new Map<string, ProjectEntries>();
  // Every invalidation counts in `epoch`. Those of many users at once (a project, its users,
  // everything) set `manyUsersAt` to their count, and those that can change keys or projects
  // count in `projectEpoch` too. A single user's sets the user's count in `userChangedAt`, whose
  // oldest entries are forgotten into `forgottenUserChangesUpTo`.
  let epoch = 0;
  let projectEpoch = 0;
  let manyUsersAt = 0;
  const userChangedAt = new Map<string, number>();
  let forgottenUserChangesUpTo = 0;
  const userKey = (projectId: string, userId: string) => `${projectId}/${userId}`;
  /** Whether a user read that began at `at` may have seen the user as it was before a change. */
  const userChangedSince = (at: number, projectId: string, userId: string) =>
    manyUsersAt > at ||
    forgottenUserChangesUpTo > at ||
    (userChangedAt.get(userKey(projectId, userId)) ?? 0) > at;
  const forgetUserChange = (at: number) => {
    forgottenUserChangesUpTo = at;
  };
  let enabled = false;
  const fresh = (entry: Stamped | undefined, now: number) =>
    entry !== undefined && now - entry.storedAt < maxAgeMs ? entry : undefined;
  const entriesOf = (projectId: string) => {
    let entries = projects.get(projectId);
    if (!entries) {
      entries = { keys: new Map(), users: new Map() };
      projects.set(projectId, entries);
    }
    return entries;
  };

  return {
    get enabled() {
      return enabled;
    },
    set enabled(value: boolean) {
      // Whatever happened while the feed was down went unheard: start from nothing.
      if (value !== enabled) this.invalidateAll();
      enabled = value;
    },
    get epoch() {
      return { all: epoch, projects: projectEpoch };
    },
    // Verified tokens depend on no table (they are signed and carry their expiry), so they are
    // kept even while the feed is down.
    claims(token, now) {
      const stored = tokens.get(lookupNumber(token));
      if (stored === undefined || stored.token !== token) return undefined;
      // Expired tokens go back through verification, which answers ACCESS_TOKEN_EXPIRED.
      return stored.claims.expiresAtMillis > now ? stored.claims : undefined;
    },
    storeClaims(token, claims) {
      // A token that ends like a kept one replaces it.
      setNewest(tokens, maxTokens, lookupNumber(token), { token, claims });
    },
    key(type, projectId, key, now) {
      if (!enabled) return undefined;
      // Looked up by the key alone (no string built per request); a key sent as another access
      // type than it was checked for is not this entry.
      const entry = fresh(projects.get(projectId)?.keys.get(lookupNumber(key)), now) as StoredKey | undefined;
      return entry && entry.key === key && entry.type === type && entry.keyExpiresAt > now
        ? entry
        : undefined;
    },
    storeKey(at, type, projectId, key, entry, now) {
      // Only a change to a project (or to everything) can change its keys.
      if (!enabled || at.projects !== projectEpoch) return;
      setNewest(entriesOf(projectId).keys, maxEntries, lookupNumber(key), {
        ...entry,
        key,
        type,
        storedAt: now,
      });
    },
    user(projectId, userId, sessionId, now) {
      if (!enabled) return undefined;
      const entry = fresh(
        projects
          .get(projectId)
          ?.users.get(userId)
          ?.get(sessionId ?? ''),
        now,
      ) as UserEntry | undefined;
      if (!entry) return undefined;
      // A session that expired since is no session: read again (the database says no user).
      return entry.sessionExpiresAt === null || entry.sessionExpiresAt > now ? entry : undefined;
    },
    storeUser(at, projectId, userId, sessionId, entry, now) {
      if (!enabled || userChangedSince(at.all, projectId, userId)) return;
      const users = entriesOf(projectId).users;
      let sessions = users.get(userId);
      if (!sessions) {
        makeRoom(users, maxEntries);
        sessions = new Map();
        users.set(userId, sessions);
      }
      sessions.set(sessionId ?? '', { ...entry, storedAt: now });
    },
    invalidateProject(projectId) {
      manyUsersAt = ++epoch;
      projectEpoch++;
      projects.delete(projectId);
    },
    invalidateUsers(projectId) {
      manyUsersAt = ++epoch;
      projects.get(projectId)?.users.clear();
    },
    invalidateUser(projectId, userId) {
      setNewest(userChangedAt, maxRecentUserChanges, userKey(projectId, userId), ++epoch, forgetUserChange);
      projects.get(projectId)?.users.delete(userId);
    },
    invalidateAll() {
      manyUsersAt = ++epoch;
      projectEpoch++;
      projects.clear();
      userChangedAt.clear();
    },
  };
}
