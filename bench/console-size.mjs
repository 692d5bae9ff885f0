/**
 * The console's weight as a browser loads it: Vite's production build, then, from its manifest,
 * the initial load (the entry chunk, every chunk it imports statically, and its CSS; fonts are
 * the system's) and each page's own lazy chunks, gzipped (level 9). The initial load has a
 * budget; pages with charts or editors must keep them out of it. Exits non-zero past the budget.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildConsole } from '../scripts/lib/build-console.mjs';

/** The initial load's budget, gzipped. */
export const CONSOLE_INITIAL_BUDGET_BYTES = 115 * 1024;

/** Packages that must never be in the initial load (they belong to one page each). */
const PAGE_ONLY_PACKAGES = ['chart.js'];

const kb = (n) => `${(n / 1024).toFixed(2)} KB`;

/**
 * Builds the console into a temporary folder and measures it.
 * @returns {Promise<{ initialBytes: number, pages: Record<string, number>, initialModules: string[] }>}
 */
export async function measureConsole() {
  const outDir = await mkdtemp(join(tmpdir(), 'signet-console-size-'));
  try {
    const output = await buildConsole(outDir, { logLevel: 'silent' });
    const manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8'));
    const gz = async (file) => gzipSync(await readFile(join(outDir, file)), { level: 9 }).length;
    const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
    // The entry and everything it imports statically, each chunk once.
    const initial = new Set();
    const visit = (key) => {
      if (initial.has(key)) return;
      initial.add(key);
      for (const next of manifest[key].imports ?? []) visit(next);
    };
    visit(entryKey);
    let initialBytes = 0;
    for (const key of initial) {
      initialBytes += await gz(manifest[key].file);
      for (const css of manifest[key].css ?? []) initialBytes += await gz(css);
    }
    const pages = {};
    for (const key of Object.keys(manifest)) {
      const page = /pages\/([^/]+)\/index\.tsx$/.exec(key)?.[1];
      if (!page) continue;
      let bytes = 0;
      const own = new Set();
      const walk = (k) => {
        if (own.has(k) || initial.has(k)) return;
        own.add(k);
        for (const next of manifest[k].imports ?? []) walk(next);
      };
      walk(key);
      for (const k of own) {
        bytes += await gz(manifest[k].file);
        for (const css of manifest[k].css ?? []) bytes += await gz(css);
      }
      pages[page] = bytes;
    }
    // Which source modules ended up in the initial chunks (from Rollup's output), to catch a
    // page-only package that slipped in.
    const outputs = Array.isArray(output) ? output : [output];
    const initialFiles = new Set([...initial].map((key) => manifest[key].file));
    const initialModules = outputs
      .flatMap((o) => o.output ?? [])
      .filter((chunk) => chunk.type === 'chunk' && initialFiles.has(chunk.fileName))
      .flatMap((chunk) => Object.keys(chunk.modules ?? {}));
    return { initialBytes, pages, initialModules };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

/** Prints the figures and returns false when the initial load is over budget or holds a page-only package. */
export async function benchConsoleSize() {
  const { initialBytes, pages, initialModules } = await measureConsole();
  const leaked = PAGE_ONLY_PACKAGES.filter((name) =>
    initialModules.some((m) => m.includes(`/node_modules/${name}/`)),
  );
  const ok = initialBytes <= CONSOLE_INITIAL_BUDGET_BYTES && leaked.length === 0;
  console.log('\nConsole (Vite build, gzip -9; fonts are the system’s)');
  console.table([
    {
      part: 'initial load (entry + static imports + CSS)',
      gzipped: kb(initialBytes),
      budget: kb(CONSOLE_INITIAL_BUDGET_BYTES),
      ok: ok ? 'yes' : 'OVER',
    },
    ...Object.entries(pages)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([page, bytes]) => ({
        part: `page ${page} (loaded on visit)`,
        gzipped: kb(bytes),
        budget: '-',
        ok: '-',
      })),
  ]);
  if (leaked.length > 0) console.error(`In the console's initial load, but page-only: ${leaked.join(', ')}`);
  return ok;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = (await benchConsoleSize()) ? 0 : 1;
}
