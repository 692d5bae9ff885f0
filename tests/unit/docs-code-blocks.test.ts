/**
 * Every TypeScript block of the README and of docs/ type-checks against the kit as it is: a renamed
 * call or option fails here, not in a reader's editor. Each block is a module of its own (top-level
 * await allowed); what blocks take as given is declared in tests/support/docs-globals.d.ts.
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { documentationFiles, ROOT } from '../support/markdown-files.js';

// Ignored by git (.gitignore), so a run cut short leaves nothing to commit.
const OUT = join(ROOT, 'tests', '.readme-blocks');

/** A ```ts or ```tsx block: the file it is in, the line its fence is on, its language and code. */
interface Block {
  file: string;
  line: number;
  lang: string;
  code: string;
}

/**
 * The ```ts and ```tsx blocks of one Markdown text, those indented under a list item included
 * (their indentation taken off).
 */
function blocksIn(file: string, text: string): Block[] {
  return [...text.matchAll(/^( *)```(tsx?)\n([\s\S]*?)^\1```$/gm)].map((m) => {
    const indent = m[1]!.length;
    return {
      file,
      lang: m[2]!,
      code: m[3]!
        .split('\n')
        .map((line) => line.slice(Math.min(indent, line.length - line.trimStart().length)))
        .join('\n'),
      line: text.slice(0, m.index).split('\n').length,
    };
  });
}

/** The ```ts and ```tsx blocks of one Markdown file of the repository. */
async function blocksOf(file: string): Promise<Block[]> {
  return blocksIn(file, await readFile(join(ROOT, file), 'utf8'));
}

/** The module a block is written to: `docs/plugins/totp.md` line 20 is `docs_plugins_totp.md-20.ts`. */
const moduleName = (block: Block) => `${block.file.replace(/\//g, '_')}-${block.line}.${block.lang}`;

describe('documentation code blocks', () => {
  it('are found in the README and in docs/', async () => {
    const files = documentationFiles();
    expect(files).toContain('README.md');
    expect(files).toContain('docs/README.md');
    const found = (await Promise.all(files.map(blocksOf))).flat();
    expect(found.filter((b) => b.file === 'README.md').length).toBeGreaterThan(0);
    expect(found.filter((b) => b.file.startsWith('docs/')).length).toBeGreaterThan(20);
  });

  it('include a block indented under a list item, without its indentation', () => {
    const text = [
      '1. Build the link:',
      '',
      '   ```ts',
      '   const a = 1;',
      '     const b = a;',
      '   ```',
    ].join('\n');
    expect(blocksIn('x.md', text)).toEqual([
      { file: 'x.md', lang: 'ts', code: 'const a = 1;\n  const b = a;\n', line: 3 },
    ]);
  });

  it('type-check, every one of them', async () => {
    const found = (await Promise.all(documentationFiles().map(blocksOf))).flat();
    await rm(OUT, { recursive: true, force: true });
    await mkdir(OUT, { recursive: true });
    for (const block of found) await writeFile(join(OUT, moduleName(block)), `${block.code}\nexport {};\n`);
    await writeFile(
      join(OUT, 'tsconfig.json'),
      JSON.stringify({
        extends: '../../tsconfig.json',
        compilerOptions: { noEmit: true, noUnusedLocals: false, types: ['node', 'vite/client'] },
        include: ['*.ts', '*.tsx', '../support/docs-globals.d.ts'],
      }),
    );
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const result = await promisify(execFile)(process.execPath, [tsc, '-p', join(OUT, 'tsconfig.json')], {
      cwd: ROOT,
    }).then(
      () => ({ ok: true, output: '' }),
      (error: { stdout?: string }) => ({ ok: false, output: error.stdout ?? String(error) }),
    );
    // `docs_plugins_totp.md-20.ts` is the block whose fence is on line 20 of docs/plugins/totp.md.
    expect(result.output).toBe('');
    expect(result.ok).toBe(true);
    await rm(OUT, { recursive: true, force: true });
  }, 180_000);
});
