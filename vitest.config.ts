import { defineConfig } from 'vitest/config';

/** Three suites: unit (no I/O), integration (kit + real server + real databases), e2e (Chromium). */
export default defineConfig({
  test: {
    reporters: ['default', './tests/support/summary-reporter.ts'],
    projects: [
      {
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'] },
      },
      {
        // The React screens in a DOM (happy-dom), against a fake API.
        test: { name: 'dom', include: ['tests/dom/**/*.test.tsx'], environment: 'happy-dom' },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.{ts,tsx}'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
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
