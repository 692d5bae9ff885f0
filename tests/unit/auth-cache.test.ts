/**
 * The auth cache serves only what no change has touched since: entries go with their project or
 * user, a read that raced an invalidation does not store, expiry times hold on every hit, and
 * nothing but verified tokens is served while the change feed is down.
 */
import { describe, expect, it } from 'vitest';
import type { ProjectRow } from '../../server/src/db/schema.js';
import { createAuthCache } from '../../server/src/services/auth-cache/auth-cache.js';
import { startChangeFeed } from '../../server/src/services/auth-cache/change-feed.js';
import type { UserRecord } from '../../server/src/services/users.js';

const project = { id: 'p' } as ProjectRow;
const user = { row: { id: 'u' } } as UserRecord;

function enabledCache() {
  const cache = createAuthCache({ maxAgeMs: 1000 });
  cache.enabled = true;
  return cache;
}

describe('auth cache', () => {
  it('serves a stored key and user until their project or user changes', () => {
    const cache = enabledCache();
    cache.storeKey(cache.epoch, 'client', 'p', 'pck_1', { project, keyExpiresAt: 500 }, 0);
    cache.storeUser(cache.epoch, 'p', 'u', 's', { user, sessionExpiresAt: null }, 0);
    expect(cache.key('client', 'p', 'pck_1', 10)?.project).toBe(project);
    expect(cache.user('p', 'u', 's', 10)?.user).toBe(user);
    expect(cache.key('server', 'p', 'pck_1', 10)).toBeUndefined();
    cache.invalidateUser('p', 'u');
    expect(cache.user('p', 'u', 's', 10)).toBeUndefined();
    expect(cache.key('client', 'p', 'pck_1', 10)).toBeDefined();
    cache.invalidateProject('p');
    expect(cache.key('client', 'p', 'pck_1', 10)).toBeUndefined();
  });

  it('a users-only write drops every user of the project and keeps its keys and other projects', () => {
    const cache = enabledCache();
    const other = { row: { id: 'v' } } as UserRecord;
    cache.storeKey(cache.epoch, 'client', 'p', 'k', { project, keyExpiresAt: 500 }, 0);
    cache.storeUser(cache.epoch, 'p', 'u', 's', { user, sessionExpiresAt: null }, 0);
    cache.storeUser(cache.epoch, 'p', 'v', '', { user: other, sessionExpiresAt: null }, 0);
    cache.storeUser(cache.epoch, 'q', 'u', 's', { user, sessionExpiresAt: null }, 0);
    const startedAt = cache.epoch;
    cache.invalidateUsers('p');
    expect(cache.user('p', 'u', 's', 1)).toBeUndefined();
    expect(cache.user('p', 'v', undefined, 1)).toBeUndefined();
    expect(cache.user('q', 'u', 's', 1)?.user).toBe(user);
    expect(cache.key('client', 'p', 'k', 1)?.project).toBe(project);
    // A read that began before it stores nothing: it may have seen the user as it was.
    cache.storeUser(startedAt, 'p', 'u', 's', { user, sessionExpiresAt: null }, 0);
    expect(cache.user('p', 'u', 's', 1)).toBeUndefined();
    // Unknown projects are no error.
    cache.invalidateUsers('nobody');
  });

  it('does not store what a read found when something changed while it ran', () => {
    const cache = enabledCache();
    const startedAt = cache.epoch;
    cache.invalidateUser('p', 'u'); // a write committed during the read
    cache.storeUser(startedAt, 'p', 'u', 's', { user, sessionExpiresAt: null }, 0);
    expect(cache.user('p', 'u', 's', 1)).toBeUndefined();
  });

  it('stores a user read while other users changed (their refreshes beside it), never one read while it changed', () => {
    const cache = enabledCache();
    const read = cache.epoch;
    cache.invalidateUser('p', 'v'); // another user's refresh committed during the read
    cache.invalidateUser('q', 'u'); // the same id in another project
    cache.storeUser(read, 'p', 'u', 's', { user, sessionExpiresAt: null }, 0);
    expect(cache.user('p', 'u', 's', 1)?.user).toBe(user);

    const again = cache.epoch;
    cache.invalidateUser('p', 'v');
    cache.invalidateUser('p', 'u');
    cache.invalidateUser('p', 'w');
    cache.storeUser(again, 'p', 'u', 's2', { user, sessionExpiresAt: null }, 0);
    expect(cache.user('p', 'u', 's2', 1)).toBeUndefined();
    // Changes of many users at once reach every user's read.
    for (const change of [
      () => cache.invalidateUsers('p'),
      () => cache.invalidateProject('p'),
      () => cache.invalidateAll(),
    ]) {
      const before = cache.epoch;
      change();
      cache.storeUser(before, 'p', 'u', 's3', { user, sessionExpiresAt: null }, 0);
      expect(cache.user('p', 'u', 's3', 1)).toBeUndefined();
    }
  });

  it('a read older than the user changes it remembers stores nothing', () => {
    const cache = createAuthCache({ maxAgeMs: 1000, maxRecentUserChanges: 2 });
    cache.enabled = true;
    const old = cache.epoch;
    cache.invalidateUser('p', 'u'); // forgotten below, with the two after it remembered
    cache.invalidateUser('p', 'v');
    cache.invalidateUser('p', 'w');
    cache.storeUser(old, 'p', 'u', 's', { user, sessionExpiresAt: null }, 0);
    expect(cache.user('p', 'u', 's', 1)).toBeUndefined();
    // A read that began after the forgotten change, while only others changed, stores.
    const recent = cache.epoch;
    cache.invalidateUser('p', 'x');
    cache.storeUser(recent, 'p', 'u', 's', { user, sessionExpiresAt: null }, 0);
    expect(cache.user('p', 'u', 's', 1)?.user).toBe(user);
  });

  it('stores a key read while users changed (sign-ins beside it), never one read while its project changed', () => {
    const cache = enabledCache();
    const keyRead = cache.epoch;
    // Sign-ins and sign-outs commit while the key is read: users change, keys cannot.
    cache.invalidateUsers('p');
    cache.invalidateUser('p', 'u');
    cache.invalidateUser('q', 'v');
    cache.storeKey(keyRead, 'client', 'p', 'k', { project, keyExpiresAt: 500 }, 0);
    expect(cache.key('client', 'p', 'k', 1)?.project).toBe(project);
    // A user read over the same stretch stores nothing: it may have seen the user as it was.
    cache.storeUser(keyRead, 'p', 'u', 's', { user, sessionExpiresAt: null }, 0);
    expect(cache.user('p', 'u', 's', 1)).toBeUndefined();

    for (const change of [() => cache.invalidateProject('p'), () => cache.invalidateAll()]) {
      const read = cache.epoch;
      change(); // the project (its settings, a key revoked) changed during the read
      cache.storeKey(read, 'client', 'p', 'k2', { project, keyExpiresAt: 500 }, 0);
      expect(cache.key('client', 'p', 'k2', 1)).toBeUndefined();
    }
  });

  it('honours key and session expiry and a maximum age on every hit', () => {
    const cache = enabledCache();
    cache.storeKey(cache.epoch, 'client', 'p', 'k', { project, keyExpiresAt: 100 }, 0);
    cache.storeUser(cache.epoch, 'p', 'u', 's', { user, sessionExpiresAt: 50 }, 0);
    expect(cache.key('client', 'p', 'k', 99)).toBeDefined();
    expect(cache.key('client', 'p', 'k', 100)).toBeUndefined();
    expect(cache.user('p', 'u', 's', 49)).toBeDefined();
    expect(cache.user('p', 'u', 's', 50)).toBeUndefined();
    cache.storeKey(cache.epoch, 'client', 'p', 'k2', { project, keyExpiresAt: 1e12 }, 0);
    expect(cache.key('client', 'p', 'k2', 999)).toBeDefined();
    expect(cache.key('client', 'p', 'k2', 1000)).toBeUndefined();
  });

  it('serves nothing from the database while the feed is down, and starts empty when it is back', () => {
    const cache = enabledCache();
    cache.storeKey(cache.epoch, 'client', 'p', 'k', { project, keyExpiresAt: 1e12 }, 0);
    cache.enabled = false;
    expect(cache.key('client', 'p', 'k', 1)).toBeUndefined();
    cache.storeKey(cache.epoch, 'client', 'p', 'k', { project, keyExpiresAt: 1e12 }, 0);
    cache.enabled = true;
    expect(cache.key('client', 'p', 'k', 1)).toBeUndefined();
  });

  it('keeps verified tokens until they expire, feed or not', () => {
    const cache = createAuthCache();
    const claims = { projectId: 'p', userId: 'u', refreshTokenId: 's', expiresAtMillis: 100 };
    cache.storeClaims('t', claims);
    expect(cache.claims('t', 99)).toBe(claims);
    expect(cache.claims('t', 100)).toBeUndefined();
  });

  it("never serves a kept token's claims to another token that ends like it", () => {
    const cache = createAuthCache();
    const signature = 'x'.repeat(86);
    const victim = `header.${'v'.repeat(300)}.${signature}`;
    const claims = { projectId: 'p', userId: 'victim', refreshTokenId: 's', expiresAtMillis: 100 };
    cache.storeClaims(victim, claims);
    // An attacker keeps the victim's signature and sends another payload (or any other head).
    expect(cache.claims(`header.${'a'.repeat(300)}.${signature}`, 1)).toBeUndefined();
    expect(cache.claims(signature, 1)).toBeUndefined();
    expect(cache.claims([...victim].join(''), 1)).toBe(claims); // the same token, another string
    // A token that ends alike and verified takes the place; the first is then verified again.
    const other = `header.${'o'.repeat(300)}.${signature}`;
    const otherClaims = { ...claims, userId: 'other' };
    cache.storeClaims(other, otherClaims);
    expect(cache.claims(other, 1)).toBe(otherClaims);
    expect(cache.claims(victim, 1)).toBeUndefined();
  });

  it('never serves a kept key to another key that ends like it, however its characters fold', () => {
    const cache = enabledCache();
    const kept = `pck_${'a'.repeat(41)}wxyz`;
    cache.storeKey(cache.epoch, 'client', 'p', kept, { project, keyExpiresAt: 500 }, 0);
    // Keys are looked up by their last characters (seven bits of each) and compared whole.
    for (const guess of [
      `pck_${'b'.repeat(41)}wxyz`,
      'wxyz',
      `${kept.slice(0, -1)}\u00fa`, // 'z' is 0x7a; 0xfa folds onto it
      kept.slice(1),
      `${kept}wxyz`,
    ]) {
      expect(cache.key('client', 'p', guess, 1), guess).toBeUndefined();
    }
    expect(cache.key('client', 'p', [...kept].join(''), 1)?.project).toBe(project);
    // A key that ends alike and checked takes the place; the first is then read again.
    const other = `pck_${'c'.repeat(41)}wxyz`;
    cache.storeKey(cache.epoch, 'client', 'p', other, { project, keyExpiresAt: 500 }, 0);
    expect(cache.key('client', 'p', other, 1)?.project).toBe(project);
    expect(cache.key('client', 'p', kept, 1)).toBeUndefined();
    // Keys shorter than the characters looked at are kept apart too.
    for (const short of ['k', 'kk', 'kkk']) {
      cache.storeKey(cache.epoch, 'client', 'p', short, { project, keyExpiresAt: 500 }, 0);
    }
    expect(cache.key('client', 'p', 'kk', 1)?.project).toBe(project);
    expect(cache.key('client', 'p', 'kkkk', 1)).toBeUndefined();
  });

  it('a key kept for one access type is not served for another, and checking it as that type replaces it', () => {
    const cache = enabledCache();
    cache.storeKey(cache.epoch, 'client', 'p', 'k', { project, keyExpiresAt: 500 }, 0);
    expect(cache.key('server', 'p', 'k', 1)).toBeUndefined();
    expect(cache.key('admin', 'p', 'k', 1)).toBeUndefined();
    cache.storeKey(cache.epoch, 'server', 'p', 'k', { project, keyExpiresAt: 500 }, 0);
    expect(cache.key('server', 'p', 'k', 1)?.project).toBe(project);
    expect(cache.key('client', 'p', 'k', 1)).toBeUndefined();
  });

  it('the change feed drops what each notification names, and everything for what it cannot read', async () => {
    const cache = enabledCache();
    let deliver: (payload: string) => void = () => {};
    await startChangeFeed(
      {
        listen: async (_channel, onMessage, onConnected) => {
          deliver = onMessage;
          onConnected(true);
          return async () => {};
        },
      },
      cache,
      () => {},
    );
    const fill = () => {
      cache.storeKey(cache.epoch, 'client', 'p', 'k', { project, keyExpiresAt: 1e12 }, 0);
      cache.storeUser(cache.epoch, 'p', 'u', 's', { user, sessionExpiresAt: null }, 0);
      cache.storeUser(cache.epoch, 'p', 'v', 's', { user, sessionExpiresAt: null }, 0);
    };
    fill();
    deliver(JSON.stringify({ p: 'p', u: 'u' }));
    expect(cache.user('p', 'u', 's', 1)).toBeUndefined();
    expect(cache.user('p', 'v', 's', 1)).toBeDefined();
    deliver(JSON.stringify({ p: 'p', u: null }));
    expect(cache.key('client', 'p', 'k', 1)).toBeUndefined();
    fill();
    deliver('not json');
    expect(cache.user('p', 'v', 's', 1)).toBeUndefined();
    fill();
    deliver(JSON.stringify({ p: '*', u: null }));
    expect(cache.key('client', 'p', 'k', 1)).toBeUndefined();
  });
});
