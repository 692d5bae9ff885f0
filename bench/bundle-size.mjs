/**
 * Bundle sizes as a host app would ship them: each entry bundled for the browser with esbuild,
 * minified, then gzipped (level 9). React is external (the host has it anyway). Exits non-zero when
 * a budget is exceeded; tests/unit/bundle-budgets.test.ts runs the same measurement in CI.
 *
 * An entry marked `dynamicImportsApart` is measured without what it loads with `import()` (a
 * splitting bundler makes those chunks of their own, fetched on first use); its lazy chunks are
 * measured too, each on top of the first load, printed under the table and held to
 * `LAZY_CHUNK_BUDGET_BYTES` each.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Every plugin's calls and screens and the React adapter, each module's exports kept whole. */
function everyPluginCode() {
  const files = readdirSync(`${root}/plugins`)
    .sort()
    .flatMap((id) => [`plugins/${id}/index.ts`, `plugins/${id}/screens.tsx`])
    .filter((file) => existsSync(`${root}/${file}`));
  files.push('react/index.ts');
  return [
    ...files.map((file, i) => `import * as m${i} from './${file}';`),
    `window.signetEverything = [${files.map((_, i) => `m${i}`).join(', ')}];`,
  ].join('\n');
}

/** Kilobytes (of 1,024 bytes) in bytes. */
const KB = (n) => Math.round(n * 1024);

/**
 * The most any one chunk loaded on first use may add, on top of its entry's first load: a chunk
 * past it has pulled in more than the call it serves (the wire's whole barrel once made one 7 KB).
 */
export const LAZY_CHUNK_BUDGET_BYTES = KB(3.25);

/**
 * What a host imports, written as the smallest app that really uses it. Each budget is the
 * entry's size when it was last set, with a few per cent to spare: growth past it fails CI.
 */
