/**
 * Making a form's call and showing how it failed, the same way on every form: an expected failure
 * (a known error from the server, or a rate limit) in its own words under the field it concerns
 * (product-spec §8: the server message under the email field), anything else as the form's message,
 * prefixed with the unhandled-error text. Never an unhandled rejection.
 */

import { RateLimitError, SignetError } from '../core/errors/signet-error.js';
import type { Result } from '../core/result.js';
import type { PendingSignIn } from '../core/sign-in.js';
import type { FormFields } from './use-form-fields.js';

/** Shown for failures that are not the user's to fix (product-spec §8). */
export const UNHANDLED_MESSAGE = 'An unhandled error occurred. Please report this to the developer.';

/** True for failures whose own message is meant for the user. */
export function isExpectedFailure(error: unknown): error is SignetError | RateLimitError {
  return error instanceof SignetError || error instanceof RateLimitError;
}

/**
 * Runs `call` (a `Result`, any plugin's codes, or a sign-in that may wait for a second factor); on
 * success returns `{ data }`, on failure shows it on `form` (under `field`, with focus, or as the
 * form message) and returns null. A sign-in waiting for a second factor returns null quietly: the
 * page shows the second-factor slot.
 */
export async function callShowingFailure<T, F extends string>(
  form: Pick<FormFields<F>, 'showErrors' | 'setFormError'>,
  field: F,
  call: () => Promise<Result<T, string> | { status: 'second-factor-required'; attempt: PendingSignIn }>,
): Promise<{ data: T } | null> {
  let failure: unknown;
  try {
    const result = await call();
    if (result.status === 'ok') return { data: result.data };
    if (result.status === 'second-factor-required') return null;
    failure = result.error;
  } catch (error) {
    failure = error;
  }
  if (isExpectedFailure(failure)) {
    form.showErrors({ [field]: failure.message } as Partial<Record<F, string>>);
  } else {
    form.showErrors({});
    form.setFormError(`${UNHANDLED_MESSAGE} ${failure instanceof Error ? failure.message : String(failure)}`);
  }
  return null;
}
