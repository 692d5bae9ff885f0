/**
 * The console's build: a static app under `/console/`, written into the server package
 * (`server/console-dist/`) so `signet-server` serves it. Like the example app, it imports the kit
 * by its public names (`signet`, `signet/react`, `signet/plugins/*`, `signet/wire`), aliased to
 * the repository's sources.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const repo = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/console/',
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^signet\/react\/theme\.css$/, replacement: `${repo}react/theme.css` },
      { find: /^signet\/react$/, replacement: `${repo}react/index.ts` },
      { find: /^signet\/wire$/, replacement: `${repo}wire/index.ts` },
      { find: /^signet\/plugins\/([^/]+)\/screens$/, replacement: `${repo}plugins/$1/screens.tsx` },
      { find: /^signet\/plugins\/([^/]+)$/, replacement: `${repo}plugins/$1/index.ts` },
      { find: /^signet$/, replacement: `${repo}core/index.ts` },
    ],
    dedupe: ['react', 'react-dom'],
  },
  build: {
    outDir: `${repo}server/console-dist`,
    emptyOutDir: true,
    // The bench reads the manifest to tell the initial load from pages loaded later.
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 400,
  },
  logLevel: 'warn',
});