export const ENTRIES = [
  {
    // What a first sign-in does not need (error decoding and retries, the refresh grant, account
    // calls, callback routes, password changes and resets) comes in chunks loaded on first use.
    name: 'core + password plugin',
    budgetBytes: KB(8),
    dynamicImportsApart: true,
    code: `import { createApp } from './core/index.ts';
import { password } from './plugins/password/index.ts';
const app = createApp({ projectId: 'p', publishableClientKey: 'k', baseUrl: 'https://api.example.com', plugins: [password()] });
app.ready();
app.user.subscribe((u) => console.log(u));
window.signet = app;`,
  },
  {
    name: 'core + password, magic-link and contact-channels plugins',
    budgetBytes: KB(9.75),
    dynamicImportsApart: true,
    code: `import { createApp } from './core/index.ts';
import { password } from './plugins/password/index.ts';
import { magicLink } from './plugins/magic-link/index.ts';
import { contactChannels } from './plugins/contact-channels/index.ts';
const app = createApp({ projectId: 'p', publishableClientKey: 'k', baseUrl: 'https://api.example.com', plugins: [password(), magicLink(), contactChannels()] });
app.ready();
app.user.subscribe((u) => console.log(u));
window.signet = app;`,
  },
  {
    name: 'React adapter + sign-in page (password)',
    budgetBytes: KB(11.5),
    dynamicImportsApart: true,
    requires: ['react/index.ts', 'plugins/password/screens.tsx'],
    code: `import { SignetProvider, SignetHandler } from './react/index.ts';
import { passwordScreens } from './plugins/password/screens.tsx';
window.signetReact = { SignetProvider, SignetHandler, passwordScreens };`,
  },
  {
    name: 'React adapter + every email-flow screen (password, magic link, email verification)',
    budgetBytes: KB(16.75),
    dynamicImportsApart: true,
    code: `import { SignetProvider, SignetHandler } from './react/index.ts';
import { passwordScreens } from './plugins/password/screens.tsx';
import { magicLinkScreens } from './plugins/magic-link/screens.tsx';
import { contactChannelsScreens } from './plugins/contact-channels/screens.tsx';
window.signetReact = { SignetProvider, SignetHandler, passwordScreens, magicLinkScreens, contactChannelsScreens };`,
  },
  {
    // Checking codes, turning TOTP on or off and recovery codes come on first use.
    name: 'totp plugin alone (what it adds to an app that has the core)',
    budgetBytes: KB(0.9),
    coreExternal: true,
    dynamicImportsApart: true,
    code: `export { totp } from './plugins/totp/index.ts';`,
  },
  {
    // The ceremonies and @simplewebauthn/browser come with the first one: the library's chunk is
    // measured by an entry of its own below.
    name: 'passkey plugin alone, its ceremonies and the WebAuthn library aside (on top of the core)',
    budgetBytes: KB(1.15),
    coreExternal: true,
    dynamicImportsApart: true,
    code: `export { passkey } from './plugins/passkey/index.ts';`,
  },
  {
    // The QR code is the React adapter's QrCode, which only the totp screens use: counted here.
    name: 'totp screens alone, with the QR code and its encoder (on top of the core and the React adapter)',
    budgetBytes: KB(4.9),
    coreExternal: true,
    code: `export { totpScreens } from './plugins/totp/screens.tsx';
export { QrCode } from './react/ui/qr-code.tsx';`,
  },
  {
    name: 'passkey screens alone (on top of the core, the React adapter and the passkey plugin)',
    budgetBytes: KB(1.4),
    coreExternal: true,
    code: `export { passkeyScreens } from './plugins/passkey/screens.tsx';`,
  },
  {
    name: 'oauth plugin alone (on top of the core)',
    budgetBytes: KB(3),
    coreExternal: true,
    code: `export { oauth } from './plugins/oauth/index.ts';`,
  },
  {
    // The calls that change teams or read them once come on first use.
    name: 'teams plugin alone, its calls aside (on top of the core)',
    budgetBytes: KB(1.45),
    coreExternal: true,
    dynamicImportsApart: true,
    code: `export { teams } from './plugins/teams/index.ts';`,
  },
  {
    name: 'teams plugin with all its screens, its calls aside (on top of the core and the React adapter)',
    budgetBytes: KB(10.5),
    coreExternal: true,
    dynamicImportsApart: true,
    code: `export { teams } from './plugins/teams/index.ts';
export { teamsScreens, TeamSwitcher } from './plugins/teams/screens.tsx';`,
  },
  {
    // Its calls and the conversions of their answers come on first use.
    name: 'server-teams plugin alone, its calls aside (on top of the core)',
    budgetBytes: KB(0.4),
    coreExternal: true,
    dynamicImportsApart: true,
    code: `export { serverTeams } from './plugins/server-teams/index.ts';`,
  },
  {
    // Its calls and the conversions of their answers come on first use.
    name: 'admin-team-permission-definitions plugin alone, its calls aside (on top of the core)',
    budgetBytes: KB(0.25),
    coreExternal: true,
    dynamicImportsApart: true,
    code: `export { adminTeamPermissionDefinitions } from './plugins/admin-team-permission-definitions/index.ts';`,
  },
  {
    // Its calls (the Svix token, each call, the conversions) come on first use.
    name: 'admin-webhooks plugin alone, its calls aside (on top of the core)',
    budgetBytes: KB(0.4),
    coreExternal: true,
    dynamicImportsApart: true,
    code: `export { adminWebhooks } from './plugins/admin-webhooks/index.ts';`,
  },
  {
    name: 'oauth screens alone, icons aside (on top of the core, the React adapter and the oauth plugin)',
    budgetBytes: KB(2.75),
    coreExternal: true,
    dynamicImportsApart: true,
    code: `export { oauthScreens } from './plugins/oauth/screens.tsx';`,
  },
  {
    // Every module's exports kept whole: what a host that enables everything ships at most. The
    // WebAuthn library, the passkey ceremonies, the totp and profile-image work, the admin and
    // server plugins' calls and the teams plugin's changes come on first use.
    name: 'every plugin with its screens, and the React adapter (React aside)',
    budgetBytes: KB(50),
    dynamicImportsApart: true,
    code: everyPluginCode(),
  },
  {
    name: 'the WebAuthn library, its own chunk (fetched by the first passkey ceremony)',
    budgetBytes: KB(2.9),
    code: `export * from './plugins/passkey/webauthn-library.ts';`,
  },
  {
    name: 'one provider icon, its own chunk (Discord, the largest)',
    budgetBytes: KB(0.6),
    code: `export { path } from './plugins/oauth/icons/discord.ts';`,
  },
];

