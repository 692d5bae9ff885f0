/**
 * Results of calls that can fail in expected ways: data, or a known error the call declares (a
 * wire code, or a code a plugin owns).
 */
import type { ErrorCodesOf, ErrorFamily, KnownErrorCode } from '../wire/errors/codes.js';
import { loadErrors } from './errors/lazy.js';
import type { SignetError } from './errors/signet-error.js';

/** Success or an expected, typed failure. Unexpected failures are thrown instead. */
export type Result<T, C extends string = KnownErrorCode> =
  | { status: 'ok'; data: T }
  | { status: 'error'; error: SignetError<C> };

/**
 * Runs `call` and turns the known errors in `expected` (codes or families) into an error result;
 * anything else is rethrown, because the caller did not declare it. The result's codes are read
 * from `expected` itself (a family stands for each of its codes), so a call typed with fewer codes
 * than its list catches does not compile.
 */
export async function toResult<T, const E extends readonly (ErrorFamily | (string & {}))[]>(
  call: () => Promise<T>,
  expected: E,
): Promise<Result<T, ErrorCodesOf<E[number]>>> {
  try {
    return { status: 'ok', data: await call() };
  } catch (error) {
    const { isSignetError } = await loadErrors();
    if (expected.some((family) => isSignetError(error, family))) {
      return { status: 'error', error: error as SignetError<ErrorCodesOf<E[number]>> };
    }
    throw error;
  }
}
