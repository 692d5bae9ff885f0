/**
 * The example imports the kit as a host app would (`signet`, `signet/react`, ...), but the imports
 * are aliased to the repository's TypeScript source, so `npm start` needs no build step and edits
 * to the kit reload at once.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sourceAliases } from '../../scripts/lib/source-aliases.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: sourceAliases(repo),
    // The kit's source and the example must share one React.
    dedupe: ['react', 'react-dom'],
  },
  server: { fs: { allow: [repo] } },
});
