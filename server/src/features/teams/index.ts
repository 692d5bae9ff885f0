/** `GET` and `POST /teams` (wire.md §4.10). */

import { and, asc, eq, exists, type SQL, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { ClientTeamSchema, ServerTeamSchema, TeamListSchema } from '../../../../wire/team.js';
import { teamMembers, teams } from '../../db/schema.js';
import { knownError, StatusError } from '../../errors.js';
import { defineRoute } from '../../http/route.js';
import { teamView } from '../../services/teams/team-view.js';
import { insertTeam, resolveMe } from '../../services/teams/teams.js';
import { assertClientProfileImage } from '../../services/user-update.js';
import { isUuid, loadUser } from '../../services/users.js';
import { userIdOrMeField } from '../fields.js';
import { clientTeamEntries, serverTeamEntries } from './shared.js';

/** The teams of the project, or of one user (client access: only its own), oldest first. */
export const listTeamsRoute = defineRoute({
  method: 'GET',
  path: '/teams',
  summary: 'The teams of a user, or of the project',
  response: TeamListSchema,
  access: ['client', 'server', 'admin'],
  query: v.strictObject({ user_id: v.optional(userIdOrMeField) }),
  async handler({ ctx, auth, query, json }) {
    let userId: string | undefined;
    // The reference's checks and texts (teams/crud.tsx onList): a client needs a user, then its own id.
    if (auth.type === 'client') {
      if (!auth.user) throw knownError('CANNOT_GET_OWN_USER_WITHOUT_USER');
      if (query.user_id !== 'me' && query.user_id?.toLowerCase() !== auth.user.row.id) {
        throw new StatusError(
          403,
          'Client can only list teams for their own user. user_id must be either "me" or the ID of the current user',
        );
      }
    }
    if (query.user_id !== undefined) userId = resolveMe(auth, query.user_id);
    const conditions: SQL[] = [eq(teams.projectId, auth.project.id)];
    if (userId !== undefined) {
      conditions.push(
        exists(
          ctx.db
            .select({ one: sql`1` })
            .from(teamMembers)
            .where(and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, userId))),
        ),
      );
    }
    const rows = await ctx.db
      .select()
      .from(teams)
      .where(and(...conditions))
      .orderBy(asc(teams.createdAt), asc(teams.id));
    return json({ items: rows.map((t) => teamView(auth.type, t)), is_paginated: false });
  },
});

const clientCreateSchema = v.strictObject({
  ...clientTeamEntries,
  creator_user_id: v.optional(userIdOrMeField),
});
const serverCreateSchema = v.strictObject({
  ...serverTeamEntries,
  creator_user_id: v.optional(userIdOrMeField),
});

/** Creates a team; its creator becomes a member with the project's creator permissions. */
export const createTeamRoute = defineRoute({
  method: 'POST',
  path: '/teams',
  summary: 'Creates a team',
  response: v.union([ServerTeamSchema, ClientTeamSchema]),
  status: 201,
  access: ['client', 'server', 'admin'],
  // A new team is no user's selected team yet, and memberships are nothing authentication keeps.
  writes: 'none',
  bodyByAccess: { client: clientCreateSchema, server: serverCreateSchema, admin: serverCreateSchema },
  // Deprecated: `creator_user_id` replaces it.
  query: v.strictObject({
    add_current_user: v.optional(v.picklist(['true', 'false'], 'must be true or false')),
  }),
  async handler({ ctx, auth, body, query, json }) {
    if (body.creator_user_id !== undefined && query.add_current_user !== undefined) {
      throw new StatusError(
        400,
        'Cannot use both creator_user_id and add_current_user. add_current_user is deprecated, please only use creator_user_id in the body.',
      );
    }
    let creator = body.creator_user_id === undefined ? undefined : resolveMe(auth, body.creator_user_id);
    if (auth.type === 'client') {
      if (!auth.user) throw knownError('USER_AUTHENTICATION_REQUIRED');
      if (!auth.project.clientTeamCreationEnabled) {
        throw new StatusError(403, 'Client team creation is disabled for this project');
      }
      assertClientProfileImage(auth.type, body.profile_image_url);
      if (creator === undefined) creator = auth.user.row.id;
      else if (creator !== auth.user.row.id) {
        throw new StatusError(
          403,
          "You cannot create a team as a user that is not yourself. Make sure you set the creator_user_id to 'me'.",
        );
      }
    }
    if (query.add_current_user === 'true') {
      if (!auth.user) {
        throw new StatusError(
          401,
          'You must be logged in to create a team with the current user as a member.',
        );
      }
      creator = auth.user.row.id;
    }
    const team = await ctx.db.transaction(async (tx) => {
      if (creator !== undefined && (!isUuid(creator) || !(await loadUser(tx, auth.project.id, creator)))) {
        throw knownError('USER_NOT_FOUND');
      }
      return insertTeam(ctx, tx, auth.project, {
        team: {
          displayName: body.display_name,
          profileImageUrl: body.profile_image_url,
          clientMetadata: body.client_metadata,
          clientReadOnlyMetadata: body.client_read_only_metadata,
          serverMetadata: body.server_metadata,
        },
        creatorUserId: creator,
        at: new Date(ctx.now()),
      });
    });
    return json(teamView(auth.type, team), 201);
  },
});
