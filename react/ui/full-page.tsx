/** The full-page container of handler pages. */
import type { ReactNode } from 'react';

/**
 * Centres its content in a box that fills the viewport height below the host's header; set
 * `--signet-page-offset` to the header's height.
 */
export function FullPage({ children }: { children: ReactNode }) {
  return <div className="signet-page">{children}</div>;
}
