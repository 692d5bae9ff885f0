/**
 * `npm run bench`: bundle sizes and the console's initial load (with budgets), then server throughput, then
 * the request path's instructions per request (callgrind), then users/me beside a stream of refreshes, then
 * webhook delivery, then
 * sign-up with and without a webhook endpoint (budget: at most 10 % slower), then the embedded server's
 * start time and idle RSS beside PGlite's own (targets: within 0.5 s and 100 MB).
 * Not part of the tests.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { benchBundleSizes } from './bundle-size.mjs';
import { benchConsoleSize } from './console-size.mjs';

/** Runs `bench/<file>` in a Node process of its own; true when it exits 0. */
const runs = (file) =>
  spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL(`./${file}`, import.meta.url))], {
    stdio: 'inherit',
  }).status === 0;

const withinBudget = (await benchBundleSizes()) && (await benchConsoleSize());
const passed = [
  runs('server-throughput.ts'),
  // Instructions per request under callgrind: the request path's own work, free of the machine's noise.
  runs('request-instructions.ts'),
  // users/me over many users while refreshes run beside it (budget: at least half its quiet rate).
  runs('users-me-beside-writes.ts'),
  runs('webhooks.ts'),
  runs('webhook-sign-up.ts'),
  runs('server-footprint.ts'),
  // Optional: it seeds 1,000,000 users into a throwaway database first, which takes minutes.
  process.env.SIGNET_BENCH_USERS === '1' ? runs('users-scale.ts') : true,
];
if (!withinBudget) console.error('\nA bundle is over its budget.');
process.exitCode = withinBudget && passed.every(Boolean) ? 0 : 1;
