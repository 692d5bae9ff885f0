/**
 * What the pipeline drops from the auth cache around a write, for routes a request names no
 * project to (the OAuth token endpoint takes the client's id in its form): a route declared
 * `writes: 'user'` drops the users its handler names, with the project it names them in, when the
 * handler ends, failing or not; a user named without any project drops everything, since it could
 * be anyone's. Other writes without a project drop nothing, as before. Ids are dropped in lower
 * case (the cache's spelling), and what is no id at all is not remembered.
 */
import { describe, expect, it } from 'vitest';
import { createHttpApp } from '../../server/src/http/app.js';
import { defineRoute } from '../../server/src/http/route.js';
import { type AuthCache, createAuthCache } from '../../server/src/services/auth-cache/auth-cache.js';
import type { ServerContext } from '../../server/src/services/context.js';

/** A cache that records each drop. */
function recordingCache() {
  const cache = createAuthCache();
  const drops: string[] = [];
  const recorded: AuthCache = Object.assign(Object.create(cache) as AuthCache, {
    invalidateUser: (projectId: string, userId: string) => {
      drops.push(`user ${projectId}/${userId}`);
      cache.invalidateUser(projectId, userId);
    },
    invalidateUsers: (projectId: string) => drops.push(`users ${projectId}`),
    invalidateProject: (projectId: string) => drops.push(`project ${projectId}`),
    invalidateAll: () => drops.push('all'),
  });
  return { cache: recorded, drops };
}

/** A route without a project key that names `named` (as `[userId, projectId?]`), then `ends`. */
function namingRoute(
  path: string,
  writes: 'user' | 'project' | undefined,
  named: Array<[string, string?]>,
  ends: 'answers' | 'throws',
) {
  return defineRoute({
    method: 'POST',
    path,
    summary: 'Names users it wrote (test only)',
    response: 'text',
    access: 'none',
    writes,
    async handler({ text, wroteUser }) {
      for (const [userId, projectId] of named) wroteUser(userId, projectId);
      if (ends === 'throws') throw new Error('the write failed');
      return text('done');
    },
  });
}

const PROJECT = '0b7a3e52-8c41-4f0e-9d2a-6f1c3b5e7a90';
const USER = '5d2f9c10-3e7b-4a68-b1c4-92e0f7a6d843';
const routes = [
  namingRoute('/grant', 'user', [[USER, PROJECT]], 'answers'),
  namingRoute('/grant-fails', 'user', [[USER, PROJECT]], 'throws'),
  namingRoute('/grant-nowhere', 'user', [[USER]], 'answers'),
  namingRoute('/grant-spelled', 'user', [[USER.toUpperCase(), PROJECT]], 'answers'),
  namingRoute('/grant-no-id', 'user', [['x'.repeat(16_000), PROJECT]], 'answers'),
  namingRoute('/legacy', undefined, [], 'answers'),
];

function serve() {
  const { cache, drops } = recordingCache();
  const ctx = { log: () => {}, authCache: cache, now: Date.now };
  const fetch = createHttpApp(ctx as unknown as ServerContext, routes);
  const post = async (path: string) =>
    (await fetch(new Request(`http://127.0.0.1/api/v1${path}`, { method: 'POST' }))).status;
  return { drops, post };
}

describe('writes on routes without a project key', () => {
  it('drop each named user in the project it was named with, once the handler ends', async () => {
    const { drops, post } = serve();
    expect(await post('/grant')).toBe(200);
    expect(drops).toEqual([`user ${PROJECT}/${USER}`]);
  });

  it('drop the named users when the handler fails too', async () => {
    const { drops, post } = serve();
    expect(await post('/grant-fails')).toBe(500);
    expect(drops).toEqual([`user ${PROJECT}/${USER}`]);
  });

  it('drop everything for a user named without a project, which could be anyone', async () => {
    const { drops, post } = serve();
    expect(await post('/grant-nowhere')).toBe(200);
    expect(drops).toEqual(['all']);
  });

  it('drop an id in the spelling the cache keeps, and remember nothing for what is no id', async () => {
    const { drops, post } = serve();
    expect(await post('/grant-spelled')).toBe(200);
    expect(await post('/grant-no-id')).toBe(200);
    expect(drops).toEqual([`user ${PROJECT}/${USER}`]);
  });

  it('drop nothing for a write that declares no scope and has no project', async () => {
    const { drops, post } = serve();
    expect(await post('/legacy')).toBe(200);
    expect(drops).toEqual([]);
  });
});
