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

/** A random UUID v4. */
export function randomUuid(): string {
  return crypto.randomUUID();
}
