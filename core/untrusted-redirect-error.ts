/**
 * The error of a redirect to an untrusted place. Apart from the redirector because only a refused
 * redirect builds one: `refuseRedirect` loads it then.
 */

/** Thrown when a redirect target is not trusted. */
export class UntrustedRedirectError extends Error {
  override readonly name = 'UntrustedRedirectError';
  declare readonly target: string;
  constructor(target: string) {
    super('Redirect URL is not trusted; should be relative.');
    this.target = target;
  }
}
