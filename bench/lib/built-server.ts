/**
 * signet-server as the published package runs it: `src/index.ts` and `src/cli.ts` bundled with the
 * build's own options (server/scripts/build-options.mjs; console left out), into a temporary folder beside the
 * sources so that `../migrations/` and the server's node_modules resolve as they do from dist/.
 * The benches measure this build, not the sources through tsx: tsx's transform keeps function
 * names with a helper call per closure, which the published JavaScript does not pay.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { serverBuildOptions } from '../../server/scripts/build-options.mjs';

const SERVER_DIR = fileURLToPath(new URL('../../server/', import.meta.url));

/** A build of the server: its library entry, its CLI, and how to remove it. */
export interface BuiltServer {
  /** Absolute path of the built `index.js` (what `import 'signet-server'` loads). */
  index: string;
  /** Absolute path of the built `cli.js` (what the `signet-server` bin runs). */
  cli: string;
  remove(): Promise<void>;
}

/** Builds the server into `server/.bench-build-<pid>-<name>/`. */
export async function buildServer(name: string): Promise<BuiltServer> {
  const dir = join(SERVER_DIR, `.bench-build-${process.pid}-${name}`);
  await build(await serverBuildOptions(dir));
  return {
    index: join(dir, 'index.js'),
    cli: join(dir, 'cli.js'),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
