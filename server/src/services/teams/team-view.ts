/** The wire views of a team (wire.md §5.3): what client access sees, and what server access adds. */
import type { AccessType } from '../../../../wire/headers.js';
import type { ClientTeamJson, ServerTeamJson } from '../../../../wire/team.js';
import type { TeamRow } from '../../db/schema.js';

/** A team as client access sees it. */
export function clientTeamView(team: TeamRow): ClientTeamJson {
  return {
    id: team.id,
    display_name: team.displayName,
    profile_image_url: team.profileImageUrl,
    client_metadata: team.clientMetadata ?? null,
    client_read_only_metadata: team.clientReadOnlyMetadata ?? null,
  };
}

/** A team as server and admin access see it. */
export function serverTeamView(team: TeamRow): ServerTeamJson {
  return {
    ...clientTeamView(team),
    created_at_millis: team.createdAt.getTime(),
    server_metadata: team.serverMetadata ?? null,
  };
}

/** The view of `team` for access type `type`. */
export function teamView(type: AccessType, team: TeamRow): ClientTeamJson | ServerTeamJson {
  return type === 'client' ? clientTeamView(team) : serverTeamView(team);
}
