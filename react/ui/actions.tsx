import type { ReactNode } from 'react';

/** A row of buttons at their natural width, wrapping on a narrow screen. */
export function Actions({ children }: { children?: ReactNode }) {
  return <div className="signet-account-actions">{children}</div>;
}
