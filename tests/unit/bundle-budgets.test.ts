/**
 * Every bundle the bench measures (bench/bundle-size.mjs) stays within its budget, measured the
 * same way (esbuild, minified, gzip -9), so CI fails where `npm run bench` would. The core +
 * password entry is the kit's first load: what a first sign-in does not need must stay in chunks
 * loaded on first use.
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a JavaScript module of the bench, without types.
import * as bundleBench from '../../bench/bundle-size.mjs';

interface Entry {
  name: string;
  budgetBytes: number;
  dynamicImportsApart?: boolean;
}

interface Chunk {
  module: string;
  gzipped: number;
}

/** What the test uses of the bench's module, typed. */
const { ENTRIES, isBuildable, LAZY_CHUNK_BUDGET_BYTES, measure, measureLazyChunks } = bundleBench as {
  ENTRIES: Entry[];
  isBuildable: (entry: Entry) => boolean;
  LAZY_CHUNK_BUDGET_BYTES: number;
  measure: (entry: Entry) => Promise<{ gzipped: number }>;
  measureLazyChunks: (entry: Entry) => Promise<Chunk[]>;
};

const entries = ENTRIES.filter((entry) => isBuildable(entry));

describe('bundle budgets', () => {
  it('measures every entry of the bench, the 8 KB first load among them', () => {
    expect(entries.length).toBe(ENTRIES.length);
    expect(entries.find((entry) => entry.name === 'core + password plugin')?.budgetBytes).toBeLessThanOrEqual(
      8 * 1024,
    );
  });

  it.each(entries.map((entry) => [entry.name, entry] as const))(
    '%s is within its budget',
    async (_, entry) => {
      const { gzipped } = await measure(entry);
      expect(gzipped).toBeLessThanOrEqual(entry.budgetBytes);
    },
    30_000,
  );

  it('keeps error decoding, the refresh grant and the account calls out of the first sign-in', async () => {
    const entry = entries.find((e) => e.name === 'core + password plugin')!;
    const lazy = (await measureLazyChunks(entry)).map((chunk) => chunk.module);
    expect(lazy).toEqual(
      expect.arrayContaining([
        'core/http/settle-attempts.ts',
        'core/errors/signet-error.ts',
        'core/session/refresh-grant.ts',
        'core/app/account.ts',
        'core/app/handle.ts',
        'plugins/password/account-calls.ts',
      ]),
    );
  }, 30_000);

  it('keeps the admin, server and teams plugins’ calls out of the every-plugin load', async () => {
    const entry = entries.find((e) => e.name.startsWith('every plugin with its screens'))!;
    const lazy = (await measureLazyChunks(entry)).map((chunk) => chunk.module);
    expect(lazy).toEqual(
      expect.arrayContaining([
        'plugins/admin-api-keys/calls.ts',
        'plugins/admin-emails/calls.ts',
        'plugins/admin-metrics/calls.ts',
        'plugins/admin-project/calls.ts',
        'plugins/admin-team-permission-definitions/calls.ts',
        'plugins/admin-webhooks/calls.ts',
        'plugins/owner-projects/calls.ts',
        'plugins/server-contact-channels/calls.ts',
        'plugins/server-sessions/calls.ts',
        'plugins/server-teams/calls.ts',
        'plugins/server-users/calls.ts',
        'plugins/teams/calls.ts',
      ]),
    );
  }, 60_000);

  it('keeps each chunk loaded on first use within its budget, carrying only what it reads', async () => {
    for (const entry of entries.filter((e) => e.dynamicImportsApart)) {
      for (const chunk of await measureLazyChunks(entry)) {
        expect(chunk.gzipped, `${entry.name}: ${chunk.module}`).toBeLessThanOrEqual(LAZY_CHUNK_BUDGET_BYTES);
      }
    }
    // The admin calls read one function of the wire's barrel: none of the wire's schemas or its
    // message catalogue come with them.
    const everything = entries.find((e) => e.name.startsWith('every plugin with its screens'))!;
    const apiKeys = (await measureLazyChunks(everything)).find(
      (chunk) => chunk.module === 'plugins/admin-api-keys/calls.ts',
    );
    expect(apiKeys?.gzipped).toBeLessThan(1024);
  }, 60_000);
});
