/**
 * Waits for the user's permissions in a team before showing its sections, so gated sections do not
 * appear one after another as the list arrives; says so, with a retry, when they cannot be loaded.
 */
import type { ReactNode } from 'react';
import { LoadFailed, usePluginApi } from '../../../react/index.js';
import { teams } from '../index.js';
import { teamErrorText, useTeamPermissions } from './use-team.js';

/** Renders `children` once the permissions are loaded, `loading` until then. */
export function PermissionsLoaded({
  teamId,
  loading,
  children,
}: {
  teamId: string;
  loading: ReactNode;
  children: ReactNode;
}) {
  const api = usePluginApi(teams);
  const permissions = useTeamPermissions(teamId);
  if (permissions.status === 'pending') return loading;
  if (permissions.status === 'error')
    return (
      <LoadFailed
        what="Your permissions in this team"
        reason={teamErrorText(permissions.error)}
        onRetry={() => void api.refreshTeam(teamId)}
      />
    );
  return children;
}
