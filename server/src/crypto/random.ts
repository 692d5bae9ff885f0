/**
 * Random strings in the wire's alphabet: lowercase Crockford base32 (no i, l, o, u). Used for
 * refresh tokens, project keys, verification codes and request ids.
 */
import { randomBytes, randomFillSync } from 'node:crypto';

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/** `length` random lowercase Crockford-base32 characters (5 bits of CSPRNG output each). */
export function randomCrockford(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += CROCKFORD[byte & 31];
  return out;
}

const POOL_BYTES = 4096;
const CROCKFORD_BYTES = Buffer.from(CROCKFORD, 'latin1');
/** The random bytes of one draw, refilled in place (no buffer allocated and zeroed per draw). */
const poolBytes = Buffer.allocUnsafe(POOL_BYTES);
let pool = '';
let poolOffset = 0;

/**
 * Like {@link randomCrockford}, for identifiers made on every request (request ids): random bytes
 * are drawn 4 KiB at a time and turned into one string of characters once per draw, so an id is a
 * slice of that string, with no system call, no buffer decoded and no string built character by
 * character. At most 4,096 characters.
 */
export function randomCrockfordPooled(length: number): string {
  if (poolOffset + length > pool.length) {
    randomFillSync(poolBytes);
    for (let i = 0; i < POOL_BYTES; i++) poolBytes[i] = CROCKFORD_BYTES[poolBytes[i]! & 31]!;
    pool = poolBytes.toString('latin1');
    poolOffset = 0;
  }
  const id = pool.slice(poolOffset, poolOffset + length);
  poolOffset += length;
  return id;
}

/** A random UUID v4. */
export function randomUuid(): string {
  return crypto.randomUUID();
}
