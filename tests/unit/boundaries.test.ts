/**
 * The boundaries of design.md, read from the imports themselves: the wire imports nothing of the
 * project; core imports no plugin and no React; a plugin imports the kit only through its public
 * entry points (as a third-party plugin must) and no other plugin; a plugin's index (its calls)
 * imports no React; the server imports the wire, never the kit's runtime; examples import only
 * published paths. Plugins' and examples' screens write none of the theme's class names: they
 * compose the building blocks of signet/react.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Every .ts/.tsx file below `dir` (relative to the repository), tests and build output left out. */
function sources(dir: string): string[] {
  const out: string[] = [];
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      if (name === 'node_modules' || name === 'dist') continue;
      const full = join(path, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.tsx?$/.test(name) && !/\.test(-d)?\.tsx?$/.test(name)) out.push(full);
    }
  };
  walk(join(ROOT, dir));
  return out;
}

/** The module specifiers a file imports or re-exports. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g),
  ].map((m) => (m[1] ?? m[2])!);
}

/** Where a relative specifier points, relative to the repository (`core/app.js`). */
const target = (file: string, specifier: string) => relative(ROOT, resolve(file, '..', specifier));

/** `file imports specifier` lines for every import of `files` that `bad` says is out of bounds. */
function violations(files: string[], bad: (specifier: string, file: string) => boolean): string[] {
  return files.flatMap((file) =>
    importsOf(file)
      .filter((specifier) => bad(specifier, file))
      .map((specifier) => `${relative(ROOT, file)} imports ${specifier}`),
  );
}

/**
 * The `signet-…` words a source writes in string literals (`className="signet-note"`,
 * `'signet-link'`, a template), module specifiers (`'signet-example-custom-plugin/plugin'`) and
 * custom properties (`'--signet-brand'`) aside.
 */
