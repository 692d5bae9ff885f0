/**
 * The error classes, loaded when a failure needs them. Every check the core makes of a caught
 * error runs after something failed, and every SignetError comes from a failed call (whose
 * decoding loaded this module already) or from code that imported the classes itself: so the
 * first load of an app whose calls succeed carries none of them, in a bundler that splits chunks.
 */
import type { ErrorFamily } from '../../wire/errors/codes.js';

/** Loads the error classes and `isSignetError`. */
export const loadErrors = () => import('./signet-error.js');

/** `isSignetError(error, family)`, once the error module is loaded. */
export async function isSignetErrorLoaded(
  error: unknown,
  family?: ErrorFamily | (string & {}),
): Promise<boolean> {
  return (await loadErrors()).isSignetError(error, family);
}
