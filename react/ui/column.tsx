import type { ReactNode } from 'react';

/**
 * Its children one under the other, 8px apart and as wide as the column: a plugin's buttons in
 * the auth page's buttons slot, or a button with its error under it.
 */
export function Column({ children }: { children?: ReactNode }) {
  return <div className="signet-column">{children}</div>;
}
