/**
 * `create_team_on_sign_up` (wire.md §4.8): when the project has it on, every new user, whichever
 * way it signed up, gets a team of its own with itself as creator, in the transaction that
 * creates the user.
 */
import type { Database } from '../../db/database.js';
import type { ProjectRow } from '../../db/schema.js';
import type { ServerContext } from '../context.js';
import { insertTeam } from './teams.js';

/** The name of a new user's own team: "<display name>'s Team", else "<email>'s Team", else "Personal Team". */
export function personalTeamName(user: { displayName?: string | null; email?: string | null }): string {
  if (user.displayName) return `${user.displayName}'s Team`;
  if (user.email) return `${user.email}'s Team`;
  return 'Personal Team';
}

/** Creates the new user's own team when the project asks for one. */
export async function createPersonalTeam(
  ctx: Pick<ServerContext, 'svix' | 'now'>,
  tx: Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>,
  project: ProjectRow,
  user: { id: string; displayName?: string | null; email?: string | null; at: Date },
): Promise<void> {
  if (!project.createTeamOnSignUp) return;
  await insertTeam(ctx, tx, project, {
    team: { displayName: personalTeamName(user) },
    creatorUserId: user.id,
    at: user.at,
  });
}
