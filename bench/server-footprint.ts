/**
 * The embedded server's footprint next to PGlite's own, each in fresh child processes on loopback
 * with temporary data folders:
 *
 * - PGlite alone: `PGlite.create` on an empty folder (first open, initdb included) and again on the
 *   same folder (later open), with no extension, as the server opens it;
 * - `signet-server` on PGlite, as the published package runs it (`dist/cli.js`, built here into a
 *   temporary folder with the options of server/scripts/build.mjs, console left out), on a fresh
 *   folder (first start: initdb, migrations, seeding) and on the same folder again (later start),
 *   with every port 0; and once from the sources (`bin/signet-server.mjs`, through tsx), which is
 *   what `npm start` runs in this repository.
 *
 * Start time is from spawning the process to "opened" (PGlite) or the "listening" banner (server),
 * so Node's own start-up counts on both sides. Idle RSS is read from /proc (or `ps`) 3 s after
 * that, with no forced garbage collection on either side. Each figure is the median of
 * `SIGNET_BENCH_FOOTPRINT_RUNS` runs (default 3), interleaved so that a busy machine weighs on
 * both sides alike.
 *
 * Targets (issue 18): idle RSS within 100 MB of PGlite's, later start within 0.5 s of PGlite's
 * later open, for the built server. The exit code is 1 when one is missed.
 * `node --import tsx bench/server-footprint.ts`; `npm run bench` runs it.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './lib/built-server.js';

const SERVER_DIR = fileURLToPath(new URL('../server/', import.meta.url));
const SETTLE_MS = 3000;
const RSS_TARGET_MB = 100;
const LATER_START_TARGET_MS = 500;
const RUNS = Number(process.env.SIGNET_BENCH_FOOTPRINT_RUNS ?? 3);

/** One child's start time (spawn to ready) and idle RSS. */
interface Sample {
  startMs: number;
  rssMb: number;
}

/** A child's resident set size in MB, from /proc where there is one, else from `ps`. */
function rssOf(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    if (kb) return Number(kb) / 1024;
  } catch {}
  const ps = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' });
  return Number(ps.stdout.trim()) / 1024;
}

/**
 * Spawns `args`, waits for `ready` in its stdout, lets it settle, reads its RSS and stops it
 * (SIGTERM, and waits for the exit so the next run has the machine and the data folder to itself).
 */
async function measure(args: string[], ready: string): Promise<Sample> {
  const env = { ...process.env };
  // The server must run on PGlite with memory-counted rate limits, whatever this shell has.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: SERVER_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const startMs = await new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
      if (stdout.includes(ready)) resolve(performance.now() - started);
    });
    void exited.then((code) => reject(new Error(`exited (${code}) before "${ready}":\n${stderr}`)));
  });
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const rssMb = rssOf(child.pid as number);
  child.kill('SIGTERM');
  await exited;
  return { startMs, rssMb };
}

/** PGlite alone on `dataDir`, with no extension (as the server opens it: db/open-pglite.ts). */
const pgliteOpen = (dataDir: string) => [
  '--input-type=module',
  '-e',
  `import { PGlite } from '@electric-sql/pglite';
   const db = await PGlite.create({ dataDir: ${JSON.stringify(dataDir)} });
   process.stdout.write('opened\\n');
   process.on('SIGTERM', () => db.close().then(() => process.exit(0)));
   setInterval(() => {}, 1 << 30);`,
];

/** `signet-server` from `entry` on `dataDir`, every port chosen by the system. */
const serverStart = (entry: string, dataDir: string) => [
  entry,
  ...['--port', '0', '--mailbox-port', '0', '--dev-oauth-port', '0', '--host', '127.0.0.1'],
  ...['--data-dir', dataDir],
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

// The published package's cli.js (see lib/built-server).
const built = await buildServer('footprint');
const builtCli = built.cli;
const sourcesCli = join(SERVER_DIR, 'bin/signet-server.mjs');

const samples: Record<string, Sample[]> = {};
const record = (name: string, sample: Sample) => {
  samples[name] ??= [];
  samples[name].push(sample);
};
const work = await mkdtemp(join(tmpdir(), 'signet-footprint-'));
try {
  for (let run = 0; run < RUNS; run++) {
    const pgliteDir = join(work, `pglite-${run}`);
    record('pglite first', await measure(pgliteOpen(pgliteDir), 'opened'));
    record('pglite later', await measure(pgliteOpen(pgliteDir), 'opened'));
    const serverDir = join(work, `server-${run}`);
    record('server first', await measure(serverStart(builtCli, serverDir), 'listening on'));
    record('server later', await measure(serverStart(builtCli, serverDir), 'listening on'));
    record('sources later', await measure(serverStart(sourcesCli, serverDir), 'listening on'));
  }
} finally {
  await rm(work, { recursive: true, force: true });
  await built.remove();
}

const figure = (name: string) => ({
  startMs: median((samples[name] ?? []).map((s) => s.startMs)),
  rssMb: median((samples[name] ?? []).map((s) => s.rssMb)),
});
const pgliteFirst = figure('pglite first');
const pgliteLater = figure('pglite later');
const rows: [string, { startMs: number; rssMb: number }, { startMs: number; rssMb: number }][] = [
  ['first start (built)', figure('server first'), pgliteFirst],
  ['later start (built)', figure('server later'), pgliteLater],
  ['later start (sources, tsx)', figure('sources later'), pgliteLater],
];
const ms = (value: number) => `${(value / 1000).toFixed(2)} s`;
const mb = (value: number) => `${value.toFixed(0)} MB`;
const signed = (value: number, unit: (v: number) => string) =>
  `${value >= 0 ? '+' : '−'}${unit(Math.abs(value))}`;
console.log(
  `\nEmbedded server footprint (PGlite, median of ${RUNS}, spawn to ready, RSS ${SETTLE_MS / 1000} s later, no forced GC)`,
);
console.log('                              start    PGlite   diff      idle RSS  PGlite   diff');
for (const [label, server, pglite] of rows) {
  console.log(
    `  ${label.padEnd(27)} ${ms(server.startMs).padStart(7)}  ${ms(pglite.startMs).padStart(7)}  ${signed(server.startMs - pglite.startMs, ms).padStart(8)}  ${mb(server.rssMb).padStart(7)}  ${mb(pglite.rssMb).padStart(7)}  ${signed(server.rssMb - pglite.rssMb, mb).padStart(7)}`,
  );
}
const later = figure('server later');
const rssDiff = later.rssMb - pgliteLater.rssMb;
const startDiff = later.startMs - pgliteLater.startMs;
const rssMet = rssDiff <= RSS_TARGET_MB;
const startMet = startDiff <= LATER_START_TARGET_MS;
console.log(
  `  target: idle RSS within ${RSS_TARGET_MB} MB of PGlite's (${signed(rssDiff, mb)}): ${rssMet ? 'met' : 'MISSED'}`,
);
console.log(
  `  target: later start within ${ms(LATER_START_TARGET_MS)} of PGlite's open (${signed(startDiff, ms)}): ${startMet ? 'met' : 'MISSED'}`,
);
process.exitCode = rssMet && startMet ? 0 : 1;
