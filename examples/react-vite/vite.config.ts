/**
 * The example imports the kit as a host app would (`signet`, `signet/react`, ...), but the imports
 * are aliased to the repository's TypeScript source, so `npm start` needs no build step and edits
 * to the kit reload at once. The list is the one in scripts/lib/source-aliases.ts, written out here
 * because an example imports nothing from the repository by a path (tests/unit/boundaries.test.ts);
 * tests/unit/example-aliases.test.ts keeps the two the same.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const repo = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^signet\/react\/theme\.css$/, replacement: `${repo}react/theme.css` },
      { find: /^signet\/react$/, replacement: `${repo}react/index.ts` },
      { find: /^signet\/wire$/, replacement: `${repo}wire/index.ts` },
      { find: /^signet\/cli$/, replacement: `${repo}cli/index.ts` },
      { find: /^signet\/plugins\/([^/]+)\/screens$/, replacement: `${repo}plugins/$1/screens.tsx` },
      { find: /^signet\/plugins\/([^/]+)$/, replacement: `${repo}plugins/$1/index.ts` },
      { find: /^signet$/, replacement: `${repo}core/index.ts` },
    ],
    // The kit's source and the example must share one React.
    dedupe: ['react', 'react-dom'],
  },
  server: { fs: { allow: [repo] } },
});
