/**
 * Runs `node scripts/start.mjs` — exactly what `npm start` runs — on free ports with a throwaway
 * data dir and project file, and stops its whole process group afterwards.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../support/free-port.js';

const REPO = resolve(import.meta.dirname, '../../..');

/** A running server + example app. */
export interface DevStack {
  appUrl: string;
  apiUrl: string;
  /** The development outbox (Inbucket REST v1 shape) the server keeps sent emails in. */
  mailboxUrl: string;
  /** The development project's id and keys, as `npm start` generated them. */
  project: {
    projectId: string;
    publishableClientKey: string;
    secretServerKey: string;
    superSecretAdminKey: string;
  };
  /** Everything the processes printed so far, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => child.once('exit', () => done()));
}

/** How the stack is started. */
interface DevStackOptions {
  env?: Record<string, string>;
  timeoutMs?: number;
  /** The API's port, when a test must know it before the stack starts (an OAuth provider's redirect URI). */
  apiPort?: number;
}

/**
 * Starts the stack (with `env` added to its environment) and waits until the API and the app
 * answer. A port taken between its choice and the stack's listen (another process's, which no
 * choice can rule out) starts it again on other ports, twice at most.
 */
export async function startDevStack(options: DevStackOptions = {}): Promise<DevStack> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

/** One start of the stack on ports chosen now. */
async function startOnce({
  env = {},
  timeoutMs = 150_000,
  apiPort: chosenApiPort,
}: DevStackOptions): Promise<DevStack> {
  const [apiPort, appPort, mailboxPort, ticketsPort, devOAuthPort] = [
    chosenApiPort ?? (await freePort()),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const dir = await mkdtemp(join(tmpdir(), 'signet-e2e-'));
  const appUrl = `http://localhost:${appPort}`;
  const apiUrl = `http://localhost:${apiPort}`;
  const mailboxUrl = `http://127.0.0.1:${mailboxPort}`;
  let log = '';
  // Its own process group, so stopping it reaches the server and Vite (and Vite's esbuild).
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: REPO,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      SIGNET_API_PORT: String(apiPort),
      SIGNET_APP_PORT: String(appPort),
      SIGNET_MAILBOX_PORT: String(mailboxPort),
      SIGNET_TICKETS_PORT: String(ticketsPort),
      SIGNET_DEV_OAUTH_PORT: String(devOAuthPort),
      SIGNET_DATA_DIR: join(dir, 'data'),
      SIGNET_DEV_PROJECT_FILE: join(dir, 'dev-project.json'),
      ...env,
    },
  });
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });

  const stop = async () => {
    if (child.pid === undefined) return;
    const pid = child.pid;
    const signalGroup = (signal: NodeJS.Signals) => {
      try {
        process.kill(-pid, signal);
      } catch {
        // The group is already gone.
      }
    };
    signalGroup('SIGTERM');
    const timer = setTimeout(() => signalGroup('SIGKILL'), 10_000);
    await exited(child);
    clearTimeout(timer);
    // start.mjs waits for its children, but make sure no straggler of the group survives.
    signalGroup('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  while (!(await answers(`${apiUrl}/api/v1`)) || !(await answers(appUrl))) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`npm start exited before it was ready:\n${log}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`npm start was not ready within ${timeoutMs / 1000} s:\n${log}`);
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  const project = JSON.parse(await readFile(join(dir, 'dev-project.json'), 'utf8')) as DevStack['project'];
  return { appUrl, apiUrl, mailboxUrl, project, output: () => log, stop };
}
