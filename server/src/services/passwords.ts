/**
 * Password hashing (argon2id) and the password rules of wire.md §4.1 / design.md: 8 to 70
 * characters counted in code points, never truncated.
 */
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../wire/headers.js';
import { type KnownError, knownError } from '../errors.js';
import { createConcurrencyLimit } from './concurrency-limit.js';

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

/**
 * The argon2id parameters of every hash signet makes: the library's defaults (m = 19 MiB, t = 2,
 * p = 1, OWASP's first recommendation), named so the benches hash at the very same.
 */
export const ARGON2_OPTIONS = { algorithm: ARGON2ID } as const;

/**
 * How many argon2id hashes run at once by default: one per core this process may use (its share
 * when `processes` servers share the machine), leaving at least one of libuv's threads (4 unless
 * `UV_THREADPOOL_SIZE` says otherwise) free for file, DNS and WebCrypto work.
 *
 * Each hash is ~19 MiB of memory worked over on one of libuv's threads. Run more at once than
 * there are cores and they take turns on a core, each turn evicting the others' memory from the
 * caches: on one core, four at a time do about three quarters of the hashes per second that one
 * at a time does. And with every thread of the pool hashing, everything else that needs the pool
 * waits behind the sign-ins.
 */
export function defaultHashConcurrency(processes = 1): number {
  const pool = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  return Math.max(1, Math.min(Math.floor(availableParallelism() / processes), pool - 1));
}

/**
 * A password service; the dummy hash is computed once, on first use. At most `concurrency`
 * hashes run at once (default {@link defaultHashConcurrency}); the rest wait their turn.
 */
export function createPasswordService({
  concurrency = defaultHashConcurrency(),
}: {
  concurrency?: number;
} = {}): PasswordService {
  const limit = createConcurrencyLimit(concurrency);
  let dummy: Promise<string> | undefined;
  const hashPassword = (password: string) => limit(() => hash(password, ARGON2_OPTIONS));
  const verifyPassword = async (stored: string, password: string) => {
    try {
      // Hashes imported from another system (`password_hash` on server user writes) are bcrypt.
      if (isBcryptHash(stored)) return await bcrypt.compare(password, stored);
      return await limit(() => verify(stored, password));
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
