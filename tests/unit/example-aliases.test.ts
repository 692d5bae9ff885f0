/**
 * The example app writes the kit's source aliases out (it imports nothing from the repository by a
 * path); they must stay the list the tests and the console use, or an import that works in the
 * tests fails in the example.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import exampleConfig from '../../examples/react-vite/vite.config.js';
import { sourceAliases } from '../../scripts/lib/source-aliases.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const written = (aliases: readonly { find: RegExp | string; replacement: string }[]) =>
  aliases.map(({ find, replacement }) => `${String(find)} -> ${replacement}`);

describe("the example's aliases", () => {
  it('are the source aliases, in the same order', () => {
    const alias = (exampleConfig as { resolve: { alias: { find: RegExp; replacement: string }[] } }).resolve
      .alias;
    expect(written(alias)).toEqual(written(sourceAliases(repo)));
  });
});
