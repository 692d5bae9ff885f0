/**
 * The console's production build with Vite, into `outDir`, whatever NODE_ENV the caller runs
 * under: Vite keeps a NODE_ENV it finds, and a test runner's 'test' would build React's development
 * copy. The caller's NODE_ENV is restored afterwards (children started later see their own).
 */
import { fileURLToPath } from 'node:url';

const configFile = fileURLToPath(new URL('../../console/vite.config.ts', import.meta.url));

/**
 * Builds the console and returns Vite's output (its chunks and their modules).
 * @param {string} outDir
 * @param {{ logLevel?: 'info' | 'warn' | 'error' | 'silent' }} [options]
 */
export async function buildConsole(outDir, options = {}) {
  const { build } = await import('vite');
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return await build({
      configFile,
      mode: 'production',
      logLevel: options.logLevel,
      build: { outDir, emptyOutDir: true, manifest: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
