/** Random strings in the wire's alphabet (lowercase Crockford base32: no i, l, o, u). */
const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/** `length` random lowercase Crockford-base32 characters from the platform's CSPRNG. */
export function randomCrockford(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let out = '';
  for (const byte of bytes) out += CROCKFORD[byte & 31];
  return out;
}
