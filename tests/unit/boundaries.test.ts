/**
 * The boundaries of design.md, read from the imports themselves: the wire imports nothing of the
 * project; core imports no plugin and no React; a plugin imports the kit only through its public
 * entry points (as a third-party plugin must) and no other plugin; a plugin's index (its calls)
 * imports no React; the server imports the wire, never the kit's runtime; examples import only
 * published paths.
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
});
