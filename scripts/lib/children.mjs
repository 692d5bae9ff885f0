/** Child processes for `npm start`: tagged output, readiness polling, and stopping them together. */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * @typedef {{ name: string, process: import('node:child_process').ChildProcess, exited: Promise<number> }} Child
 */

/**
 * Starts `command` with its output prefixed by `[name]`, in this process's group so a Ctrl-C in
 * the terminal (or a kill of the group) reaches it too.
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv }} [options]
 * @returns {Child}
 */
export function startChild(name, command, args, options = {}) {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => out.write(`[${name}] ${line}\n`));
  }
  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
    child.on('error', (error) => {
      process.stderr.write(`[${name}] could not start: ${error.message}\n`);
      resolve(1);
    });
  });
  return { name, process: child, exited };
}

/**
 * Resolves once `url` answers any HTTP status; rejects when `gaveUp` settles first or after
 * `timeoutMs`.
 * @param {string} url
 * @param {{ timeoutMs?: number, gaveUp?: Promise<unknown> }} [options]
 */
export async function waitForHttp(url, { timeoutMs = 120_000, gaveUp } = {}) {
  let stop = false;
  gaveUp?.then(() => {
    stop = true;
  });
  const deadline = Date.now() + timeoutMs;
  while (!stop) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.body?.cancel();
      return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`stopped waiting for ${url}: its process exited`);
}

/**
 * Asks every child still running to stop (SIGTERM), and kills those still there after
 * `graceMs`.
 * @param {Child[]} children
 * @param {number} [graceMs]
 */
export async function stopChildren(children, graceMs = 5000) {
  const running = children.filter((c) => c.process.exitCode === null && c.process.signalCode === null);
  for (const child of running) child.process.kill('SIGTERM');
  const timer = setTimeout(() => {
    for (const child of running) child.process.kill('SIGKILL');
  }, graceMs);
  await Promise.all(running.map((c) => c.exited));
  clearTimeout(timer);
}
