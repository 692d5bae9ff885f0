/**
 * Where `signet-server` puts the development outbox, which answers without a credential: on this
 * machine only unless told otherwise (--mailbox-host or SIGNET_MAILBOX_HOST), whatever address the
 * API listens on, and the start message says so.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../server/bin/signet-server.mjs', import.meta.url));

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** Starts the CLI on free ports with a fresh PGlite folder; resolves with what it printed. */
async function startCli(args: string[], env: Record<string, string> = {}): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'signet-outbox-cli-'));
  const child: ChildProcess = spawn(
    process.execPath,
    [BIN, '--port', '0', '--mailbox-port', '0', '--dev-oauth-port', '0', '--data-dir', dataDir, ...args],
    {
      env: { ...process.env, DATABASE_URL: '', SIGNET_MAILBOX_HOST: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  cleanups.push(async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk) => {
    err += chunk;
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 30 s: ${out}${err}`)), 30_000);
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      if (out.includes('super secret admin key')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`exited early with ${code}: ${out}${err}`)));
  });
  return out;
}

const outboxUrl = (out: string) =>
  out.match(/development outbox \(Inbucket REST v1\): (http:\/\/\S+?)\/api/)?.[1];

it('keeps the outbox on loopback when the API listens on every address', async () => {
  const out = await startCli(['--host', '0.0.0.0']);
  expect(out).toMatch(/listening on http:\/\/0\.0\.0\.0:\d+/);
  const outbox = outboxUrl(out);
  expect(outbox).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(out).toContain('for development only: no credential, this machine only');
  const mailbox = await fetch(`${outbox}/api/v1/mailbox/nobody`);
  expect(await mailbox.json()).toEqual([]);
}, 60_000);

it('moves the outbox only when told to, and then says who can reach it', async () => {
  const fromEnv = await startCli([], { SIGNET_MAILBOX_HOST: '0.0.0.0' });
  expect(outboxUrl(fromEnv)).toMatch(/^http:\/\/0\.0\.0\.0:\d+$/);
  expect(fromEnv).toContain('for development only: no credential, reachable by anyone who can reach 0.0.0.0');
  // The option wins over the environment.
  const fromOption = await startCli(['--mailbox-host', '127.0.0.2'], { SIGNET_MAILBOX_HOST: '0.0.0.0' });
  expect(outboxUrl(fromOption)).toMatch(/^http:\/\/127\.0\.0\.2:\d+$/);
  expect(fromOption).toContain('this machine only');
}, 90_000);
