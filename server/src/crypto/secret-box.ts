/**
 * Secrets the server must read back but never keep in clear (TOTP secrets): AES-256-GCM with a key
 * derived (HKDF-SHA-256) from the server secret every process on the database shares, so a copy
 * of the database alone reveals nothing.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Seals and opens short secrets. */
export interface SecretBox {
  seal(plain: Uint8Array): string;
  /** The sealed bytes, or null when `sealed` was not made by this box (another key, tampering). */
  open(sealed: string): Uint8Array | null;
}

const VERSION = 'v1';

/** A box whose key derives from `serverSecret` for `purpose`. */
export function createSecretBox(serverSecret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'signet', purpose, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
      return `${VERSION}.${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    open(sealed) {
      const [version, iv, body] = sealed.split('.');
      if (version !== VERSION || !iv || !body) return null;
      try {
        const bytes = Buffer.from(body, 'base64url');
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(bytes.subarray(bytes.length - 16));
        return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]);
      } catch {
        return null;
      }
    },
  };
}
