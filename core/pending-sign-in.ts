/**
 * The "second factor required" answer of a first factor, read into the attempt the sign-in step
 * keeps. Only a sign-in that failed reads it, so the step loads this module then.
 */
import { loadErrors } from './errors/lazy.js';
import { type PendingSignIn, SECOND_FACTOR_ATTEMPT_MS, type SignInOptions } from './sign-in.js';

/**
 * The pending attempt `error` stands for when it is the wire's
 * `MULTI_FACTOR_AUTHENTICATION_REQUIRED` with an attempt code, else null. The attempt keeps the
 * options of the sign-in it continues and expires `SECOND_FACTOR_ATTEMPT_MS` after `now`.
 */
export async function pendingSignInOf(
  error: unknown,
  options: SignInOptions,
  now: () => number,
): Promise<PendingSignIn | null> {
  const { isSignetError } = await loadErrors();
  const attemptCode =
    isSignetError(error, 'MULTI_FACTOR_AUTHENTICATION_REQUIRED') && error.details?.attempt_code;
  if (typeof attemptCode !== 'string') return null;
  return {
    ...options,
    attemptCode,
    isNewUser: options.isNewUser ?? false,
    expiresAt: now() + SECOND_FACTOR_ATTEMPT_MS,
  };
}
