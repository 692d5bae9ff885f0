import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { sourceAliases } from './scripts/lib/source-aliases.js';

/** Three suites: unit (no I/O), integration (kit + real server + real databases), e2e (Chromium). */
const repo = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  // `signet` and its subpaths resolve to the sources, as in the example apps (no build needed).
  resolve: {
    alias: sourceAliases(repo),
  },
  test: {
    reporters: ['default', './tests/support/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'] },
      },
      {
        extends: true,
        // The React screens in a DOM (happy-dom), against a fake API.
        test: {
          name: 'dom',
          include: ['tests/dom/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['tests/dom/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.{ts,tsx}'],
          // Stack's SDK ships ESM with extension-less imports, which only a bundler resolves.
          server: { deps: { inline: [/@stackframe\//] } },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        // Type tests: the compiler checks what the types promise (no code runs).
        test: {
          name: 'types',
          include: [],
          typecheck: {
            enabled: true,
            only: true,
            include: ['tests/types/**/*.test-d.ts'],
            tsconfig: './tsconfig.json',
          },
        },
      },
      {
        extends: true,
        // The packed tarballs installed in an empty folder, as users get them.
        test: {
          name: 'package',
          include: ['tests/package/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 600_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
