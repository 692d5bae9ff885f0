/**
 * `npm run bench`: bundle sizes and the console's initial load (with budgets), then server throughput, then
 * the request path's instructions per request (callgrind), then webhook delivery, then
 * sign-up with and without a webhook endpoint (budget: at most 10 % slower), then the embedded server's
 * start time and idle RSS beside PGlite's own (targets: within 0.5 s and 100 MB).
 * Not part of the tests.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { benchBundleSizes } from './bundle-size.mjs';
import { benchConsoleSize } from './console-size.mjs';

const withinBudget = (await benchBundleSizes()) && (await benchConsoleSize());
const throughput = spawnSync(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(new URL('./server-throughput.ts', import.meta.url))],
  { stdio: 'inherit' },
);
// Instructions per request under callgrind: the request path's own work, free of the machine's noise.
const instructions = spawnSync(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(new URL('./request-instructions.ts', import.meta.url))],
  { stdio: 'inherit' },
);
const webhooks = spawnSync(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(new URL('./webhooks.ts', import.meta.url))],
  { stdio: 'inherit' },
);
const signUps = spawnSync(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(new URL('./webhook-sign-up.ts', import.meta.url))],
  { stdio: 'inherit' },
);
const footprint = spawnSync(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(new URL('./server-footprint.ts', import.meta.url))],
  { stdio: 'inherit' },
);
// Optional: it seeds 1,000,000 users into a throwaway database first, which takes minutes.
const usersAtScale =
  process.env.SIGNET_BENCH_USERS === '1'
    ? spawnSync(
        process.execPath,
        ['--import', 'tsx', fileURLToPath(new URL('./users-scale.ts', import.meta.url))],
        { stdio: 'inherit' },
      )
    : { status: 0 };
if (!withinBudget) console.error('\nA bundle is over its budget.');
process.exitCode =
  withinBudget &&
  throughput.status === 0 &&
  instructions.status === 0 &&
  webhooks.status === 0 &&
  signUps.status === 0 &&
  footprint.status === 0 &&
  usersAtScale.status === 0
    ? 0
    : 1;
