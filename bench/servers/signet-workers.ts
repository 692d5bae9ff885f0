/**
 * `signet-server --workers N` on PostgreSQL, as users start it (the built CLI the bench made,
 * `SIGNET_BENCH_SERVER_CLI`, or the bin when run by hand; a process per worker), with one
 * signed-up user; prints its URL, keys and tokens like signet.ts does.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readySignet } from './child.js';

const [databaseUrl, workers = '2'] = process.argv.slice(2);
const bin =
  process.env.SIGNET_BENCH_SERVER_CLI ??
  fileURLToPath(new URL('../../server/bin/signet-server.mjs', import.meta.url));
const child = spawn(
  process.execPath,
  [bin, '--port', '0', '--mailbox-port', '0', '--dev-oauth-port', '0', '--workers', workers],
  {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
process.on('exit', () => child.kill('SIGTERM'));
let out = '';
await new Promise<void>((resolve, reject) => {
  child.stdout.on('data', (chunk) => {
    out += chunk;
    if (out.includes('super secret admin key')) resolve();
  });
  child.once('exit', (code) => reject(new Error(`signet-server exited (${code})`)));
});
const field = (label: string) => out.match(new RegExp(`${label}:\\s+(\\S+)`))?.[1] ?? '';
const url = out.match(/listening on (http:\/\/\S+)/)?.[1] ?? '';
const keys = { projectId: field('project id'), publishableClientKey: field('publishable client key') };
await readySignet(url, keys);
