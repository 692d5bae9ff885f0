/** One-way hashes for secrets we only ever need to compare (refresh tokens, one-time codes). */
import { createHash } from 'node:crypto';

/** Lowercase hex SHA-256 of the UTF-8 bytes of `text`. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
