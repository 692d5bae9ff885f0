/**
 * Waits for the user's permissions in a team before showing its sections, so gated sections do not
 * appear one after another as the list arrives; says so, with a retry, when they cannot be loaded.
 */
import type { ReactNode } from 'react';
import { usePluginApi } from '../../../react/index.js';
import { teams } from '../index.js';
import { NotLoaded } from './section-state.js';
import { useTeamPermissions } from './use-team.js';

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
      <NotLoaded
        state={permissions}
        what="Your permissions in this team"
        onRetry={() => void api.refreshTeam(teamId)}
      />
    );
  return children;
}
