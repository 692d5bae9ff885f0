/**
 * Time-based one-time passwords (RFC 6238) as the wire uses them (wire.md §6.5): HMAC-SHA-1,
 * 6 digits, 30-second steps (the verifier takes the current and the previous step).
 */
import { createHmac } from 'node:crypto';

/** Length of a step, in milliseconds. */
export const TOTP_STEP_MS = 30_000;

/** The step `now` falls in. */
export function totpStep(now: number): number {
  return Math.floor(now / TOTP_STEP_MS);
}

/** The 6-digit code of `secret` for `step`. */
export function totpCode(secret: Uint8Array, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', secret).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, '0');
}
