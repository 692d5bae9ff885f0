/**
 * `signet-server` started as users start it: its own process, from the bin, with environment
 * variables; resolved once it printed its banner, with the URL and the development keys from it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ProjectKeys } from '../../server/src/index.js';

const BIN = fileURLToPath(new URL('../../server/bin/signet-server.mjs', import.meta.url));

/** A running CLI server. */
export interface CliServer {
  url: string;
  keys: ProjectKeys;
  output(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
  /** Ends the process with SIGKILL (a crash: nothing runs on the way out); resolves once it is gone. */
  kill(): Promise<void>;
}

/** Starts `signet-server` with `args` and `env` (added to this process's environment). */
export async function startCli(args: string[], env: Record<string, string>): Promise<CliServer> {
  const child: ChildProcess = spawn(
    process.execPath,
    [BIN, '--port', '0', '--mailbox-port', '0', '--dev-oauth-port', '0', ...args],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout!.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    out += chunk;
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 60 s: ${out}`)), 60_000);
    const check = () => {
      if (!out.includes('super secret admin key')) return;
      clearTimeout(timer);
      resolve();
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited early with ${code}: ${out}`));
    });
  });
  const field = (label: string) => out.match(new RegExp(`${label}:\\s+(\\S+)`))?.[1] ?? '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    url: out.match(/listening on (http:\/\/\S+)/)?.[1] ?? '',
    keys: {
      projectId: field('project id'),
      publishableClientKey: field('publishable client key'),
      secretServerKey: field('secret server key'),
      superSecretAdminKey: field('super secret admin key'),
    },
    output: () => out,
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
