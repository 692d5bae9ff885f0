/**
 * RFC 6238 (HMAC-SHA-1, 6 digits, 30-second steps) and RFC 4648 base32, written for the tests
 * apart from the server's and the kit's own, so each checks the other: what an authenticator app
 * computes from a secret, and how it reads a manual key.
 */
import { createHmac } from 'node:crypto';

/** The code of `secret` for the 30-second step holding `at` (epoch ms). */
export function totp(secret: Buffer, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', secret).update(counter).digest();
  const offset = mac[19]! & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** The bytes of a base32 manual key (spaces and case ignored). */
export function fromBase32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/\s/g, '').toUpperCase())
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => Number.parseInt(b, 2)));
}
