import { describe, expect, it } from 'vitest';
import { isInFamily, isKnownErrorCode, KNOWN_ERROR_CODES, statusOfCode } from '../../wire/errors/codes.js';
import { ERROR_MESSAGES, messageOf } from '../../wire/errors/messages.js';

describe('error catalogue', () => {
  it('has a message for every known code and 83 codes in all', () => {
    expect(Object.keys(KNOWN_ERROR_CODES)).toHaveLength(83);
    expect(Object.keys(ERROR_MESSAGES).sort()).toEqual(Object.keys(KNOWN_ERROR_CODES).sort());
  });
  it('places codes in their abstract families', () => {
    expect(isInFamily('ACCESS_TOKEN_EXPIRED', 'INVALID_ACCESS_TOKEN')).toBe(true);
    expect(isInFamily('ACCESS_TOKEN_EXPIRED', 'SESSION_AUTHENTICATION_ERROR')).toBe(true);
    expect(isInFamily('REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED', 'INVALID_ACCESS_TOKEN')).toBe(false);
    expect(isInFamily('ADMIN_ACCESS_TOKEN_EXPIRED', 'PROJECT_AUTHENTICATION_ERROR')).toBe(true);
    expect(isInFamily('VERIFICATION_CODE_EXPIRED', 'VERIFICATION_ERROR')).toBe(true);
  });
  it('builds messages from details as the wire does', () => {
    expect(messageOf('PASSWORD_TOO_SHORT', { min_length: 8 })).toBe(
      'Password too short. Minimum length is 8.',
    );
    expect(messageOf('PASSWORD_TOO_LONG', { maxLength: 70 })).toBe(
      'Password too long. Maximum length is 70.',
    );
    expect(messageOf('INVALID_PUBLISHABLE_CLIENT_KEY', { project_id: 'p1' })).toBe(
      'The publishable key is not valid for the project "p1". Does the project and/or the key exist?',
    );
    expect(statusOfCode('VERIFICATION_CODE_ALREADY_USED')).toBe(409);
    expect(isKnownErrorCode('NOT_A_CODE')).toBe(false);
  });
});
