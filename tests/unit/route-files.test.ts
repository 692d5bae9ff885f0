/**
 * The one naming rule of server/src/features/routes.ts: every route lives in the file its path
 * names, so finding the code behind an endpoint needs no search; and the route list is derived
 * from those files (route-index.ts, written by `npm run routes`), never kept by hand.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { routeIndexSource } from '../../server/scripts/route-index.mjs';
import { ROUTES } from '../../server/src/features/routes.js';

const FEATURES = fileURLToPath(new URL('../../server/src/features/', import.meta.url));

/**
 * Where the rule puts the route of `path`: the file its path names, or the `index.ts` of the
 * folder it names. A check-code route sits beside the route it checks for.
 */
function filesFor(path: string): string[] {
  const segments = path
    .replace(/\/check-code$/, '')
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith(':') ? `[${s.slice(1)}]` : s));
  if (segments.length === 0) return ['index.ts'];
  return [`${join(...segments)}.ts`, join(...segments, 'index.ts')];
}

function* tsFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* tsFiles(full);
    else if (entry.name.endsWith('.ts')) yield full;
  }
}

it('every route is declared in the file its path names, and every declared path is a route', () => {
  const declared = new Map<string, string[]>();
  for (const file of tsFiles(FEATURES)) {
    const text = readFileSync(file, 'utf8');
    const paths = [...text.matchAll(/\bpath: '([^']*)'|checkCodeRoute\(\s*'([^']*)'/g)].map(
      (m) => m[1] ?? m[2]!,
    );
    for (const path of paths) declared.set(path, [...(declared.get(path) ?? []), relative(FEATURES, file)]);
  }
  const misplaced: string[] = [];
  for (const route of ROUTES) {
    const files = declared.get(route.path) ?? [];
    const expected = filesFor(route.path);
    if (!files.some((file) => expected.includes(file)))
      misplaced.push(
        `${route.method} ${route.path}: in ${files.join(', ') || 'no file'}, expected ${expected.join(' or ')}`,
      );
  }
  expect(misplaced).toEqual([]);
  expect(new Set([...declared.keys()])).toEqual(new Set(ROUTES.map((r) => r.path)));
});

it('the route index lists exactly the modules of server/src/features (run `npm run routes` when not)', () => {
  const written = readFileSync(join(FEATURES, 'route-index.ts'), 'utf8');
  // The file as the script writes it, before the formatter folds the list onto lines.
  const imports = (text: string) =>
    [...text.matchAll(/^import \* as m\d+ from '([^']+)';$/gm)].map((m) => m[1]);
  expect(imports(written)).toEqual(imports(routeIndexSource()));
});

it('every route of the index is served, once', () => {
  const keys = ROUTES.map((r) => `${r.method} ${r.path}`);
  expect(new Set(keys).size).toBe(keys.length);
  expect(keys).toContain('POST /auth/cli/poll');
  expect(keys).toContain('GET /users/:user_id');
});
