/** `GET`, `PATCH`, `DELETE /teams/{team_id}` (wire.md §4.10). */

import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { SuccessSchema } from '../../../../wire/common.js';
import { ClientTeamSchema, ServerTeamSchema } from '../../../../wire/team.js';
import { teams } from '../../db/schema.js';
import { defineRoute } from '../../http/route.js';
import { teamView } from '../../services/teams/team-view.js';
import { deleteTeam, teamForRequest } from '../../services/teams/teams.js';
import { assertClientProfileImage } from '../../services/user-update.js';
import { emitEvents } from '../../services/webhooks/emit.js';
import { teamEvent } from '../../services/webhooks/payloads.js';
import { clientTeamEntries, serverTeamEntries } from './shared.js';

const teamResponse = v.union([ServerTeamSchema, ClientTeamSchema]);

/** One team (client access: a team of the signed-in user). */
export const getTeamRoute = defineRoute({
  method: 'GET',
  path: '/teams/:team_id',
  summary: 'One team',
  response: teamResponse,
  access: ['client', 'server', 'admin'],
  async handler({ ctx, auth, params, json }) {
    return json(teamView(auth.type, await teamForRequest(ctx.db, auth, params.team_id)));
  },
});

const clientUpdateSchema = v.strictObject({
  ...clientTeamEntries,
  display_name: v.optional(clientTeamEntries.display_name),
});
const serverUpdateSchema = v.strictObject({
  ...serverTeamEntries,
  display_name: v.optional(serverTeamEntries.display_name),
});

/** Updates a team (client access: a member holding `$update_team`). */
export const updateTeamRoute = defineRoute({
  method: 'PATCH',
  path: '/teams/:team_id',
  summary: 'Updates a team',
  response: teamResponse,
  access: ['client', 'server', 'admin'],
  // A user kept in memory carries its selected team: every user of the project is dropped.
  writes: 'users',
  bodyByAccess: {
    client: v.optional(clientUpdateSchema, {}),
    server: v.optional(serverUpdateSchema, {}),
    admin: v.optional(serverUpdateSchema, {}),
  },
  async handler({ ctx, auth, params, body, json }) {
    assertClientProfileImage(auth.type, body.profile_image_url);
    const has = (key: keyof typeof body) => Object.hasOwn(body, key);
    const team = await ctx.db.transaction(async (tx) => {
      const team = await teamForRequest(tx, auth, params.team_id, '$update_team');
      const fields: Partial<typeof teams.$inferInsert> = {};
      if (body.display_name !== undefined) fields.displayName = body.display_name;
      if (has('profile_image_url')) fields.profileImageUrl = body.profile_image_url ?? null;
      if (has('client_metadata')) fields.clientMetadata = body.client_metadata ?? null;
      if (has('client_read_only_metadata'))
        fields.clientReadOnlyMetadata = body.client_read_only_metadata ?? null;
      if (has('server_metadata')) fields.serverMetadata = body.server_metadata ?? null;
      if (Object.keys(fields).length === 0) return team;
      const [row] = await tx.update(teams).set(fields).where(eq(teams.id, team.id)).returning();
      await emitEvents(ctx, tx, auth.project.id, [teamEvent('team.updated', row!)]);
      return row!;
    });
    return json(teamView(auth.type, team));
  },
});

/**
 * Deletes a team (client access: a member holding `$delete_team`) with its memberships and pending
 * invitations, in one transaction; its users' selection of it is cleared.
 */
export const deleteTeamRoute = defineRoute({
  method: 'DELETE',
  path: '/teams/:team_id',
  summary: 'Deletes a team',
  response: SuccessSchema,
  access: ['client', 'server', 'admin'],
  // A user kept in memory carries its selected team: every user of the project is dropped.
  writes: 'users',
  // No body schema: any body is ignored, as the reference's route takes none (the pipeline still
  // refuses what no string may hold).
  async handler({ ctx, auth, params, json }) {
    await ctx.db.transaction(async (tx) => {
      await deleteTeam(ctx, tx, await teamForRequest(tx, auth, params.team_id, '$delete_team'));
    });
    return json({ success: true });
  },
});
