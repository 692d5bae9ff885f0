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
/** The random bytes of one draw, refilled in place (no buffer allocated and zeroed per draw). */
const poolBytes = Buffer.allocUnsafe(POOL_BYTES);
let pool = '';
let poolOffset = 0;

/**
 * `length` random lowercase hex characters (4 bits of CSPRNG output each; hex digits are also
 * Crockford-base32 characters, so such an id is in the wire's alphabet), for identifiers made on
 * every request (request ids). Random bytes are drawn 4 KiB at a time and encoded by Node's own
 * hex encoder once per draw, so an id is a slice of that string: no system call, no buffer and no
 * loop in JavaScript per id. A loop mapping each byte to a base32 character cost about 70
 * instructions per byte in the server's process, over 1,000 per request; the native encoder costs
 * a few. At most 8,192 characters.
 */
export function randomHexPooled(length: number): string {
  if (poolOffset + length > pool.length) {
    randomFillSync(poolBytes);
    pool = poolBytes.toString('hex');
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
