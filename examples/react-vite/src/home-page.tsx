/** The example's home page: who is signed in, and links to the handler pages. */
import { useApp, useSessionStatus, useUser } from 'signet/react';
import { EmailStatus } from './email-status.js';

/** Shows the signed-in user, or that nobody is. */
export function HomePage() {
  const { urls } = useApp();
  const status = useSessionStatus();
  const user = useUser();
  return (
    <div className="signet-page">
      <main className="signet-card example-home">
        <h1 className="signet-card-title">signet example</h1>
        <p className="example-status" data-testid="current-user" aria-live="polite">
          {status === 'loading'
            ? 'Loading…'
            : user
              ? `Signed in as ${user.displayName ?? user.primaryEmail ?? user.id}`
              : 'Not signed in'}
        </p>
        {user && <EmailStatus />}
        <nav className="example-links" aria-label="Account">
          {user ? (
            <>
              <a className="signet-button signet-button--primary" href={urls.accountSettings}>
                Account settings
              </a>
              <a className="signet-button signet-button--secondary" href={urls.signOut}>
                Sign out
              </a>
            </>
          ) : (
            <>
              <a className="signet-button signet-button--primary" href={urls.signIn}>
                Sign in
              </a>
              <a className="signet-button signet-button--secondary" href={urls.signUp}>
                Sign up
              </a>
            </>
          )}
        </nav>
      </main>
    </div>
  );
}
