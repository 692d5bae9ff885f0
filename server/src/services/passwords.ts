/**
 * Password hashing (argon2id) and the password rules of wire.md §4.1 / design.md: 8 to 70
 * characters counted in code points, never truncated.
 */
import { hash, verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../wire/headers.js';
import { type KnownError, knownError } from '../errors.js';

/** Argon2id hashing with a dummy hash for constant-work comparisons. */
export interface PasswordService {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /**
   * Verifies against a hash of a random password, so a sign-in for an unknown email costs as much
   * as one for a known email and timing does not reveal which emails exist.
   */
  verifyDummy(password: string): Promise<void>;
}

const ARGON2ID = 2; // @node-rs/argon2 Algorithm.Argon2id (const enum, not importable under isolatedModules)

/** A password service; the dummy hash is computed once, on first use. */
export function createPasswordService(): PasswordService {
  let dummy: Promise<string> | undefined;
  const hashPassword = (password: string) => hash(password, { algorithm: ARGON2ID });
  const verifyPassword = async (stored: string, password: string) => {
    try {
      // Hashes imported from another system (`password_hash` on server user writes) are bcrypt.
      if (isBcryptHash(stored)) return await bcrypt.compare(password, stored);
      return await verify(stored, password);
    } catch {
      return false; // a malformed stored hash is a mismatch, not a crash
    }
  };
  return {
    hash: hashPassword,
    verify: verifyPassword,
    async verifyDummy(password) {
      dummy ??= hashPassword(crypto.randomUUID());
      await verifyPassword(await dummy, password);
    },
  };
}

/** The password-rule error for `password`, or undefined when it is acceptable. */
export function passwordProblem(password: string): KnownError | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH)
    return knownError('PASSWORD_TOO_SHORT', { min_length: PASSWORD_MIN_LENGTH });
  if (length > PASSWORD_MAX_LENGTH)
    return knownError('PASSWORD_TOO_LONG', { maxLength: PASSWORD_MAX_LENGTH });
  return undefined;
}

const BCRYPT = /^\$2[aby]\$(\d{2})\$[./A-Za-z0-9]{53}$/;

/** The highest bcrypt cost an imported hash may have (each step doubles the work of a sign-in). */
export const BCRYPT_MAX_COST = 16;

/** True for a bcrypt hash in modular crypt format (`$2a$`, `$2b$`, `$2y$`) of cost 4 to 16. */
export function isBcryptHash(value: string): boolean {
  const cost = BCRYPT.exec(value)?.[1];
  return cost !== undefined && Number(cost) >= 4 && Number(cost) <= BCRYPT_MAX_COST;
}
