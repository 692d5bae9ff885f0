/**
 * The kit's run-time view of the error catalogue (fingerprints) says exactly what the catalogue
 * says: every known code is known with its parent, no two codes share a fingerprint, and codes
 * the catalogue lacks are unknown.
 */
import { describe, expect, it } from 'vitest';
import {
  ABSTRACT_ERROR_PARENTS,
  isInFamily,
  isKnownErrorCode,
  KNOWN_ERROR_CODES,
} from '../../wire/errors/codes.js';
import {
  fingerprint,
  KNOWN_CODE_PRINTS,
  PARENTS,
  parentOfKnownCode,
} from '../../wire/errors/fingerprints.js';

describe('error code fingerprints', () => {
  it('hold every catalogue code with its parent, in catalogue order (regenerate them if this fails)', () => {
    const expected = Object.entries(KNOWN_ERROR_CODES)
      .map(([code]) => {
        const parent = parentOfKnownCode(code);
        return parent === undefined ? `${code}: missing` : `${code}: ${parent}`;
      })
      .join('\n');
    expect(expected).toBe(
      Object.entries(KNOWN_ERROR_CODES)
        .map(([code, parent]) => `${code}: ${parent ?? ''}`)
        .join('\n'),
    );
    // The catalogue's codes grouped by parent, in catalogue order within a group: paste the
    // expected string into fingerprints.ts when the catalogue changes.
    const groups = PARENTS.map((parent) =>
      Object.entries(KNOWN_ERROR_CODES)
        .filter(([, of]) => (of ?? '') === parent)
        .map(([code]) => fingerprint(code))
        .join(''),
    );
    expect(KNOWN_CODE_PRINTS).toBe(groups.join(' '));
  });

  it('give every known code and abstract family a distinct fingerprint', () => {
    const names = [...Object.keys(KNOWN_ERROR_CODES), ...Object.keys(ABSTRACT_ERROR_PARENTS)];
    expect(new Set(names.map(fingerprint)).size).toBe(names.length);
  });

  it('know no code outside the catalogue, nor anything that is no code at all', () => {
    for (const code of [
      'TEAM_INVITATION_EXPIRED',
      'MY_PLUGIN_ERROR',
      'schema_error',
      'SCHEMA_ERROR ',
      '',
      'toString',
      '__proto__',
    ]) {
      expect(isKnownErrorCode(code), code).toBe(false);
    }
    expect(isKnownErrorCode('SCHEMA_ERROR')).toBe(true);
    expect(isInFamily('ACCESS_TOKEN_EXPIRED', 'SESSION_AUTHENTICATION_ERROR')).toBe(true);
    expect(isInFamily('ACCESS_TOKEN_EXPIRED', 'PROJECT_AUTHENTICATION_ERROR')).toBe(false);
    expect(isInFamily('MY_PLUGIN_ERROR', 'MY_PLUGIN_ERROR' as never)).toBe(true);
  });
});
