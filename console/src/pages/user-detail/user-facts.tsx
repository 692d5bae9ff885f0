/**
 * What the console knows about a user at a glance: id (copyable), sign-up and last activity, the
 * ways they sign in, their OAuth accounts and their teams.
 */
import { Badge } from 'signet/react';
import { Link } from '../../router/link.js';
import { CopyField } from '../../shell/copy-button.js';
import { Section } from '../../shell/states.js';
import { useLoad } from '../../shell/use-load.js';
import { formatDateTime, providerName, signInMethods } from '../users/format.js';
import type { UserSectionProps } from './user-context.js';

/** The facts section. */
export function UserFacts({ app, projectId, user }: Pick<UserSectionProps, 'app' | 'projectId' | 'user'>) {
  const methods = signInMethods(user);
  const teams = useLoad(async () => {
    const result = await app.serverTeams.list({ userId: user.id });
    if (result.status === 'error') throw result.error;
    return result.data;
  }, [app, user.id]);
  return (
    <Section title="Details">
      <CopyField label="User id" value={user.id} />
      <dl className="console-user-facts">
        <dt>Signed up</dt>
        <dd>{formatDateTime(user.signedUpAt)}</dd>
        <dt>Last active</dt>
        <dd>{formatDateTime(user.lastActiveAt)}</dd>
        <dt>Primary email</dt>
        <dd>
          {user.primaryEmail ?? <span className="console-muted">None</span>}{' '}
          {user.primaryEmail &&
            (user.primaryEmailVerified ? (
              <Badge tone="ok">Verified</Badge>
            ) : (
              <Badge tone="warn">Unverified</Badge>
            ))}
        </dd>
        <dt>Sign-in methods</dt>
        <dd>{methods.length > 0 ? methods.join(', ') : <span className="console-muted">None</span>}</dd>
        <dt>Two-factor</dt>
        <dd>{user.isMultiFactorRequired ? <Badge tone="ok">TOTP on</Badge> : 'Off'}</dd>
        <dt>OAuth accounts</dt>
        <dd>
          {user.oauthProviders.length === 0 ? (
            <span className="console-muted">None</span>
          ) : (
            <ul className="console-user-plain-list">
              {user.oauthProviders.map((account) => (
                <li key={`${account.id}:${account.accountId}`}>
                  {providerName(account.id)}: {account.email ?? account.accountId}
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt>Teams</dt>
        <dd>
          {teams.status === 'loading' && <span className="console-muted">Loading…</span>}
          {teams.status === 'error' && (
            <span className="console-error">Teams could not be loaded. {teams.error}</span>
          )}
          {teams.status === 'ready' &&
            (teams.data.length === 0 ? (
              <span className="console-muted">None</span>
            ) : (
              <ul className="console-user-plain-list">
                {teams.data.map((team) => (
                  <li key={team.id}>
                    <Link
                      to={`/projects/${encodeURIComponent(projectId)}/teams/${encodeURIComponent(team.id)}`}
                    >
                      {team.displayName || team.id}
                    </Link>
                  </li>
                ))}
              </ul>
            ))}
        </dd>
      </dl>
    </Section>
  );
}
