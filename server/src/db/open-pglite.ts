/**
 * Opening PGlite without extensions.
 *
 * The embedded database used to load `pg_trgm` for the users search's trigram indexes (migration
 * 0015). Loading a PGlite extension makes every request of the process slower, whatever it does:
 * the API root measured about 3.5 µs (15 %) slower per request with the extension loaded and
 * never used (bench/servers/same-answers and the request-path targets show the effect), and the
 * open itself takes longer. The embedded database has no need for trigram indexes: search answers
 * the same without them, reading the users (docs/users-at-scale.md), and a million users belong on
 * PostgreSQL, which keeps them.
 *
 * A data folder made while the extension was loaded holds the two trigram indexes, and writing a
 * user then needs the extension's functions. Such a folder has the indexes and the extension
 * dropped when it opens (neither needs the extension's code); should that fail, it is opened with
 * the extension as before.
 */
import type { PGlite } from '@electric-sql/pglite';

/** The trigram indexes migration 0015 creates where `pg_trgm` exists. */
const TRIGRAM_INDEXES = ['contact_channels_value_trgm_idx', 'users_display_name_trgm_idx'];

/** Opens PGlite on `dataDir` (in memory without one), with no extension loaded. */
export async function openPglite(dataDir: string | undefined, log: (line: string) => void): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create({ dataDir });
  // An in-memory database is new: it cannot hold the extension.
  if (dataDir === undefined) return client;
  const { rows } = await client.query("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'");
  if (rows.length === 0) return client;
  try {
    await client.transaction(async (tx) => {
      for (const index of TRIGRAM_INDEXES) await tx.exec(`DROP INDEX IF EXISTS "${index}"`);
      await tx.exec('DROP EXTENSION pg_trgm');
    });
    log(
      'pg_trgm dropped from the embedded database with its trigram indexes (search reads the users instead)',
    );
    return client;
  } catch (error) {
    log(`pg_trgm kept (${(error as Error).message}): the embedded database opens with it`);
    await client.close();
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    return PGlite.create({ dataDir, extensions: { pg_trgm } });
  }
}
