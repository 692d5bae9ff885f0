/**
 * The embedded database opens with no PGlite extension loaded (db/open-pglite.ts): a new folder
 * never gets pg_trgm, and a folder made while it was loaded (trigram indexes of migration 0015)
 * has them dropped at open, so users are still written and found.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createSignetServer } from '../../server/src/index.js';

// The server's own PGlite (the repository's root holds another version, for a bench peer): a data
// folder is read by the version that wrote it.
const fromServer = createRequire(new URL('../../server/package.json', import.meta.url));
const load = (name: string) => import(pathToFileURL(fromServer.resolve(name)).href);
const { PGlite } = (await load('@electric-sql/pglite')) as typeof import('@electric-sql/pglite');
const { pg_trgm } = (await load('@electric-sql/pglite/contrib/pg_trgm')) as {
  pg_trgm: import('@electric-sql/pglite').Extension;
};

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function extensionsIn(dataDir: string): Promise<string[]> {
  const db = await PGlite.create({ dataDir });
  try {
    return (await db.query<{ extname: string }>('SELECT extname FROM pg_extension ORDER BY 1')).rows.map(
      (row) => row.extname,
    );
  } finally {
    await db.close();
  }
}

async function signUpAndSearch(dataDir: string, email: string) {
  const logged: string[] = [];
  const server = await createSignetServer({
    database: { kind: 'pglite', dataDir },
    log: (l) => logged.push(l),
  });
  try {
    const dev = server.seeded.dev;
    const signUp = await server.fetch(
      new Request('http://localhost/api/v1/auth/password/sign-up', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-stack-access-type': 'client',
          'x-stack-project-id': dev.projectId,
          'x-stack-publishable-client-key': dev.publishableClientKey,
        },
        body: JSON.stringify({
          email,
          password: 'a good password 1',
          verification_callback_url: 'http://localhost/handler/email-verification',
        }),
      }),
    );
    expect(signUp.status).toBe(200);
    const list = await server.fetch(
      new Request(`http://localhost/api/v1/users?query=${encodeURIComponent(email.slice(0, 9))}`, {
        headers: {
          'x-stack-access-type': 'server',
          'x-stack-project-id': dev.projectId,
          'x-stack-secret-server-key': dev.secretServerKey,
        },
      }),
    );
    expect(list.status).toBe(200);
    const found = (await list.json()) as { items: Array<{ primary_email: string }> };
    return { emails: found.items.map((user) => user.primary_email), logged };
  } finally {
    await server.close();
  }
}

describe('PGlite without extensions', () => {
  it('makes a new folder without pg_trgm, and search finds users all the same', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'signet-pglite-'));
    folders.push(dataDir);
    const { emails } = await signUpAndSearch(dataDir, 'someone-new@example.com');
    expect(emails).toEqual(['someone-new@example.com']);
    expect(await extensionsIn(dataDir)).toEqual(['plpgsql']);
  });

  it('drops pg_trgm and its indexes from a folder made with it, then writes and finds users', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'signet-pglite-'));
    folders.push(dataDir);
    await signUpAndSearch(dataDir, 'first-user@example.com');
    // The folder as an earlier version left it: the extension and migration 0015's two indexes.
    const old = await PGlite.create({ dataDir, extensions: { pg_trgm } });
    await old.exec(`CREATE EXTENSION pg_trgm;
      CREATE INDEX "contact_channels_value_trgm_idx" ON "contact_channels" USING gin ("value" gin_trgm_ops);
      CREATE INDEX "users_display_name_trgm_idx" ON "users" USING gin ("display_name" gin_trgm_ops);`);
    await old.close();
    expect(await extensionsIn(dataDir)).toEqual(['pg_trgm', 'plpgsql']);

    // Writing a user into that folder needs the extension's functions until the indexes go.
    const { emails, logged } = await signUpAndSearch(dataDir, 'second-user@example.com');
    expect(emails).toEqual(['second-user@example.com']);
    expect(logged.some((line) => line.startsWith('pg_trgm dropped'))).toBe(true);
    expect(await extensionsIn(dataDir)).toEqual(['plpgsql']);
  });
});
