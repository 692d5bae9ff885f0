/**
 * Every bundle the bench measures (bench/bundle-size.mjs) stays within its budget, measured the
 * same way (esbuild, minified, gzip -9), so CI fails where `npm run bench` would. The core +
 * password entry is the kit's first load: what a first sign-in does not need must stay in chunks
 * loaded on first use.
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a JavaScript module of the bench, without types.
import { ENTRIES, isBuildable, measure, measureLazyChunks } from '../../bench/bundle-size.mjs';

interface Entry {
  name: string;
  budgetBytes: number;
  dynamicImportsApart?: boolean;
}

const entries = (ENTRIES as Entry[]).filter((entry) => isBuildable(entry));

describe('bundle budgets', () => {
  it('measures every entry of the bench, the 8 KB first load among them', () => {
    expect(entries.length).toBe((ENTRIES as Entry[]).length);
    expect(entries.find((entry) => entry.name === 'core + password plugin')?.budgetBytes).toBeLessThanOrEqual(
      8 * 1024,
    );
  });

  it.each(entries.map((entry) => [entry.name, entry] as const))(
    '%s is within its budget',
    async (_, entry) => {
      const { gzipped } = (await measure(entry)) as { gzipped: number };
      expect(gzipped).toBeLessThanOrEqual(entry.budgetBytes);
    },
    30_000,
  );

  it('keeps error decoding, the refresh grant and the account calls out of the first sign-in', async () => {
    const entry = entries.find((e) => e.name === 'core + password plugin')!;
    const lazy = ((await measureLazyChunks(entry)) as { module: string }[]).map((chunk) => chunk.module);
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
    const lazy = ((await measureLazyChunks(entry)) as { module: string }[]).map((chunk) => chunk.module);
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
});
