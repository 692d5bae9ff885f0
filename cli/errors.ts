/** Why a command-line login ended without a session. */
export type CliLoginFailure = 'expired' | 'used' | 'aborted';

const MESSAGES: Record<CliLoginFailure, string> = {
  expired: 'The login link expired before it was confirmed in the browser. Run the login again.',
  used: 'This login was already collected, by another process polling the same code. Run the login again.',
  aborted: 'The login was aborted before it was confirmed.',
};

/** A command-line login that ended without a session; `reason` says how. */
export class CliLoginError extends Error {
  override readonly name = 'CliLoginError';
  declare readonly reason: CliLoginFailure;
  constructor(reason: CliLoginFailure, options?: { cause?: unknown }) {
    super(MESSAGES[reason], options);
    this.reason = reason;
  }
}
