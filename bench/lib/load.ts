/**
 * What the throughput bench runs on: bench servers (`bench/servers/<name>.ts`) each in a process
 * of its own, autocannon loading them from this process, and throwaway PostgreSQL databases.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

/** Seconds of each measured run (after a one-second warm-up). */
export const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** Connections autocannon keeps open, and calls in flight for the raw argon2id baseline. */
export const CONNECTIONS = 10;
/** The PostgreSQL database throwaway databases are made from. */
export const POSTGRES_ADMIN_URL =
  process.env.SIGNET_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The cores of the two sides once {@link pinCores} has pinned them. */
let pinned: { server: number; loadGenerator: number } | undefined;

/**
 * Pins each side to a core of its own, when the machine has two or more and `taskset` is there
 * (Linux): this process (the load generator) to core 0 now, and every server it starts from then
 * on (and every baseline they are compared to) to core 1. Unpinned, the scheduler moved both
 * across the two cores of the bench machine, and one 5-second run of the same server measured
 * anywhere from 0.7 to 1.0 of the next; pinned, the server has the core of its own a production
 * server has, and runs agree more closely. `BENCH_PIN=0` leaves the scheduler alone. Returns the
 * cores, or undefined when nothing was pinned.
 */
export function pinCores(): { server: number; loadGenerator: number } | undefined {
  if (pinned || process.env.BENCH_PIN === '0' || availableParallelism() < 2) return pinned;
  try {
    // Every thread of this process (the event loop, libuv's pool, V8's helpers) onto core 0.
    execFileSync('taskset', ['--all-tasks', '--cpu-list', '--pid', '0', String(process.pid)], {
      stdio: 'ignore',
    });
    pinned = { server: 1, loadGenerator: 0 };
  } catch {
    // No taskset here: the scheduler decides.
  }
  return pinned;
}

/**
 * A clock of the time the hypervisor gave this machine's cores to other machines (the `steal`
 * column of `/proc/stat`, all cores together), in seconds: on a shared VM one reason two rounds of
 * one server disagree (not the only one: neighbours sharing the host's caches and memory slow a
 * round without any steal). Undefined where there is no `/proc/stat` (not Linux).
 */
export function stolenSeconds(): number | undefined {
  try {
    const total = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/);
    // `cpu user nice system idle iowait irq softirq steal …`, in clock ticks.
    return Number(total[8]) / clockTicksPerSecond();
  } catch {
    return undefined;
  }
}

let ticksPerSecond: number | undefined;
/** The kernel's clock ticks per second (`getconf CLK_TCK`, 100 on every Linux the bench has met). */
function clockTicksPerSecond(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** One request to load a server with. */
export interface Target {
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** What bench/servers/signet*.ts print: how to call the server and its signed-up user. */
export interface SignetInfo {
  url: string;
  keys: { projectId: string; publishableClientKey: string };
  clientHeaders: Record<string, string>;
  tokens: { access_token: string; refresh_token: string };
}

/** Requests per second `base` answers `target` with, after a warm-up; throws on any failure. */
export async function rps(base: string, target: Target): Promise<number> {
  const run = (duration: number) =>
    autocannon({
      url: `${base}${target.path}`,
      method: target.method ?? 'GET',
      headers: target.headers,
      body: target.body,
      connections: CONNECTIONS,
      duration,
    });
  await run(1); // warm-up: JIT, connection pools, database caches
  const result = await run(DURATION_SECONDS);
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${target.path}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return result.requests.average;
}

/** How a bench server process is started. */
export interface StartOptions {
  /** On the server's core (see {@link pinCores}); false for a server of several processes. Default true. */
  pin?: boolean;
  /** A command Node runs under (a profiler such as valgrind), with its arguments. */
  wrapper?: string[];
}

/** Spawns `bench/servers/<name>.ts` and resolves with the first line it prints, parsed. */
async function spawnScript<T>(name: string, args: string[], { pin = true, wrapper = [] }: StartOptions = {}) {
  const script = fileURLToPath(new URL(`../servers/${name}.ts`, import.meta.url));
  const node = [...wrapper, process.execPath, '--import', 'tsx', script, ...args];
  // taskset execs node in place: the child's pid is the server's, and every thread it starts
  // inherits the core.
  const [command, ...rest] = pin && pinned ? ['taskset', '--cpu-list', String(pinned.server), ...node] : node;
  const child = spawn(command!, rest, { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before it printed`)));
  });
  return { child, info: JSON.parse(line) as T };
}

/**
 * Starts a bench server in its own process, on the server's core (see {@link pinCores}) unless
 * `pin` is false (a server of several processes, which is there to use every core); `stop` ends it.
 */
export async function startServer<T>(
  name: string,
  args: string[] = [],
  options: StartOptions = {},
): Promise<{ info: T; pid: number; stop(): Promise<void> }> {
  const { child, info } = await spawnScript<T>(name, args, options);
  return {
    info,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Runs a bench script that measures, prints one line and exits; resolves with that line. */
export async function runOnce<T>(name: string, args: string[] = []): Promise<T> {
  return (await spawnScript<T>(name, args)).info;
}

/** Runs one statement on the admin database (creating or dropping a database). */
export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 1500 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh PostgreSQL database for one server, or undefined when PostgreSQL does not answer. */
export async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const name = `signet_bench_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  try {
    await adminQuery(`CREATE DATABASE ${name}`);
  } catch {
    return undefined;
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
