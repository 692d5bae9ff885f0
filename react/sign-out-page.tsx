/** The handler's sign-out page: ends the session once mounted, then the app redirects. */
import { useEffect, useRef, useState } from 'react';
import { useApp } from './hooks.js';
import { UnknownErrorCard } from './message-cards.js';
import { Skeleton } from './ui/skeleton.js';

/** Signs out on the client only (never during a server render), then goes to after-sign-out. */
export function SignOutPage() {
  const app = useApp();
  const [failed, setFailed] = useState(false);
  // Strict mode mounts effects twice; one sign-out request is enough.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Let the first load finish: a `users/me` answer arriving after the sign-out would otherwise
    // put the user back (the access token stays valid on the server until it expires).
    app
      .ready()
      .catch(() => undefined)
      .then(() => app.signOut())
      .catch((error: unknown) => {
        console.error(error);
        setFailed(true);
      });
  }, [app]);
  return failed ? <UnknownErrorCard /> : <Skeleton label="Signing out" />;
}