/**
 * Keeps what a module loads with a dynamic `import()` out of its bundle, as a splitting bundler
 * makes it a chunk of its own (the OAuth provider icons, fetched only for enabled providers).
 */
const dynamicImportsApart = {
  name: 'dynamic-imports-apart',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined,
    );
  },
};

/**
 * Leaves the kit's core and React adapter out of a bundle (and, for a plugin's screens, the
 * plugin itself), to measure what a plugin or its screens add on top of what an app has anyway.
 */
const coreExternal = {
  name: 'core-external',
  setup(build) {
    build.onResolve({ filter: /(core|react)\/index\.(js|ts)$/ }, (args) => ({
      path: args.path,
      external: true,
    }));
    build.onResolve({ filter: /^\.\/index\.js$/ }, (args) =>
      args.importer.includes('/plugins/') && !args.importer.endsWith('/index.ts')
        ? { path: args.path, external: true }
        : undefined,
    );
  },
};

/** The esbuild options every measurement shares. */
const common = {
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  write: false,
  jsx: 'automatic',
  external: ['react', 'react-dom', 'react/jsx-runtime', '@preact/signals-react'],
  logLevel: 'silent',
};

const gzipped = (bytes) => gzipSync(bytes, { level: 9 }).length;

/**
 * Bundles one entry and returns its minified and gzipped sizes (without its lazy chunks when the
 * entry keeps dynamic imports apart).
 * @returns {Promise<{ minified: number, gzipped: number }>}
 */
export async function measure(entry) {
  const result = await build({
    ...common,
    stdin: { contents: entry.code, resolveDir: root, loader: 'tsx', sourcefile: 'entry.tsx' },
    plugins: [
      ...(entry.coreExternal ? [coreExternal] : []),
      ...(entry.dynamicImportsApart ? [dynamicImportsApart] : []),
    ],
  });
  const bytes = result.outputFiles[0].contents;
  return { minified: bytes.length, gzipped: gzipped(bytes) };
}

/** The source file a relative `import()` from `importer` names (`./x.js` is `./x.ts` or `./x.tsx`). */
function sourceOf(importer, specifier) {
  const path = join(root, dirname(importer), specifier);
  const found = [path, path.replace(/\.js$/, '.ts'), path.replace(/\.js$/, '.tsx')].find(existsSync);
  return found && relative(root, found);
}

/** Each module's export names, by its path from the root (read once per run). */
const exportNames = new Map();

/** The names a module exports, as esbuild reads them (its imports left out of the build). */
async function exportsOf(file) {
  if (!exportNames.has(file)) {
    const result = await build({
      ...common,
      entryPoints: [join(root, file)],
      metafile: true,
      external: ['*'],
    });
    exportNames.set(file, Object.values(result.metafile.outputs)[0].exports);
  }
  return exportNames.get(file);
}

/**
 * What each module an entry loads with `import()` adds when it is first used, on top of what the
 * entry loaded at once (that is left out), largest first, the chunks those load in
 * turn included. A module two chunks share is counted in each. As Vite (Rollup) splits, every one
 * stays out of the first load; esbuild's own splitting fetches the shared parts of some at once.
 * @returns {Promise<{ module: string, minified: number, gzipped: number }[]>}
 */
