/**
 * The project's documentation as the docs tests read it: README.md and every Markdown file under
 * docs/, by path relative to the repository, so a page added later is checked without a change here.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** README.md and every `.md` file below docs/, relative to the repository, sorted. */
export function documentationFiles(): string[] {
  const found = ['README.md'];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.md')) found.push(relative(ROOT, full));
    }
  };
  walk(join(ROOT, 'docs'));
  return found.sort();
}
