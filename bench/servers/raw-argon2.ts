/**
 * The floor of a password sign-in: argon2id verifications per second through signet's own password
 * service (so at its parameters), with as many calls in flight as the bench has connections, and
 * nothing else. Prints `{ perSecond }` and exits.
 */
import { createPasswordService } from '../../server/src/services/passwords.js';
import { ready } from './child.js';

const [seconds = '5', concurrency = '10'] = process.argv.slice(2);
const passwords = createPasswordService();
const stored = await passwords.hash('bench-password');

/** Verifications done by `concurrency` loops in `durationMs`. */
async function verificationsIn(durationMs: number): Promise<number> {
  const end = performance.now() + durationMs;
  let done = 0;
  const loop = async () => {
    while (performance.now() < end) {
      if (!(await passwords.verify(stored, 'bench-password'))) throw new Error('argon2id: no match');
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