export async function measureLazyChunks(entry) {
  const bundle = (options) =>
    build({
      ...common,
      metafile: true,
      plugins: [...(entry.coreExternal ? [coreExternal] : []), dynamicImportsApart],
      ...options,
    });
  const first = await bundle({
    stdin: { contents: entry.code, resolveDir: root, loader: 'tsx', sourcefile: 'entry.tsx' },
  });
  // The modules with code in the first load (a module the bundler only passed through has none).
  const [firstOutput] = Object.values(first.metafile.outputs);
  const loaded = new Set(
    Object.entries(firstOutput.inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([file]) => file),
  );
  /** The `import()` targets of a build's modules, as source files. */
  const lazyImportsOf = (metafile) =>
    Object.entries(metafile.inputs).flatMap(([file, input]) =>
      input.imports
        .filter((i) => i.kind === 'dynamic-import')
        .map((i) => sourceOf(file, i.original ?? i.path)),
    );
  // A module the first load has is left out of each chunk, as a stand-in that re-exports its
  // names from outside the bundle: the chunk keeps only the names it reads. (Leaving the module
  // itself external would not do: a barrel's `export *` of an external module makes the bundler
  // keep the barrel's whole namespace, every module behind it included.)
  const alreadyLoaded = {
    name: 'already-loaded',
    setup(build) {
      build.onResolve({ filter: /^loaded:/ }, (args) => ({
        path: args.path,
        external: true,
        sideEffects: false,
      }));
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'import-statement' || args.pluginData === 'resolving') return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: 'resolving',
        });
        const file = relative(root, resolved.path);
        // Without side effects, so an import of it that nothing reads is dropped.
        return loaded.has(file) ? { path: file, namespace: 'already-loaded', sideEffects: false } : undefined;
      });
      build.onLoad({ filter: /.*/, namespace: 'already-loaded' }, async (args) => ({
        contents: `export { ${(await exportsOf(args.path)).join(', ')} } from 'loaded:${args.path}';`,
        loader: 'js',
      }));
    },
  };
  const queue = lazyImportsOf(first.metafile);
  const seen = new Set();
  const chunks = [];
  while (queue.length > 0) {
    const module = queue.shift();
    // An import() of something the first load has already is no chunk of its own.
    if (!module || seen.has(module) || loaded.has(module)) continue;
    seen.add(module);
    const result = await bundle({
      entryPoints: [join(root, module)],
      absWorkingDir: root,
      plugins: [alreadyLoaded, ...(entry.coreExternal ? [coreExternal] : []), dynamicImportsApart],
    });
    const bytes = result.outputFiles[0].contents;
    chunks.push({ module, minified: bytes.length, gzipped: gzipped(bytes) });
    queue.push(...lazyImportsOf(result.metafile));
  }
  return chunks.sort((a, b) => b.gzipped - a.gzipped);
}

const kb = (n) => `${(n / 1024).toFixed(2)} KB`;

/** True when every file an entry requires is there (screens not written yet are skipped). */
export const isBuildable = (entry) => !entry.requires?.some((file) => !existsSync(`${root}/${file}`));

/** Runs every entry, prints a table and the lazy chunks, and returns false when a budget is exceeded. */
export async function benchBundleSizes() {
  let withinBudget = true;
  const rows = [];
  const lazy = [];
  for (const entry of ENTRIES) {
    if (!isBuildable(entry)) {
      rows.push({
        bundle: entry.name,
        minified: '-',
        gzipped: 'not built yet',
        budget: kb(entry.budgetBytes),
        ok: '-',
      });
      continue;
    }
    const { minified, gzipped } = await measure(entry);
    const ok = gzipped <= entry.budgetBytes;
    withinBudget &&= ok;
    rows.push({
      bundle: entry.name,
      minified: kb(minified),
      gzipped: kb(gzipped),
      budget: kb(entry.budgetBytes),
      ok: ok ? 'yes' : 'OVER',
    });
    if (entry.dynamicImportsApart && entry.lazyChunks !== false)
      lazy.push({ entry, chunks: await measureLazyChunks(entry) });
  }
  console.log('\nBundle sizes (esbuild, minified, gzip -9)');
  console.table(rows);
  for (const { entry, chunks } of lazy) {
    if (chunks.length === 0) continue;
    console.log(
      `\nLoaded on first use by "${entry.name}", each on top of the first load (gzip, budget ${kb(LAZY_CHUNK_BUDGET_BYTES)} each):`,
    );
    for (const chunk of chunks) {
      const ok = chunk.gzipped <= LAZY_CHUNK_BUDGET_BYTES;
      withinBudget &&= ok;
      console.log(`  ${kb(chunk.gzipped).padStart(9)}  ${chunk.module}${ok ? '' : '  OVER'}`);
    }
  }
  return withinBudget;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = (await benchBundleSizes()) ? 0 : 1;
}
