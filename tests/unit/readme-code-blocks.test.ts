/**
 * Every TypeScript block of the README type-checks against the kit as it is: a renamed call or
 * option fails here, not in a reader's editor. Each block is a module of its own (top-level await
 * allowed); what blocks take as given is declared in tests/support/readme-globals.d.ts.
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUT = join(ROOT, 'tests', '.readme-blocks');

/** The ```ts and ```tsx blocks of the README, with the line each starts on. */
async function blocks() {
  const text = await readFile(join(ROOT, 'README.md'), 'utf8');
  return [...text.matchAll(/^```(tsx?)\n([\s\S]*?)^```$/gm)].map((m) => ({
    lang: m[1]!,
    code: m[2]!,
    line: text.slice(0, m.index).split('\n').length,
  }));
}

describe('README code blocks', () => {
  it('type-check, every one of them', async () => {
    const found = await blocks();
    expect(found.length).toBeGreaterThan(5);
    await rm(OUT, { recursive: true, force: true });
    await mkdir(OUT, { recursive: true });
    const files: string[] = [];
    for (const block of found) {
      const file = `line-${block.line}.${block.lang}`;
      files.push(file);
      await writeFile(join(OUT, file), `${block.code}\nexport {};\n`);
    }
    await writeFile(
      join(OUT, 'tsconfig.json'),
      JSON.stringify({
        extends: '../../tsconfig.json',
        compilerOptions: { noEmit: true, noUnusedLocals: false, types: ['node', 'vite/client'] },
        include: ['*.ts', '*.tsx', '../support/readme-globals.d.ts'],
      }),
    );
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const result = await promisify(execFile)(process.execPath, [tsc, '-p', join(OUT, 'tsconfig.json')], {
      cwd: ROOT,
    }).then(
      () => ({ ok: true, output: '' }),
      (error: { stdout?: string }) => ({ ok: false, output: error.stdout ?? String(error) }),
    );
    // README.md line N is the block in line-N.ts(x).
    expect(result.output).toBe('');
    expect(result.ok).toBe(true);
    await rm(OUT, { recursive: true, force: true });
  }, 120_000);
});
