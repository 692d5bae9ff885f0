/**
 * Builds signet-server to JavaScript: the sources (and the kit's wire files they share) bundled
 * into dist/, npm packages left as imports, so the published server runs on plain Node with no
 * TypeScript compiler. Source maps point back at the sources.
 */
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const server = fileURLToPath(new URL('..', import.meta.url));
await rm(`${server}dist`, { recursive: true, force: true });
await build({
  entryPoints: { index: `${server}src/index.ts`, cli: `${server}src/cli.ts` },
  outdir: `${server}dist`,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  sourcesContent: true,
  logLevel: 'warning',
});
