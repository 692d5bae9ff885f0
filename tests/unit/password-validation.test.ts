import { describe, expect, it } from 'vitest';
import { MESSAGES, validateSignIn, validateSignUp } from '../../plugins/password/validation.js';
import { messageOf } from '../../wire/errors/messages.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../wire/headers.js';

describe('sign-in form validation', () => {
  it('asks for an email and a password', () => {
    expect(validateSignIn({ email: '', password: '' })).toEqual({
      email: 'Please enter your email',
      password: 'Please enter your password',
    });
  });
  it.each(['plain', 'a@b', 'a@b.c', '.lead@example.com', 'sp ace@example.com'])('rejects %s', (email) => {
    expect(validateSignIn({ email, password: 'x' }).email).toBe('Please enter a valid email');
  });
  it.each(['a@example.com', 'first.last+tag@sub.example.co'])('accepts %s', (email) => {
    expect(validateSignIn({ email, password: 'x' })).toEqual({});
  });
});

describe('sign-up form validation', () => {
  it('checks length in code points, 8 to 70', () => {
    expect(validateSignUp({ email: 'a@example.com', password: 'short', passwordRepeat: null }).password).toBe(
      'Password too short. Minimum length is 8.',
    );
    expect(
      validateSignUp({ email: 'a@example.com', password: 'x'.repeat(71), passwordRepeat: null }).password,
    ).toBe('Password too long. Maximum length is 70.');
    // 70 emoji are 140 UTF-16 units but 70 characters: allowed.
    expect(
      validateSignUp({ email: 'a@example.com', password: '😀'.repeat(70), passwordRepeat: null }),
    ).toEqual({});
  });
  it('checks the repeat field only when the form has one', () => {
    const base = { email: 'a@example.com', password: 'long-enough' };
    expect(validateSignUp({ ...base, passwordRepeat: '' }).passwordRepeat).toBe(
      'Please repeat your password',
    );
    expect(validateSignUp({ ...base, passwordRepeat: 'different' }).passwordRepeat).toBe(
      'Passwords do not match',
    );
    expect(validateSignUp({ ...base, passwordRepeat: 'long-enough' })).toEqual({});
    expect(validateSignUp({ ...base, passwordRepeat: null })).toEqual({});
  });
});

describe('form messages and the server agree', () => {
  // The form writes the length messages out (to keep the error table out of the screens); a
  // password refused by the form must read exactly as the same password refused by the server.
  it('says what the server says for a password too short or too long', () => {
    expect(MESSAGES.passwordTooShort).toBe(
      messageOf('PASSWORD_TOO_SHORT', { min_length: PASSWORD_MIN_LENGTH }),
    );
    expect(MESSAGES.passwordTooLong).toBe(messageOf('PASSWORD_TOO_LONG', { maxLength: PASSWORD_MAX_LENGTH }));
  });
});
