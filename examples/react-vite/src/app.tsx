/**
 * The example's routes: home at `/`, the kit's handler pages at `/handler/*`, under the banner
 * that shows while someone impersonates the user.
 */
import { useEffect } from 'react';
import { ImpersonationBanner } from 'signet/plugins/impersonation/screens';
import { FullPage, MessageCard, SignetHandler, useApp } from 'signet/react';
import { HomePage } from './home-page.js';
import { interceptLinks, type Router, useLocation } from './router.js';

/** The impersonation banner (nothing unless the session is one) above the current page. */
export function App({ router }: { router: Router }) {
  return (
    <>
      <ImpersonationBanner />
      <CurrentPage router={router} />
    </>
  );
}

/** Picks the page for the current location. */
function CurrentPage({ router }: { router: Router }) {
  const { urls } = useApp();
  const { pathname, search } = useLocation(router);
  useEffect(() => interceptLinks(router), [router]);

  if (pathname === urls.handler || pathname.startsWith(`${urls.handler}/`)) {
    return <SignetHandler path={pathname} search={search} />;
  }
  if (pathname === '/') return <HomePage />;
  return (
    <FullPage>
      <MessageCard title="Page not found" primary={{ label: 'Go home', href: urls.home }} />
    </FullPage>
  );
}
