/** The kit's TOTP and base32 against the RFC test vectors (RFC 6238 appendix B, RFC 4648 §10). */
import { describe, expect, it } from 'vitest';
import { base32, base64, totpAt } from '../../plugins/totp/totp-code.js';

const RFC_SECRET = new TextEncoder().encode('12345678901234567890');

describe('TOTP in the kit', () => {
  it('gives the RFC 6238 SHA-1 codes, cut to 6 digits', async () => {
    expect(await totpAt(RFC_SECRET, 59_000)).toBe('287082');
    expect(await totpAt(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
    expect(await totpAt(RFC_SECRET, 1_234_567_890_000)).toBe('005924');
    expect(await totpAt(RFC_SECRET, 20_000_000_000_000)).toBe('353130');
  });

  it('writes base32 and base64 as authenticator apps and the wire read them', () => {
    const ascii = (s: string) => new TextEncoder().encode(s);
    expect(base32(ascii(''))).toBe('');
    expect(base32(ascii('f'))).toBe('MY');
    expect(base32(ascii('foobar'))).toBe('MZXW6YTBOI');
    expect(base64(ascii('foobar'))).toBe('Zm9vYmFy');
  });
});
