/**
 * Random strings in the wire's alphabet: lowercase Crockford base32 (no i, l, o, u). Used for
 * refresh tokens, project keys, verification codes and request ids.
 */
import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/** `length` random lowercase Crockford-base32 characters (5 bits of CSPRNG output each). */
export function randomCrockford(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += CROCKFORD[byte & 31];
  return out;
}

const POOL_SIZE = 4096;
let pool = Buffer.alloc(0);
let poolOffset = 0;

/**
 * Like {@link randomCrockford}, from random bytes drawn 4 KiB at a time: for identifiers made on
 * every request (request ids), where one system call per id would show in the throughput.
 */
export function randomCrockfordPooled(length: number): string {
  if (poolOffset + length > pool.length) {
    pool = randomBytes(Math.max(POOL_SIZE, length));
    poolOffset = 0;
  }
  let out = '';
  for (let i = 0; i < length; i++) out += CROCKFORD[pool[poolOffset + i]! & 31];
  poolOffset += length;
  return out;
}

/** A random UUID v4. */
export function randomUuid(): string {
  return crypto.randomUUID();
}
