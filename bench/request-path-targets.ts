/**
 * The request path's targets, each beside its baseline measured in the same run on one kind of
 * database (see server-throughput.ts, which runs them): `GET /api/v1` ≥ 0.9× bare Hono,
 * `users/me` ≥ 0.8× bare Hono, password sign-ins ≥ 80 % of raw argon2id verifications per second,
 * each with a bare handler beside it and, for the record, a few more baselines; then the table,
 * with how far apart each side's rounds were.
 */
import { availableParallelism } from 'node:os';
import { copyAnswer } from './lib/answers.js';
import {
  CONNECTIONS,
  DURATION_SECONDS,
  freshDatabase,
  pinCores,
  rps,
  runOnce,
  type SignetInfo,
  startServer,
  stolenSeconds,
} from './lib/load.js';

/** How many times each target and its baseline are measured in alternation (the best is kept). */
const TARGET_ROUNDS = Number(process.env.BENCH_TARGET_ROUNDS ?? 3);

/** Each target with its baseline, measured one right after the other on one kind of database. */
interface TargetFigures {
  bareHono: number;
  /**
   * Bare Hono's route given the request `users/me` receives (its client headers and a 600-character
   * access token): what Node's parsing of that request costs any server, for the record.
   */
  bareHonoMeRequest: number;
  root: number;
  me: number;
  /** signet's answers to the same requests, from a bare `node:http` handler that computes nothing. */
  sameRoot: number;
  sameMe: number;
  /** signet's answers again, from a Hono route that computes nothing (servers/hono-same-answers). */
  honoSameRoot: number;
  honoSameMe: number;
  /** The argon2 library called directly, every verification in flight hashing at once. */
  rawArgon2: number;
  /** Verifications through signet's password service alone: one hash per core at a time. */
  hashService: number;
  signIn: number;
  /** Sign-ins from a bare handler that only reads the body, verifies the hash and answers. */
  signInFloor: number;
}

/**
 * The best round of each figure, which the targets compare, and the lowest: how far apart one
 * server's rounds were shows how much of a ratio this machine's noise can account for.
 */
export interface TargetRounds {
  best: TargetFigures;
  lowest: TargetFigures;
  /**
   * The share of the machine's CPU time the hypervisor took while the rounds ran (steal), when
   * the system says: a reason, when it is more than a few per cent, for rounds that disagree.
   */
  stolen?: number;
}

/**
 * The request path's targets on one kind of database: bare Hono, signet's `GET /api/v1` and
 * `users/me`; raw argon2id verifications and password sign-ins. The machine may be shared, so each
 * figure and its baseline are measured in alternation, {@link TARGET_ROUNDS} times, and the best
 * round of each is kept: load from elsewhere weighs on both alike, and the best round is the one
 * it disturbed least.
 */
export async function measureTargets(database: 'PGlite' | 'PostgreSQL'): Promise<TargetRounds | undefined> {
  const db = database === 'PostgreSQL' ? await freshDatabase() : undefined;
  if (database === 'PostgreSQL' && !db) return undefined;
  try {
    const hono = await startServer<{ url: string }>('bare-hono');
    const signet = await startServer<SignetInfo>('signet', db ? [db.url] : []);
    const meHeaders = {
      ...signet.info.clientHeaders,
      'x-stack-access-token': signet.info.tokens.access_token,
    };
    const answers = {
      root: await copyAnswer(signet.info.url, '/api/v1'),
      me: await copyAnswer(signet.info.url, '/api/v1/users/me', meHeaders),
    };
    const same = await startServer<{ url: string }>('same-answers', [JSON.stringify(answers)]);
    const honoSame = await startServer<{ url: string }>('hono-same-answers', [JSON.stringify(answers)]);
    const signInFloor = await startServer<{ url: string }>('sign-in-floor');
    try {
      const { url } = signet.info;
      const best: TargetFigures = {
        bareHono: 0,
        bareHonoMeRequest: 0,
        root: 0,
        me: 0,
        sameRoot: 0,
        sameMe: 0,
        honoSameRoot: 0,
        honoSameMe: 0,
        rawArgon2: 0,
        hashService: 0,
        signIn: 0,
        signInFloor: 0,
      };
      const signInRequest = {
        path: '/api/v1/auth/password/sign-in',
        method: 'POST',
        headers: signet.info.clientHeaders,
        body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password' }),
      } as const;
      const lowest: TargetFigures = { ...best };
      const keep = (name: keyof TargetFigures, value: number) => {
        best[name] = Math.max(best[name], value);
        lowest[name] = lowest[name] === 0 ? value : Math.min(lowest[name], value);
      };
      const stolenAtStart = stolenSeconds();
      const startedAt = performance.now();
      for (let round = 0; round < TARGET_ROUNDS; round++) {
        keep('bareHono', await rps(hono.info.url, { path: '/api/v1' }));
        keep('root', await rps(url, { path: '/api/v1' }));
        keep('sameRoot', await rps(same.info.url, { path: '/api/v1' }));
        keep('me', await rps(url, { path: '/api/v1/users/me', headers: meHeaders }));
        keep('sameMe', await rps(same.info.url, { path: '/api/v1/users/me', headers: meHeaders }));
        keep('honoSameRoot', await rps(honoSame.info.url, { path: '/api/v1' }));
        keep('honoSameMe', await rps(honoSame.info.url, { path: '/api/v1/users/me', headers: meHeaders }));
        keep('bareHonoMeRequest', await rps(hono.info.url, { path: '/api/v1', headers: meHeaders }));
        const raw = await runOnce<{ perSecond: number }>('raw-argon2', [
          String(DURATION_SECONDS),
          String(CONNECTIONS),
        ]);
        keep('rawArgon2', raw.perSecond);
        const service = await runOnce<{ perSecond: number }>('raw-argon2', [
          String(DURATION_SECONDS),
          String(CONNECTIONS),
          'service',
        ]);
        keep('hashService', service.perSecond);
        keep('signIn', await rps(url, signInRequest));
        keep('signInFloor', await rps(signInFloor.info.url, signInRequest));
      }
      const stolenAtEnd = stolenSeconds();
      const coreSeconds = ((performance.now() - startedAt) / 1000) * availableParallelism();
      const stolen =
        stolenAtStart === undefined || stolenAtEnd === undefined
          ? undefined
          : (stolenAtEnd - stolenAtStart) / coreSeconds;
      return { best, lowest, stolen };
    } finally {
      await signInFloor.stop();
      await honoSame.stop();
      await same.stop();
      await signet.stop();
      await hono.stop();
    }
  } finally {
    await db?.drop().catch(() => {});
  }
}

