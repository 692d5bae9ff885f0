/**
 * TOTP in the browser with WebCrypto (RFC 6238 as the wire uses it: HMAC-SHA-1, 6 digits, 30 s),
 * and the base32 a person types into an authenticator app: no library needed for either.
 */

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding, as authenticator apps take secrets. */
export function base32(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(buffer << (5 - bits)) & 31];
  return out;
}

/** The 6-digit code of `secret` at `now` (epoch ms). */
export async function totpAt(secret: Uint8Array, now: number): Promise<string> {
  const counter = new DataView(new ArrayBuffer(8));
  counter.setBigUint64(0, BigInt(Math.floor(now / 30_000)));
  const key = await crypto.subtle.importKey(
    'raw',
    new Uint8Array(secret),
    { name: 'HMAC', hash: 'SHA-1' },
    false,
    ['sign'],
  );
  const mac = new DataView(await crypto.subtle.sign('HMAC', key, counter.buffer));
  const offset = mac.getUint8(19) & 15;
  return String((mac.getUint32(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** Standard base64 of `bytes` (what `totp_secret_base64` takes). */
export function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
