/**
 * Bundle sizes as a host app would ship them: each entry bundled for the browser with esbuild,
 * minified, then gzipped (level 9). React is external (the host has it anyway). Exits non-zero when
 * a budget is exceeded.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/** What a host imports, written as the smallest app that really uses it. */
const ENTRIES = [
  {
    name: 'core + password plugin',
    budgetBytes: 10 * 1024,
    code: `import { createApp } from './core/index.ts';
import { password } from './plugins/password/index.ts';
const app = createApp({ projectId: 'p', publishableClientKey: 'k', baseUrl: 'https://api.example.com', plugins: [password()] });
app.ready();
app.user.subscribe((u) => console.log(u));
window.signet = app;`,
  },
  {
    name: 'core + password, magic-link and contact-channels plugins',
    budgetBytes: 12 * 1024,
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
    budgetBytes: 20 * 1024,
    requires: ['react/index.ts', 'plugins/password/screens.tsx'],
    code: `import { SignetProvider, SignetHandler } from './react/index.ts';
import { passwordScreens } from './plugins/password/screens.tsx';
window.signetReact = { SignetProvider, SignetHandler, passwordScreens };`,
  },
  {
    name: 'React adapter + every email-flow screen (password, magic link, email verification)',
    budgetBytes: 20 * 1024,
    code: `import { SignetProvider, SignetHandler } from './react/index.ts';
import { passwordScreens } from './plugins/password/screens.tsx';
import { magicLinkScreens } from './plugins/magic-link/screens.tsx';
import { contactChannelsScreens } from './plugins/contact-channels/screens.tsx';
window.signetReact = { SignetProvider, SignetHandler, passwordScreens, magicLinkScreens, contactChannelsScreens };`,
  },
  {
    name: 'totp plugin alone (what it adds to an app that has the core)',
    budgetBytes: 2 * 1024,
    coreExternal: true,
    code: `export { totp } from './plugins/totp/index.ts';`,
  },
  {
    name: 'passkey plugin alone, with @simplewebauthn/browser (on top of the core)',
    budgetBytes: 5 * 1024,
    coreExternal: true,
    code: `export { passkey } from './plugins/passkey/index.ts';`,
  },
  {
    // The QR code is the React adapter's QrCode, which only the totp screens use: counted here.
    name: 'totp screens alone, with the QR code and its encoder (on top of the core and the React adapter)',
    budgetBytes: 8 * 1024,
    coreExternal: true,
    code: `export { totpScreens } from './plugins/totp/screens.tsx';
export { QrCode } from './react/ui/qr-code.tsx';`,
  },
  {
    name: 'passkey screens alone (on top of the core, the React adapter and the passkey plugin)',
    budgetBytes: 2 * 1024,
    coreExternal: true,
    code: `export { passkeyScreens } from './plugins/passkey/screens.tsx';`,
  },
  {
    name: 'oauth plugin alone (on top of the core)',
    budgetBytes: 3 * 1024,
    coreExternal: true,
    code: `export { oauth } from './plugins/oauth/index.ts';`,
  },
  {
    name: 'teams plugin alone (on top of the core)',
    budgetBytes: 3 * 1024,
    coreExternal: true,
    code: `export { teams } from './plugins/teams/index.ts';`,
  },
  {
    name: 'teams plugin with all its screens (on top of the core and the React adapter)',
    budgetBytes: 12 * 1024,
    coreExternal: true,
    code: `export { teams } from './plugins/teams/index.ts';
export { teamsScreens, TeamSwitcher } from './plugins/teams/screens.tsx';`,
  },
  {
    name: 'server-teams plugin alone (on top of the core)',
    budgetBytes: 3 * 1024,
    coreExternal: true,
    code: `export { serverTeams } from './plugins/server-teams/index.ts';`,
  },
  {
    name: 'admin-team-permission-definitions plugin alone (on top of the core)',
    budgetBytes: 3 * 1024,
    coreExternal: true,
    code: `export { adminTeamPermissionDefinitions } from './plugins/admin-team-permission-definitions/index.ts';`,
  },
  {
    name: 'admin-webhooks plugin alone (on top of the core)',
    budgetBytes: 3 * 1024,
    coreExternal: true,
    code: `export { adminWebhooks } from './plugins/admin-webhooks/index.ts';`,
  },
  {
    name: 'oauth screens alone, icons aside (on top of the core, the React adapter and the oauth plugin)',
    budgetBytes: 4 * 1024,
    coreExternal: true,
    dynamicImportsApart: true,
    code: `export { oauthScreens } from './plugins/oauth/screens.tsx';`,
  },
  {
    name: 'one provider icon, its own chunk (Discord, the largest)',
    budgetBytes: 1024,
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

/** Bundles one entry and returns its minified and gzipped sizes. */
async function measure(entry) {
  const result = await build({
    stdin: { contents: entry.code, resolveDir: root, loader: 'tsx', sourcefile: 'entry.tsx' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    jsx: 'automatic',
    external: ['react', 'react-dom', 'react/jsx-runtime', '@preact/signals-react'],
    plugins: [
      ...(entry.coreExternal ? [coreExternal] : []),
      ...(entry.dynamicImportsApart ? [dynamicImportsApart] : []),
    ],
    logLevel: 'silent',
  });
  const bytes = result.outputFiles[0].contents;
  return { minified: bytes.length, gzipped: gzipSync(bytes, { level: 9 }).length };
}

const kb = (n) => `${(n / 1024).toFixed(2)} KB`;

/** Runs every entry, prints a table, and returns false when a budget is exceeded. */
export async function benchBundleSizes() {
  let withinBudget = true;
  const rows = [];
  for (const entry of ENTRIES) {
    if (entry.requires?.some((file) => !existsSync(`${root}/${file}`))) {
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
  }
  console.log('\nBundle sizes (esbuild, minified, gzip -9)');
  console.table(rows);
  return withinBudget;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = (await benchBundleSizes()) ? 0 : 1;
}