function themeClassNames(source: string): string[] {
  const text = source.replace(/\bfrom\s+(['"])[^'"]*\1|import\(\s*(['"])[^'"]*\2\s*\)/g, '');
  return [...text.matchAll(/(["'`])((?:(?!\1)[^\n\\])*)\1/g)].flatMap(
    (m) => m[2]!.match(/(?<![\w-])signet-[\w-]+/g) ?? [],
  );
}

/**
 * The plugin-owned class names a plugin file may still write, each styled (and noted) in
 * react/theme.css: `repository path -> class names`.
 */
const PLUGIN_OWNED_CLASSES: Record<string, readonly string[]> = {
  // The OAuth callback page's failure detail, under its message.
  'plugins/oauth/callback-page.tsx': ['signet-oauth-failure-detail'],
};

describe('boundaries', () => {
  it('finds the files it checks', () => {
    for (const dir of ['wire', 'core', 'plugins', 'react', 'server/src', 'examples'])
      expect(sources(dir).length).toBeGreaterThan(3);
  });

  it('the wire imports nothing of the project, only valibot', () => {
    expect(
      violations(sources('wire'), (s, file) =>
        s.startsWith('.') ? !target(file, s).startsWith('wire/') : s !== 'valibot',
      ),
    ).toEqual([]);
  });

  it('core imports no plugin and no React', () => {
    expect(
      violations(
        sources('core'),
        (s, file) =>
          /^react(-dom)?(\/|$)/.test(s) ||
          target(file, s).startsWith('plugins/') ||
          target(file, s).startsWith('react/'),
      ),
    ).toEqual([]);
  });

  it('core re-exports no feature’s wire shapes (plugins take them from signet/wire)', () => {
    const reexported = importsOf(join(ROOT, 'core/index.ts')).filter((s) => s.startsWith('../wire/'));
    expect(reexported).toEqual(['../wire/errors/codes.js']);
  });

  it('plugins reach the kit only through its public entry points, and no other plugin', () => {
    const publicEntries = new Set(['core/index.js', 'wire/index.js', 'react/index.js']);
    // Packages the kit declares (what an installed plugin can resolve), e.g. the passkey plugin's
    // WebAuthn library; nothing the package does not ship with.
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      peerDependencies?: Record<string, string>;
    };
    const declared = new Set([
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}),
    ]);
    expect(
      violations(sources('plugins'), (s, file) => {
        if (!s.startsWith('.'))
          return !declared.has(s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!);
        const to = target(file, s);
        // The plugin's own folder (plugins/<id>/), subfolders included.
        const ownFolder = relative(ROOT, file).split('/').slice(0, 2).join('/');
        if (to.startsWith(`${ownFolder}/`)) return false;
        return !publicEntries.has(to);
      }),
    ).toEqual([]);
  });

  it('a plugin’s calls (index.ts) import no React', () => {
    const indexes = sources('plugins').filter((file) => file.endsWith('index.ts'));
    expect(indexes.length).toBeGreaterThan(3);
    expect(
      violations(indexes, (s, file) => /^react/.test(s) || target(file, s).startsWith('react/')),
    ).toEqual([]);
  });

  it('the server imports the wire only, never the kit’s runtime', () => {
    const allowed = /^wire\//;
    expect(
      violations(sources('server/src'), (s, file) => {
        if (!s.startsWith('.')) return s === 'signet' || s.startsWith('signet/');
        const to = target(file, s);
        return !to.startsWith('server/') && !allowed.test(to);
      }),
    ).toEqual([]);
  });

  it('the server’s layers run one way: features → http → services and email → the ground floor', () => {
    const layerOf = (path: string) => {
      const rest = path.replace(/^server\/src\//, '');
      if (/^(features|http)\//.test(rest)) return 'request';
      if (/^(services|email)\//.test(rest)) return 'domain';
      if (/^(db|crypto)\//.test(rest) || ['errors.ts', 'input-limits.ts'].includes(rest)) return 'ground';
      return 'top';
    };
    const below: Record<string, readonly string[]> = {
      domain: ['domain', 'ground'],
      ground: ['ground'],
    };
    expect(
      violations(sources('server/src'), (s, file) => {
        if (!s.startsWith('.')) return false;
        const to = target(file, s).replace(/\.js$/, '.ts');
        if (!to.startsWith('server/src/')) return false;
        const allowed = below[layerOf(relative(ROOT, file))];
        return allowed !== undefined && !allowed.includes(layerOf(to));
      }),
    ).toEqual([]);
  });

  it('no import circle is left in the server', () => {
    const files = sources('server/src').map((f) => relative(ROOT, f));
    const known = new Set(files);
    const edges = new Map(
      files.map((file) => [
        file,
        importsOf(join(ROOT, file))
          .filter((s) => s.startsWith('.'))
          .map((s) => target(join(ROOT, file), s).replace(/\.js$/, '.ts'))
          .flatMap((to) => (known.has(to) ? [to] : known.has(`${to}x`) ? [`${to}x`] : [])),
      ]),
    );
    // Depth-first search: a file met again while it is still on the path closes a circle.
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]) => {
      state.set(file, 'open');
      for (const next of edges.get(file) ?? []) {
        if (state.get(next) === 'open') circles.push([...path.slice(path.indexOf(next)), next].join(' → '));
        else if (!state.has(next)) visit(next, [...path, next]);
      }
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file, [file]);
    expect(circles).toEqual([]);
  });

  it('signet/cli (Node) imports the wire, core’s HTTP plumbing and Node only: no React, plugin or server', () => {
    const files = sources('cli');
    expect(files.length).toBeGreaterThan(1);
    expect(
      violations(files, (s, file) => {
        if (!s.startsWith('.')) return !s.startsWith('node:');
        const to = target(file, s);
        return !(to.startsWith('cli/') || to.startsWith('wire/') || to.startsWith('core/http/'));
      }),
    ).toEqual([]);
  });

  it('react reaches plugins only through the screen contract, never a plugin’s files', () => {
    expect(
      violations(sources('react'), (s, file) => s.startsWith('.') && target(file, s).startsWith('plugins/')),
    ).toEqual([]);
  });

  it('examples import the kit by its published names, never by a path into the repository', () => {
    expect(
      violations(sources('examples'), (s, file) => {
        if (!s.startsWith('.')) return false;
        return !target(file, s).startsWith(
          relative(ROOT, resolve(file, '..')).split('/').slice(0, 2).join('/'),
        );
      }),
    ).toEqual([]);
  });

  it('the console imports only the kit’s public entries, its own files, React and its chart library', () => {
    const files = sources('console/src');
    expect(files.length).toBeGreaterThan(10);
    const publicEntry = /^signet(\/react|\/wire|\/plugins\/[a-z0-9-]+(\/screens)?|\/react\/theme\.css)?$/;
    const allowedPackages = /^(react|react-dom|react-dom\/client|react\/jsx-runtime|chart\.js(\/auto)?)$/;
    expect(
      violations(files, (s, file) => {
        if (s.startsWith('.')) return !target(file, s).startsWith('console/');
        return !publicEntry.test(s) && !allowedPackages.test(s);
      }),
    ).toEqual([]);
  });

  it('plugins and examples write no theme class names: their screens use the building blocks', () => {
    const screens = [...sources('plugins'), ...sources('examples')].filter((file) => file.endsWith('.tsx'));
    expect(screens.length).toBeGreaterThan(20);
    expect(
      screens.flatMap((file) => {
        const path = relative(ROOT, file);
        const owned = PLUGIN_OWNED_CLASSES[path] ?? [];
        return themeClassNames(readFileSync(file, 'utf8'))
          .filter((name) => !owned.includes(name))
          .map((name) => `${path} writes ${name}`);
      }),
    ).toEqual([]);
  });

  it('finds a class name however it is written, and only where it is one', () => {
    expect(
      themeClassNames(
        [
          '<p className="signet-account-note">a</p>',
          "<div className={'signet-card'} />",
          'const c = `signet-link $' + '{extra}`;',
          "const both = 'x signet-badge';",
        ].join('\n'),
      ),
    ).toEqual(['signet-account-note', 'signet-card', 'signet-link', 'signet-badge']);
    expect(
      themeClassNames(
        [
          "import { tickets } from 'signet-example-custom-plugin/plugin';",
          "const style = { '--signet-brand': '#000' };",
          "const page = import('signet-example-custom-plugin/screens');",
          "<p>Don't sign in</p>",
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('each plugin-owned class name is styled in the theme', () => {
    const theme = readFileSync(join(ROOT, 'react/theme.css'), 'utf8');
    for (const name of Object.values(PLUGIN_OWNED_CLASSES).flat()) expect(theme).toContain(`.${name} {`);
  });
});
