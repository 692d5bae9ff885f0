/** The example's home page: who is signed in, and links to the handler pages. */
import { TeamSwitcher } from 'signet/plugins/teams/screens';
import { ButtonLink, Card, FullPage, useApp, useSessionStatus, useUser } from 'signet/react';
import { EmailStatus } from './email-status.js';

/** Shows the signed-in user, or that nobody is. */
export function HomePage() {
  const { urls } = useApp();
  const status = useSessionStatus();
  const user = useUser();
  return (
    <FullPage>
      <main className="example-home">
        <Card title="signet example">
          <p className="example-status" data-testid="current-user" aria-live="polite">
            {status === 'loading'
              ? 'Loading…'
              : user
                ? `Signed in as ${user.displayName ?? user.primaryEmail ?? user.id}`
                : 'Not signed in'}
          </p>
          {user && <EmailStatus />}
          {user && (
            <div className="example-team">
              {/* The team switcher works anywhere under the provider, e.g. in an app's header. */}
              <TeamSwitcher allowNone />
            </div>
          )}
          <nav className="example-links" aria-label="Account">
            {user ? (
              <>
                <ButtonLink href={urls.accountSettings}>Account settings</ButtonLink>
                <ButtonLink variant="secondary" href={urls.signOut}>
                  Sign out
                </ButtonLink>
              </>
            ) : (
              <>
                <ButtonLink href={urls.signIn}>Sign in</ButtonLink>
                <ButtonLink variant="secondary" href={urls.signUp}>
                  Sign up
                </ButtonLink>
              </>
            )}
          </nav>
        </Card>
      </main>
    </FullPage>
  );
}
