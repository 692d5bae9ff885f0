/**
 * The database layer: migrations and seeding are idempotent, survive restarts, and are safe when
 * several processes start at once against one PostgreSQL.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadMigrations } from '../../server/src/db/migrate.js';
import { createSignetServer } from '../../server/src/index.js';
import { raw, signUp } from '../support/raw-api.js';
import { createPostgresDatabase, postgresAvailable } from '../support/server.js';

describe('server database on pglite (data folder)', () => {
  it('keeps data, keys and the signing secret across restarts, and upserts keys given later', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'signet-pglite-'));
    try {
      const first = await createSignetServer({ database: { kind: 'pglite', dataDir } });
      const listener = await first.listen(0);
      const user = await signUp(listener.url, first.seeded.dev);
      const seeded = first.seeded;
      await first.close();

      const lines: string[] = [];
      const fixedKey = 'pck_fixedkeyfortests0000000000000000000000000000';
      const second = await createSignetServer({
        database: { kind: 'pglite', dataDir },
        seed: { dev: { publishableClientKey: fixedKey } },
        log: (line) => lines.push(line),
      });
      try {
        expect(lines.some((l) => l.startsWith('applied migrations'))).toBe(false);
        expect(second.seeded.internal).toEqual(seeded.internal);
        expect(second.seeded.dev.projectId).toBe(seeded.dev.projectId);
        expect(second.seeded.dev.publishableClientKey).toBe(fixedKey);
        const url = (await second.listen(0)).url;
        // The old access token still verifies: the secret lives in the database.
        const me = await raw(url, '/users/me', { keys: second.seeded.dev, accessToken: user.accessToken });
        expect(me.json.id).toBe(user.userId);
        // The earlier keys stay valid alongside the new one.
        const old = await raw(url, '/projects/current', { keys: seeded.dev });
        expect(old.status).toBe(200);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('takes fixed seed ids and keys from options', async () => {
    const seed = {
      internal: {
        publishableClientKey: 'pck_internal_fixed',
        secretServerKey: 'ssk_internal_fixed',
        superSecretAdminKey: 'sak_internal_fixed',
      },
      dev: {
        projectId: '6f1e4a52-8d3b-4c8e-9a57-1c2d3e4f5a6b',
        publishableClientKey: 'pck_dev_fixed',
        secretServerKey: 'ssk_dev_fixed',
        superSecretAdminKey: 'sak_dev_fixed',
      },
    };
    const server = await createSignetServer({ database: { kind: 'pglite' }, seed });
    try {
      expect(server.seeded.internal).toEqual({ projectId: 'internal', ...seed.internal });
      expect(server.seeded.dev).toEqual(seed.dev);
      const response = await server.fetch(
        new Request('http://signet.test/api/v1/projects/current', {
          headers: {
            'x-stack-project-id': seed.dev.projectId,
            'x-stack-access-type': 'server',
            'x-stack-secret-server-key': 'ssk_dev_fixed',
          },
        }),
      );
      expect((await response.json()).display_name).toBe('Development project');
    } finally {
      await server.close();
    }
  });
});

describe.runIf(postgresAvailable())('server database on postgres', () => {
  it('applies migrations exactly once when several servers start at once on one database', async () => {
    const database = await createPostgresDatabase();
    try {
      const servers = await Promise.all(
        Array.from({ length: 4 }, () =>
          createSignetServer({ database: { kind: 'postgres', url: database.url } }),
        ),
      );
      try {
        const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]];
        for (const s of servers) {
          expect(s.seeded.internal).toEqual(a.seeded.internal);
          expect(s.seeded.dev).toEqual(a.seeded.dev);
        }
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        try {
          const migrations = await client.query('SELECT name FROM signet_migrations');
          // Each shipped migration exactly once, whatever their number.
          const shipped = (await loadMigrations()).map((m) => m.name);
          expect(migrations.rows.map((r) => r.name)).toEqual(shipped);
          const keySets = await client.query('SELECT project_id FROM api_key_sets');
          expect(keySets.rowCount).toBe(2);
          const secrets = await client.query("SELECT value FROM server_meta WHERE key = 'server_secret'");
          expect(secrets.rowCount).toBe(1);
        } finally {
          await client.end();
        }
        // Processes share the signing secret: a token from one verifies on another.
        const urlA = (await a.listen(0)).url;
        const urlB = (await b.listen(0)).url;
        const user = await signUp(urlA, a.seeded.dev);
        const me = await raw(urlB, '/users/me', { keys: b.seeded.dev, accessToken: user.accessToken });
        expect(me.json.id).toBe(user.userId);
      } finally {
        await Promise.all(servers.map((s) => s.close()));
      }
    } finally {
      await database.drop();
    }
  });

  it('a restart on the same database applies nothing and keeps the keys', async () => {
    const database = await createPostgresDatabase();
    try {
      const first = await createSignetServer({ database: { kind: 'postgres', url: database.url } });
      const keys = first.seeded;
      await first.close();
      const lines: string[] = [];
      const second = await createSignetServer({
        database: { kind: 'postgres', url: database.url },
        log: (line) => lines.push(line),
      });
      expect(second.seeded).toEqual(keys);
      expect(lines).toEqual([]);
      await second.close();
    } finally {
      await database.drop();
    }
  });
});
