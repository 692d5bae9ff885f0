/**
 * QrCode's encoder (react/ui/qr-matrix.ts) draws the same symbol as uqr, which QrCode used before,
 * module for module: every version from 1 to 40, numeric, alphanumeric and UTF-8 byte texts, the
 * empty text, and the same RangeError past version 40.
 */
import { encode } from 'uqr';
import { expect, it } from 'vitest';
import { qrMatrix } from '../../react/ui/qr-matrix.js';

/** A text of `length` characters from `alphabet`, the same on every run. */
function text(length: number, alphabet: string, seed: number): string {
  let state = seed;
  let out = '';
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    out += alphabet[state % alphabet.length];
  }
  return out;
}

const DIGITS = '0123456789';
const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';
const BYTES = 'abcdefghijklmnopqrstuvwxyz/:?=&%é✓';

it('draws what uqr drew at level M with a quiet zone of 4, in every version', () => {
  const cases = [
    '',
    '7',
    'HELLO WORLD',
    'otpauth://totp/Signet:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Signet&algorithm=SHA1&digits=6&period=30',
    'héllo ✓ 𝄞',
  ];
  for (let length = 1; length < 5700; length += 61) cases.push(text(length, DIGITS, length));
  for (let length = 1; length < 3450; length += 47) cases.push(text(length, ALPHANUMERIC, length));
  for (let length = 1; length < 1200; length += 23) cases.push(text(length, BYTES, length));
  const versions = new Set<number>();
  for (const value of cases) {
    let expected: ReturnType<typeof encode>;
    try {
      expected = encode(value, { ecc: 'M', border: 4 });
    } catch {
      expect(() => qrMatrix(value, 4)).toThrow(RangeError);
      continue;
    }
    versions.add(expected.version);
    expect(qrMatrix(value, 4), value).toEqual(expected.data);
  }
  expect(versions.size).toBe(40);
}, 120_000);

it('refuses a lone surrogate as uqr did', () => {
  expect(() => encode('\ud800', { ecc: 'M', border: 4 })).toThrow(URIError);
  expect(() => qrMatrix('\ud800', 4)).toThrow(URIError);
});
