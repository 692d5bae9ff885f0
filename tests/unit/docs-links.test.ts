/**
 * Every relative link of the README and of docs/ leads somewhere: the file exists, and a `#part`
 * names a heading of the page it points to (as GitHub makes heading anchors). A page moved or a
 * heading renamed fails here rather than leaving a reader at a dead link.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentationFiles, ROOT } from '../support/markdown-files.js';

/** A Markdown text without its fenced code blocks, those indented under a list item included. */
function withoutCodeBlocks(markdown: string): string {
  return markdown.replace(/^( *)```[\s\S]*?^\1```$/gm, '');
}

/** The targets of the inline links `[text](target)` of a Markdown text, code blocks and code spans left out. */
function linkTargets(markdown: string): string[] {
  const prose = withoutCodeBlocks(markdown)
    // A span may be a link's text ([`password()`](…)) and may run over a line break: keep a
    // stand-in so the link still matches.
    .replace(/`[^`]*`/g, 'code');
  return [...prose.matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown text's headings, a repeated one numbered as GitHub does (`-1`, `-2`). */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const m of withoutCodeBlocks(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const base = slug(m[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** What is wrong with each relative link of `file` (a path relative to the repository), in words. */
function brokenLinks(file: string, markdown: string, read: (path: string) => string | null): string[] {
  const problems: string[] = [];
  for (const target of linkTargets(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: — not ours to check
    const [path = '', anchor] = target.split('#');
    const to = path === '' ? file : relative(ROOT, join(ROOT, dirname(file), decodeURIComponent(path)));
    const text = read(to);
    if (text === null) {
      problems.push(`${file}: ${target} — no file ${to}`);
      continue;
    }
    if (anchor !== undefined && to.endsWith('.md') && !anchorsOf(text).has(anchor))
      problems.push(`${file}: ${target} — no heading #${anchor} in ${to}`);
  }
  return problems;
}

/** A file's text, '' for a folder, null when nothing is there. */
function readFromDisk(path: string): string | null {
  const full = join(ROOT, path);
  if (!existsSync(full)) return null;
  return statSync(full).isDirectory() ? '' : readFileSync(full, 'utf8');
}

describe('documentation links', () => {
  it('every relative link of the README and docs/ points to an existing file and heading', () => {
    const files = documentationFiles();
    expect(files.length).toBeGreaterThan(20);
    const problems = files.flatMap((file) => brokenLinks(file, readFromDisk(file)!, readFromDisk));
    expect(problems).toEqual([]);
  });

  it('the README links into docs/, and docs/README.md to every page of docs/', () => {
    const readme = linkTargets(readFileSync(join(ROOT, 'README.md'), 'utf8'));
    expect(readme).toContain('docs/README.md');
    const index = new Set(
      linkTargets(readFileSync(join(ROOT, 'docs/README.md'), 'utf8')).map((t) => `docs/${t.split('#')[0]}`),
    );
    const pages = documentationFiles().filter((f) => f.startsWith('docs/') && f !== 'docs/README.md');
    expect(pages.filter((page) => !index.has(page))).toEqual([]);
  });

  it('catches a missing file, a missing heading, and leaves code and other sites alone', () => {
    const pages: Record<string, string> = {
      'docs/a.md': '# Page A\n\n## The app: `createApp`\n\n## Second factor (TOTP), server side\n',
    };
    const read = (path: string) => pages[path] ?? null;
    const markdown = [
      '[ok](a.md) [ok](a.md#the-app-createapp) [ok](a.md#second-factor-totp-server-side) [ok](#page-b)',
      '# Page B',
      '[gone](missing.md) [no heading](a.md#nowhere) [`code`](https://example.com/x.md)',
      '`[in a span](nowhere.md)`',
      '```md\n[in a block](nowhere.md)\n```',
      '- a list item:\n\n  ```md\n  [in an indented block](nowhere.md)\n  ```',
      'a span `over a\nline [break](nowhere.md)` ends here',
    ].join('\n');
    const withSelf = (path: string) => (path === 'docs/b.md' ? markdown : read(path));
    expect(brokenLinks('docs/b.md', markdown, withSelf)).toEqual([
      'docs/b.md: missing.md — no file docs/missing.md',
      'docs/b.md: a.md#nowhere — no heading #nowhere in docs/a.md',
    ]);
  });
});
