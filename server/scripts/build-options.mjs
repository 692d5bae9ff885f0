/**
 * How signet-server is bundled, shared by the build (scripts/build.mjs) and the benches that
 * measure the server as it ships (bench/lib/built-server.ts).
 *
 * Most npm packages stay imports, resolved from node_modules at run time. The packages in
 * {@link BUNDLED_PACKAGES} are bundled into dist/ instead: they are ES modules of many small files
 * (drizzle-orm 105, jose 46, hono 27 of the about 220 modules a start loaded), and each file is
 * one more module to resolve, read and link before the server can open its database. Bundled, a
 * later start on PGlite measured about 0.3 s sooner on a 2-core machine (fastest of six
 * interleaved starts each).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

/** Packages bundled into dist/; they are devDependencies of the package for that reason. */
export const BUNDLED_PACKAGES = ['drizzle-orm', 'hono', '@hono/node-server', 'jose'];

/** The esbuild options of the server's bundle, written into `outdir`. */
export async function serverBuildOptions(outdir) {
  const { dependencies = {} } = JSON.parse(await readFile(join(SERVER_DIR, 'package.json'), 'utf8'));
  return {
    entryPoints: { index: join(SERVER_DIR, 'src/index.ts'), cli: join(SERVER_DIR, 'src/cli.ts') },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Every run-time dependency stays an import (subpaths too); everything else a source imports
    // is bundled: the sources, the kit's wire files and BUNDLED_PACKAGES.
    external: Object.keys(dependencies).flatMap((name) => [name, `${name}/*`]),
    logLevel: 'warning',
  };
}

/**
 * Writes `THIRD_PARTY_LICENSES.md` into `outdir`: for each bundled package, its name, version,
 * license and the license text it ships. A package that ships no license file (drizzle-orm)
 * gets the standard text of the license its package.json names, from scripts/licenses/.
 */
export async function writeThirdPartyLicenses(outdir) {
  const require = createRequire(join(SERVER_DIR, 'package.json'));
  const sections = [
    '# Third-party code in this bundle',
    '',
    `dist/ bundles these packages (${BUNDLED_PACKAGES.join(', ')}); their licenses follow.`,
  ];
  for (const name of BUNDLED_PACKAGES) {
    const manifestPath = packageJsonPath(require, name);
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8'));
    const text =
      (await shippedLicense(dirname(manifestPath))) ??
      (await readFile(join(SERVER_DIR, 'scripts', 'licenses', `${manifest.license}.txt`), 'utf8'));
    sections.push(
      '',
      `## ${name} ${manifest.version} (${manifest.license})`,
      '',
      '```text',
      text.replace(/^\s*\n/, '').trimEnd(),
      '```',
    );
  }
  await writeFile(join(outdir, 'THIRD_PARTY_LICENSES.md'), `${sections.join('\n')}\n`);
}

/** The package.json of `name` as the server resolves it (its exports may not list the file). */
function packageJsonPath(require, name) {
  let dir = dirname(require.resolve(name));
  for (;;) {
    const candidate = join(dir, 'package.json');
    try {
      const found = require(candidate);
      if (found.name === name) return candidate;
    } catch {}
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json found for ${name}`);
    dir = parent;
  }
}

/** The license file a package ships in its root, if any. */
async function shippedLicense(dir) {
  for (const file of ['LICENSE', 'LICENSE.md', 'LICENSE.txt', 'LICENCE', 'license']) {
    try {
      return await readFile(join(dir, file), 'utf8');
    } catch {}
  }
  return undefined;
}
