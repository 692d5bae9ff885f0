/**
 * The kit's public import names (`signet`, `signet/react`, `signet/plugins/*`, ...), each resolved
 * to the repository's TypeScript source: how the tests and the admin console import
 * the kit with no build step, by the same names a host app uses for the published package. One list
 * for the tests and the console; tsconfig.json's `paths` tell the type checker the same in its own
 * format, and examples/react-vite writes it out, since an example takes nothing from the
 * repository by a path.
 */

/** The aliases for a repository at `repo` (a folder path ending in `/`), most specific first. */
export function sourceAliases(repo: string): { find: RegExp; replacement: string }[] {
  return [
    { find: /^signet\/react\/theme\.css$/, replacement: `${repo}react/theme.css` },
    { find: /^signet\/react$/, replacement: `${repo}react/index.ts` },
    { find: /^signet\/wire$/, replacement: `${repo}wire/index.ts` },
    { find: /^signet\/cli$/, replacement: `${repo}cli/index.ts` },
    { find: /^signet\/plugins\/([^/]+)\/screens$/, replacement: `${repo}plugins/$1/screens.tsx` },
    { find: /^signet\/plugins\/([^/]+)$/, replacement: `${repo}plugins/$1/index.ts` },
    { find: /^signet$/, replacement: `${repo}core/index.ts` },
  ];
}
