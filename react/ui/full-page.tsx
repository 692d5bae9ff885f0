/** The full-page container of handler pages. */
import { createContext, type ReactNode, useContext } from 'react';

/** True inside a `FullPage`, so a page that wraps itself is not wrapped twice by the handler. */
const InsideFullPage = createContext(false);

/**
 * Centres its content in a box that fills the viewport height below the host's header; set
 * `--signet-page-offset` to the header's height. Nested inside another `FullPage` it renders its
 * children only, so a plugin page may wrap itself whether or not `SignetHandler` already did.
 */
export function FullPage({ children }: { children: ReactNode }) {
  if (useContext(InsideFullPage)) return children;
  return (
    <InsideFullPage.Provider value={true}>
      <div className="signet-page">{children}</div>
    </InsideFullPage.Provider>
  );
}