/** Where the servers and the load generator ran. */
const pinning = () => {
  const cores = pinCores();
  return cores
    ? `servers on core ${cores.server}, load generator on core ${cores.loadGenerator}`
    : 'cores left to the scheduler';
};

/** How far below the best round the lowest was, as a share of the best. */
const spreadOf = (rounds: TargetRounds, name: keyof TargetFigures) =>
  rounds.best[name] === 0 ? 0 : 1 - rounds.lowest[name] / rounds.best[name];

/**
 * Prints each target beside its baseline and the ratio, with whether it is met, and how far apart
 * each side's rounds were: a ratio nearer its goal than that spread is within the machine's noise,
 * and the closing line says which.
 */
export function printTargets(figures: Array<[string, TargetRounds | undefined]>) {
  const rows = [];
  const withinNoise: string[] = [];
  for (const [database, rounds] of figures) {
    if (!rounds) {
      console.log(`PostgreSQL did not answer at 127.0.0.1:5432: its targets are left out.`);
      continue;
    }
    const f = rounds.best;
    const row = (
      target: string,
      value: keyof TargetFigures,
      baseline: string,
      base: keyof TargetFigures,
      goal: number | undefined,
      floor?: keyof TargetFigures,
    ) => {
      const ratio = f[value] / f[base];
      const spread = Math.max(spreadOf(rounds, value), spreadOf(rounds, base));
      if (goal !== undefined && Math.abs(ratio - goal) / goal < spread)
        withinNoise.push(`${database} ${target}`);
      return {
        database,
        target,
        'per s': Math.round(f[value]),
        baseline,
        'baseline per s': Math.round(f[base]),
        ratio: `${ratio.toFixed(2)}×`,
        goal: goal === undefined ? '—' : `≥ ${goal}×`,
        met: goal === undefined ? '' : ratio >= goal ? 'yes' : 'no',
        // A bare handler: the same answers with nothing computed, or for sign-ins the hash and the
        // exchange alone (the most any server could reach here).
        'bare handler': floor === undefined ? '' : `${(f[floor] / f[base]).toFixed(2)}×`,
        // The lowest round under the best, the target's and the baseline's.
        'rounds apart': `${percent(spreadOf(rounds, value))} · ${percent(spreadOf(rounds, base))}`,
      };
    };
    rows.push(
      row('signet GET /api/v1', 'root', 'bare Hono route', 'bareHono', 0.9, 'sameRoot'),
      row('signet GET /users/me (access token)', 'me', 'bare Hono route', 'bareHono', 0.8, 'sameMe'),
      // For the record: the same beside bare Hono given users/me's very request, so that Node's
      // work on the request's headers weighs on both sides.
      row(
        'signet GET /users/me (access token)',
        'me',
        "bare Hono route, users/me's request",
        'bareHonoMeRequest',
        undefined,
        'sameMe',
      ),
      // For the record: the same beside a Hono route writing signet's very answers, so that the
      // wire's answer weighs on both sides and what is left is signet's own work.
      row('signet GET /api/v1', 'root', "Hono route, signet's answer", 'honoSameRoot', undefined, 'sameRoot'),
      row(
        'signet GET /users/me (access token)',
        'me',
        "Hono route, signet's answer",
        'honoSameMe',
        undefined,
        'sameMe',
      ),
      row(
        'signet password sign-ins',
        'signIn',
        `raw argon2id, ${CONNECTIONS} in flight`,
        'rawArgon2',
        0.8,
        'signInFloor',
      ),
      // For the record: the same sign-ins beside the hash at its best (one per core, as signet
      // runs it), which the library called directly does not reach.
      row(
        'signet password sign-ins',
        'signIn',
        'argon2id one per core (signet password service)',
        'hashService',
        undefined,
        'signInFloor',
      ),
    );
  }
  console.log(
    `\nRequest-path targets (baselines from the same run, ${CONNECTIONS} connections, best of ${TARGET_ROUNDS} alternating rounds of ${DURATION_SECONDS} s; ${pinning()})`,
  );
  console.table(rows);
  const stolen = figures.flatMap(([database, rounds]) =>
    rounds?.stolen === undefined ? [] : [`${(rounds.stolen * 100).toFixed(1)} % in ${database}'s rounds`],
  );
  if (stolen.length > 0) {
    console.log(`CPU time the hypervisor gave other machines (steal, all cores): ${stolen.join(', ')}.`);
  }
  if (withinNoise.length > 0) {
    console.log(
      `Nearer their goal than their rounds were apart, so within this machine's noise: ${withinNoise.join('; ')}.`,
    );
  }
}

/** `share` as a whole percentage. */
const percent = (share: number) => `${Math.round(share * 100)} %`;
