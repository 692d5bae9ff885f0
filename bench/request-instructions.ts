/**
 * Instructions per request on the request path, counted by valgrind's callgrind: signet's
 * `GET /api/v1` and `GET /users/me` beside a bare Hono route receiving the same requests, beside
 * a bare `node:http` handler writing signet's own answers (servers/same-answers): the floor, what
 * Node's HTTP server costs to read those requests and write those headers and bodies with nothing
 * computed, which no server speaking the wire on Node goes under; and beside a Hono route writing
 * signet's answers (servers/hono-same-answers): the same on the stack signet is built on, so that
 * what signet's own work adds is the last line. For the record, bare Hono's route is also counted
 * in a process that runs signet beside it (servers/bare-hono-beside-signet): the same route once
 * Node's shared code has seen a real server's traffic.
 *
 * Throughput on a shared 2-core VM moves by 10–40 % from one run to the next; the lowest of a few
 * instruction counts agrees within about 2 % whatever else the machine does, so a change to the
 * request path can be told apart from noise here even when the throughput targets cannot tell it.
 * It counts what the server's process runs in user space (Node, V8, the JIT's code, signet, all
 * threads), not the kernel's side of the socket, so it measures the server's own work rather than
 * the exchange.
 *
 * Each server runs under `valgrind --tool=callgrind` with counting off; after a warm-up (the JIT
 * settles) counting is turned on for a fixed number of requests and the count divided by them.
 * signet runs its built package on a throwaway PostgreSQL database (PGlite's WebAssembly is slow to
 * start under valgrind). Skipped, with a line saying so, when valgrind or PostgreSQL is missing.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { copyAnswer } from './lib/answers.js';
import { buildServer } from './lib/built-server.js';
import { CONNECTIONS, freshDatabase, type SignetInfo, startServer } from './lib/load.js';

/** Requests counted per figure, and requests before counting starts (the JIT's warm-up). */
const COUNTED = Number(process.env.BENCH_INSTRUCTION_REQUESTS ?? 10_000);
/**
 * Counts of each figure, the lowest kept. Most counts of one server agree within 1–2 %, but now
 * and then one runs 8–10 % over (a full garbage collection or the JIT recompiling inside the
 * counted requests), and on an Intel Xeon VM two counts in a row did so often enough to move a
 * figure from one run to the next; the third makes that rare.
 */
const COUNTS = 3;
const WARM_UP = 20_000;

interface Request {
  path: string;
  headers?: Record<string, string>;
}

