/** Verification-code failures in words a user understands (product-spec §4, §8). */
import { RateLimitError, SignetError } from '../core/errors/signet-error.js';

/** The sentence to show for a failed use of an emailed code or link. */
export function verificationErrorMessage(error: unknown): string {
  if (error instanceof RateLimitError) return error.message;
  if (!(error instanceof SignetError)) return 'Something went wrong. Please try again.';
  switch (error.code) {
    case 'VERIFICATION_CODE_NOT_FOUND':
      return 'This link or code is not valid. Check that you copied it completely, or ask for a new email.';
    case 'VERIFICATION_CODE_EXPIRED':
      return 'This link or code has expired. Ask for a new email.';
    case 'VERIFICATION_CODE_ALREADY_USED':
      return 'This link or code has already been used.';
    case 'VERIFICATION_CODE_MAX_ATTEMPTS_REACHED':
      return 'Too many attempts with this code. Ask for a new email.';
    default:
      return error.message;
  }
}
