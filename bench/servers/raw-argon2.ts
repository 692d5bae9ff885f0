/**
 * The floor of a password sign-in: argon2id verifications per second at signet's parameters, with
 * as many calls in flight as the bench has connections, and nothing else. Prints `{ perSecond }`
 * and exits.
 *
 * `library` (the default) calls the argon2 library itself, as any server would: every call in
 * flight hashes at once on libuv's threads. `service` goes through signet's own password service,
 * which runs one hash per core at a time (services/passwords.ts): the most hashes this core does.
 */
import { hash, verify } from '@node-rs/argon2';
import { ARGON2_OPTIONS, createPasswordService } from '../../server/src/services/passwords.js';
import { ready } from './child.js';

const [seconds = '5', concurrency = '10', mode = 'library'] = process.argv.slice(2);
const service = mode === 'service' ? createPasswordService() : undefined;
const stored = service ? await service.hash('bench-password') : await hash('bench-password', ARGON2_OPTIONS);
const check = service
  ? () => service.verify(stored, 'bench-password')
  : () => verify(stored, 'bench-password');

/** Verifications done by `concurrency` loops in `durationMs`. */
async function verificationsIn(durationMs: number): Promise<number> {
  const end = performance.now() + durationMs;
  let done = 0;
  const loop = async () => {
    while (performance.now() < end) {
      if (!(await check())) throw new Error('argon2id: no match');
      done++;
    }
  };
  await Promise.all(Array.from({ length: Number(concurrency) }, loop));
  return done;
}

await verificationsIn(1000); // warm-up, as the HTTP figures have
const durationMs = Number(seconds) * 1000;
ready({ perSecond: (await verificationsIn(durationMs)) / (durationMs / 1000) });
process.exit(0);
