/**
 * Builds signet-server to JavaScript: the sources (and the kit's wire files they share) bundled
 * into dist/, npm packages left as imports but for a few bundled ones (see build-options.mjs, and
 * dist/THIRD_PARTY_LICENSES.md for their licenses), so the published server runs on plain Node
 * with no TypeScript compiler. Source maps carry the sources in them (the package ships no src/).
 *
 * It also builds the admin console (../console) into console-dist/, which the server serves at
 * /console.
 *
 * The build fails when the packages the bundle imports differ from `dependencies` in
 * package.json: a missing one would fail at run time only where it is not hoisted (an installed
 * tarball), and an unused one is weight every user installs.
 */
import { readFile, rm } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { serverBuildOptions, writeThirdPartyLicenses } from './build-options.mjs';

const server = fileURLToPath(new URL('..', import.meta.url));
await rm(`${server}dist`, { recursive: true, force: true });
const { metafile } = await build({
  ...(await serverBuildOptions(`${server}dist`)),
  sourcemap: true,
  sourcesContent: true,
  metafile: true,
});
await writeThirdPartyLicenses(`${server}dist`);

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const builtins = new Set(builtinModules);
const imported = new Set(
  Object.values(metafile.outputs)
    .flatMap((output) => output.imports)
    .filter((entry) => entry.external)
    .map((entry) => entry.path)
    .filter((path) => !path.startsWith('node:') && !builtins.has(packageOf(path)))
    .map(packageOf),
);
const { dependencies = {} } = JSON.parse(await readFile(`${server}package.json`, 'utf8'));
const declared = new Set(Object.keys(dependencies));
const missing = [...imported].filter((name) => !declared.has(name)).sort();
const unused = [...declared].filter((name) => !imported.has(name)).sort();
if (missing.length > 0 || unused.length > 0) {
  const lines = ['signet-server: dependencies in server/package.json differ from what dist/ imports'];
  if (missing.length > 0) lines.push(`  imported but not declared: ${missing.join(', ')}`);
  if (unused.length > 0) lines.push(`  declared but not imported: ${unused.join(', ')}`);
  console.error(lines.join('\n'));
  process.exit(1);
}

// The admin console, built into console-dist/ (served at /console; see src/http/console-files.ts).
// A production build whatever NODE_ENV this runs under (Vite keeps the one it finds).
process.env.NODE_ENV = 'production';
const { build: buildConsole } = await import('vite');
await buildConsole({
  mode: 'production',
  logLevel: 'warn',
  configFile: fileURLToPath(new URL('../../console/vite.config.ts', import.meta.url)),
});
