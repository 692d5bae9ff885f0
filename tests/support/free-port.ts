/**
 * Loopback ports for a process a test starts on a port it must know in advance (the dev stack, a
 * Redis it stops and starts again).
 *
 * A port that the kernel hands out for `listen(0)` and that is then closed is free only for a
 * moment: every outgoing connection of the parallel tests takes its local port from the same
 * ephemeral range, and one took such a port while `npm start` was still building the console
 * (EADDRINUSE, a failed CI run). So the ports here come from below that range, where neither
 * outgoing connections nor `listen(0)` ever go, and are checked free before they are handed out.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';

/** Where the kernel's ephemeral ports start (Linux's setting; its default elsewhere). */
async function readEphemeralStart(): Promise<number> {
  try {
    const range = await readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8');
    const start = Number(range.trim().split(/\s+/)[0]);
    if (Number.isInteger(start) && start > 0) return start;
  } catch {
    // Not Linux: the common default.
  }
  return 32768;
}

/** {@link readEphemeralStart}, read once per process: the setting does not change under a test run. */
let ephemeralStart: Promise<number> | undefined;

/** Whether nothing listens on `port` on 127.0.0.1 (and it may be listened on). */
function isFree(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Ports already handed out by this process, never handed out twice. */
const handedOut = new Set<number>();

/** A loopback port nobody listens on, outside the ephemeral range (see above). */
export async function freePort(): Promise<number> {
  ephemeralStart ??= readEphemeralStart();
  const high = (await ephemeralStart) - 1;
  const low = Math.max(1024, high - 12_000);
  if (high - low < 1000) throw new Error(`too few ports below the ephemeral range (${low}–${high})`);
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if (handedOut.has(port) || !(await isFree(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port between ${low} and ${high}`);
}
