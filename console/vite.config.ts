/**
 * The console's build: a static app under `/console/`, written into the server package
 * (`server/console-dist/`) so `signet-server` serves it. Like the example app, it imports the kit
 * by its public names (`signet`, `signet/react`, `signet/plugins/*`, `signet/wire`), aliased to
 * the repository's sources.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sourceAliases } from '../scripts/lib/source-aliases.js';

const repo = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/console/',
  plugins: [react()],
  resolve: {
    alias: sourceAliases(repo),
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
