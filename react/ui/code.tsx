import type { HTMLAttributes } from 'react';

/**
 * A value the user reads or types by hand (a key to enter in an authenticator app, a code):
 * monospaced, slightly spaced out, and wrapping anywhere so a long one never overflows.
 */
export function Code({ className, ...props }: HTMLAttributes<HTMLElement>) {
  return <code className={className ? `signet-code ${className}` : 'signet-code'} {...props} />;
}