/** A server under callgrind: counts the requests given, one dump per call. */
async function countedServer(name: string, args: string[], outDir: string) {
  const server = await startServer<{ url: string } & Partial<SignetInfo>>(name, args, {
    pin: false,
    wrapper: [
      'valgrind',
      '--quiet',
      '--tool=callgrind',
      '--instr-atstart=no',
      // V8 writes and rewrites its machine code in memory.
      '--smc-check=all-non-file',
      `--callgrind-out-file=${join(outDir, `${name}.%p`)}`,
    ],
  });
  const control = (...flags: string[]) =>
    execFileSync('callgrind_control', [...flags, String(server.pid)], { stdio: 'ignore' });
  let dumps = 0;
  return {
    info: server.info,
    stop: server.stop,
    /**
     * Instructions per request for two requests, the lowest of {@link COUNTS} counts of each made in
     * turn: the first count in a process still pays for some of the JIT's compiling and the start's
     * garbage.
     */
    async countBoth(a: Request, b: Request): Promise<[number, number]> {
      const counts: [number, number] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
      for (let round = 0; round < COUNTS; round++) {
        counts[0] = Math.min(counts[0], await this.count(a));
        counts[1] = Math.min(counts[1], await this.count(b));
      }
      return counts;
    },
    /** Instructions per request for `request`, after a warm-up. */
    async count(request: Request): Promise<number> {
      const load = (amount: number) =>
        autocannon({
          url: `${server.info.url}${request.path}`,
          headers: request.headers,
          connections: CONNECTIONS,
          amount,
        });
      await load(WARM_UP);
      control('--instr=on');
      const result = await load(COUNTED);
      control('--instr=off');
      control('--dump');
      dumps++;
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name} ${request.path}: failed requests`);
      const dump = await readFile(join(outDir, `${name}.${server.pid}.${dumps}`), 'utf8');
      const total = /^totals: (\d+)/m.exec(dump)?.[1];
      if (!total) throw new Error(`${name}: no totals in the callgrind dump`);
      return Number(total) / COUNTED;
    },
  };
}

/** Counts and prints the table; resolves false when it could not run here. */
export async function benchRequestInstructions(): Promise<boolean> {
  const title = '\nInstructions per request (callgrind, user space, all threads of the server process)';
  if (spawnSync('valgrind', ['--version']).status !== 0) {
    console.log(`${title}: skipped, valgrind is not installed`);
    return false;
  }
  const db = await freshDatabase();
  if (!db) {
    console.log(`${title}: skipped, PostgreSQL does not answer`);
    return false;
  }
  const built = await buildServer('instructions');
  process.env.SIGNET_BENCH_SERVER_ENTRY = pathToFileURL(built.index).href;
  const outDir = await mkdtemp(join(tmpdir(), 'signet-callgrind-'));
  try {
    const signet = await countedServer('signet', [db.url], outDir);
    const meHeaders = {
      ...signet.info.clientHeaders,
      'x-stack-access-token': signet.info.tokens!.access_token,
    };
    const rootRequest = { path: '/api/v1' };
    const meRequest = { path: '/api/v1/users/me', headers: meHeaders };
    const [signetRoot, signetMe] = await signet.countBoth(rootRequest, meRequest);
    // Copied with counting off: the floor below writes exactly these answers.
    const answers = {
      root: await copyAnswer(signet.info.url, rootRequest.path),
      me: await copyAnswer(signet.info.url, meRequest.path, meHeaders),
    };
    await signet.stop();
    const honoRequests = [{ path: '/api/v1' }, { path: '/api/v1', headers: meHeaders }] as const;
    const hono = await countedServer('bare-hono', [], outDir);
    const [honoRoot, honoMeHeaders] = await hono.countBoth(...honoRequests);
    await hono.stop();
    // Its signet signs the bench user up again: a database of its own.
    const besideDb = (await freshDatabase())!;
    let besideCounts: [number, number];
    try {
      const beside = await countedServer('bare-hono-beside-signet', [besideDb.url], outDir);
      besideCounts = await beside.countBoth(...honoRequests);
      await beside.stop();
    } finally {
      await besideDb.drop().catch(() => {});
    }
    const [besideRoot, besideMe] = besideCounts;
    const same = await countedServer('same-answers', [JSON.stringify(answers)], outDir);
    const [floorRoot, floorMe] = await same.countBoth(rootRequest, meRequest);
    await same.stop();
    const honoSame = await countedServer('hono-same-answers', [JSON.stringify(answers)], outDir);
    const [honoSameRoot, honoSameMe] = await honoSame.countBoth(rootRequest, meRequest);
    await honoSame.stop();
    const row = (server: string, root: number, me: number) => ({
      server,
      'GET /api/v1, no headers': Math.round(root),
      'root / bare Hono': `${(root / honoRoot).toFixed(2)}×`,
      "users/me's request (client headers, access token)": Math.round(me),
      'users/me / bare Hono': `${(me / honoMeHeaders).toFixed(2)}×`,
    });
    console.log(`${title}, the lowest of ${COUNTS} counts of ${COUNTED} requests, each after ${WARM_UP}`);
    console.table([
      row('bare Hono route (its own short answer; for users/me, given its request)', honoRoot, honoMeHeaders),
      row("bare node:http handler writing signet's answers (the floor)", floorRoot, floorMe),
      row("Hono route writing signet's answers", honoSameRoot, honoSameMe),
      row("bare Hono route in signet's process (for the record)", besideRoot, besideMe),
      row('signet', signetRoot, signetMe),
    ]);
    console.log(
      `signet / Hono writing its answers: ${(signetRoot / honoSameRoot).toFixed(2)}× · ${(signetMe / honoSameMe).toFixed(2)}× (what signet's routing, authentication and pipeline add)`,
    );
    return true;
  } finally {
    await rm(outDir, { recursive: true, force: true });
    await built.remove();
    await db.drop().catch(() => {});
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchRequestInstructions();
