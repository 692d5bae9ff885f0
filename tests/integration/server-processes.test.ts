/**
 * Several server processes on one PostgreSQL and one Redis, as `--workers` or separate machines
 * run them: what one process changes holds on the others at once — a revoked session, a revoked
 * API key, a changed config — though each keeps what authentication read in memory, and a rate
 * limit is counted across all of them. The caches are primed on every process first, so a stale
 * one would show.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliServer, startCli } from '../support/cli-process.js';
import { expectKnownError, raw, signUp } from '../support/raw-api.js';
import { REDIS_URL, redisAvailable } from '../support/redis.js';
import { createPostgresDatabase, postgresAvailable } from '../support/server.js';

describe.runIf(postgresAvailable() && redisAvailable())('three processes on one database', () => {
  let database: { url: string; drop(): Promise<void> };
  let servers: CliServer[] = [];
  beforeAll(async () => {
    database = await createPostgresDatabase();
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL,
      SIGNET_RATE_LIMITS: 'always',
    };
    // The first applies the migrations and seeds; the others find them done.
    servers.push(await startCli([], env));
    servers.push(...(await Promise.all([startCli([], env), startCli([], env)])));
  }, 120_000);
  afterAll(async () => {
    for (const server of servers) expect(await server.stop()).toBe(0);
    servers = [];
    await database?.drop();
  });

  /** The same request to every process. */
  const onEach = (path: string, init: Parameters<typeof raw>[2]) =>
    Promise.all(servers.map((s) => raw(s.url, path, init)));

  /**
   * The answers of every process once they all say `ok`: the process that made the change knows
   * at once; the others hear it from PostgreSQL NOTIFY at commit, within milliseconds, so a request
   * racing the notification may still see the old state (docs/server/processes.md). One second
   * is far more than that takes.
   */
  async function onEachOnceAll(
    path: string,
    init: Parameters<typeof raw>[2],
    ok: (answer: Awaited<ReturnType<typeof raw>>) => boolean,
  ) {
    const deadline = Date.now() + 1000;
    for (;;) {
      const answers = await onEach(path, init);
      if (answers.every(ok) || Date.now() > deadline) return answers;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('the three serve one project', () => {
    expect(new Set(servers.map((s) => s.keys.projectId)).size).toBe(1);
    expect(new Set(servers.map((s) => s.url)).size).toBe(3);
  });

  it('a session revoked through one process is refused by the others on their next request', async () => {
    const [a] = servers;
    const keys = a!.keys;
    const user = await signUp(a!.url, keys);
    for (let i = 0; i < 2; i++) {
      for (const me of await onEach('/users/me', { keys, accessToken: user.accessToken }))
        expect(me.json.id).toBe(user.userId);
    }
    const signOut = await raw(servers[1]!.url, '/auth/sessions/current', {
      method: 'DELETE',
      keys,
      accessToken: user.accessToken,
      refreshToken: user.refreshToken,
      body: {},
    });
    expect(signOut.status, signOut.text).toBe(200);
    const after = await onEachOnceAll(
      '/users/me',
      { keys, accessToken: user.accessToken },
      (r) => r.status !== 200,
    );
    for (const me of after) expectKnownError(me, 'CANNOT_GET_OWN_USER_WITHOUT_USER');
  });

  it('an API key revoked through one process is refused by the others', async () => {
    const keys = servers[0]!.keys;
    const created = await raw(servers[0]!.url, '/internal/api-keys', {
      keys,
      access: 'admin',
      body: {
        description: 'shared',
        expires_at_millis: Date.now() + 3600_000,
        has_publishable_client_key: false,
        has_secret_server_key: true,
        has_super_secret_admin_key: false,
      },
    });
    const withKey = { ...keys, secretServerKey: created.json.secret_server_key as string };
    for (let i = 0; i < 2; i++)
      for (const list of await onEach('/users', { keys: withKey, access: 'server' }))
        expect(list.status).toBe(200);
    const revoked = await raw(servers[2]!.url, `/internal/api-keys/${created.json.id}`, {
      method: 'PATCH',
      keys,
      access: 'admin',
      body: { revoked: true },
    });
    expect(revoked.status).toBe(200);
    const after = await onEachOnceAll('/users', { keys: withKey, access: 'server' }, (r) => r.status !== 200);
    for (const list of after)
      expectKnownError(list, 'INVALID_SECRET_SERVER_KEY', { project_id: keys.projectId });
  });

  it('a config change made through one process holds on the others', async () => {
    const keys = servers[0]!.keys;
    for (const project of await onEach('/projects/current', { keys }))
      expect(project.json.config.sign_up_enabled).toBe(true);
    const patched = await raw(servers[1]!.url, '/projects/current', {
      method: 'PATCH',
      keys,
      access: 'admin',
      body: { config: { sign_up_enabled: false } },
    });
    expect(patched.status).toBe(200);
    for (const project of await onEach('/projects/current', { keys }))
      expect(project.json.config.sign_up_enabled).toBe(false);
    const results = await Promise.all(
      servers.map((s, i) =>
        raw(s.url, '/auth/password/sign-up', {
          keys,
          body: {
            email: `closed-${i}-${Date.now()}@example.com`,
            password: 'long enough 1',
            verification_callback_url: 'http://localhost:5173/v',
          },
        }),
      ),
    );
    for (const result of results) expectKnownError(result, 'SIGN_UP_NOT_ENABLED');
  });

  it('counts a rate limit across the processes: ten password tries for one email in all, wherever they land', async () => {
    const keys = servers[0]!.keys;
    const email = `limited-${Date.now()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await raw(servers[i % 3]!.url, '/auth/password/sign-in', {
        keys,
        body: { email, password: 'wrong password' },
      });
      statuses.push(response.status);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
  });
});

describe.runIf(postgresAvailable())('--workers', () => {
  it('serves from several processes on one port and stops them all on SIGTERM', async () => {
    const database = await createPostgresDatabase();
    try {
      const server = await startCli(['--workers', '2'], { DATABASE_URL: database.url });
      try {
        expect(server.output()).toContain('(2 processes)');
        const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${server.url}/api/v1`)));
        expect(answers.every((a) => a.status === 200)).toBe(true);
      } finally {
        expect(await server.stop()).toBe(0);
      }
    } finally {
      await database.drop();
    }
  }, 120_000);

  it('refuses to share a PGlite database between processes', async () => {
    await expect(startCli(['--workers', '2'], { DATABASE_URL: '' })).rejects.toThrow(
      /--workers needs PostgreSQL/,
    );
  });
});
