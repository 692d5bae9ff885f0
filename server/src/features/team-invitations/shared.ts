/**
 * What the team-invitation routes share (wire.md §4.10, §5.5, §6.8): the client's membership and
 * permission checks, the list items, and the rules of the received invitations (signet's
 * addition: whose they are, the 404 for anyone else's). Teams and memberships themselves are
 * services/teams/teams.ts's, stored invitations services/teams/invitations.ts's.
 */
import * as v from 'valibot';
import type { ReceivedTeamInvitationJson, TeamInvitationJson } from '../../../../wire/team.js';
import type { TeamRow } from '../../db/schema.js';
import { knownError, StatusError } from '../../errors.js';
import { schemaError } from '../../http/validate.js';
import type { ServerContext } from '../../services/context.js';
import type { RequestAuth } from '../../services/request-auth.js';
import {
  lockReceivedInvitation,
  recipientOfCode,
  teamIdOfCode,
  verifiedEmailsOf,
} from '../../services/teams/invitations.js';
import { requirePermission } from '../../services/teams/permissions.js';
import { requireMember, requireTeam } from '../../services/teams/teams.js';
import { isUuid, loadUser } from '../../services/users.js';
import type { CodeRow, CodeTransaction } from '../../services/verification-codes.js';
import { userIdOrMeField } from '../fields.js';

/**
 * Lets a request act on the invitations of `teamId`: server and admin access need only the team
 * of their project to exist (TEAM_NOT_FOUND); client access needs a signed-in user
 * (USER_AUTHENTICATION_REQUIRED, as the wire's invitation routes say) who is a member
 * (TEAM_MEMBERSHIP_NOT_FOUND) and holds every permission in `permissions`, directly or contained
 * (TEAM_PERMISSION_REQUIRED). Resolves with the team.
 */
export async function authorizeTeam(
  ctx: ServerContext,
  auth: RequestAuth,
  teamId: string,
  permissions: readonly string[],
): Promise<TeamRow> {
  const projectId = auth.project.id;
  if (auth.type === 'client' && !auth.user) throw knownError('USER_AUTHENTICATION_REQUIRED');
  const team = await requireTeam(ctx.db, projectId, teamId);
  if (auth.type !== 'client') return team;
  const userId = auth.user!.row.id;
  await requireMember(ctx.db, team.id, userId);
  for (const permissionId of permissions)
    await requirePermission(ctx.db, { projectId, teamId: team.id, userId, permissionId });
  return team;
}

/** The team id an invitation code was issued for (its `data.team_id`). */
export const teamIdOf = teamIdOfCode;

/** An invitation in wire form (wire.md §5.5): its id is the code row's. */
export function invitationView(row: CodeRow): TeamInvitationJson {
  return {
    id: row.id,
    team_id: teamIdOf(row),
    expires_at_millis: row.expiresAt.getTime(),
    recipient_email: recipientOfCode(row),
  };
}

/** A received invitation in wire form: the list item and the team's name. */
export function receivedInvitationView(row: CodeRow, teamDisplayName: string): ReceivedTeamInvitationJson {
  return { ...invitationView(row), team_display_name: teamDisplayName };
}

/** The answer for an invitation the request may not see or act on (another user's, another project's, none). */
export function invitationNotFound(): StatusError {
  return new StatusError(404, 'Team invitation not found.');
}

/**
 * The body server and admin access send to accept or decline a received invitation: whose it is
 * (`me` or a user id; the signed-in user when left out). Client access sends `{}`.
 */
export const serverRecipientBody = v.optional(v.strictObject({ user_id: v.optional(userIdOrMeField) }), {});

/** Refuses (SCHEMA_ERROR) an invitation id in the path that is not a UUID. */
export function invitationIdOf(request: Request, params: Record<string, string>): string {
  const id = params.id ?? '';
  if (!isUuid(id)) throw schemaError(request, ['params.id must be a valid UUID']);
  return id.toLowerCase();
}

/**
 * The user a received-invitation call acts for: `userId` (`me` or an id), the signed-in user when
 * it is not given (`missingUser` without one). Client access may name only its own user (403 text
 * otherwise, as `/team-permissions` answers); server and admin access any user of the project
 * (USER_NOT_FOUND otherwise).
 */
export async function recipientUserId(
  ctx: ServerContext,
  auth: RequestAuth,
  userId: string | undefined,
  missingUser: 'USER_AUTHENTICATION_REQUIRED' | 'CANNOT_GET_OWN_USER_WITHOUT_USER',
): Promise<string> {
  const own = auth.user?.row.id;
  if (auth.type === 'client') {
    if (own === undefined) throw knownError(missingUser);
    if (userId !== undefined && userId !== 'me' && userId.toLowerCase() !== own) {
      throw new StatusError(
        403,
        'Client can only list invitations for their own user. user_id must be either "me" or the ID of the current user',
      );
    }
    return own;
  }
  if (userId === undefined || userId === 'me') {
    if (own === undefined) throw knownError(missingUser);
    return own;
  }
  if (!(await loadUser(ctx.db, auth.project.id, userId))) throw knownError('USER_NOT_FOUND');
  return userId.toLowerCase();
}

/**
 * Runs `act` on invitation `id` in one transaction, if user `userId` received it (one of the
 * user's verified emails is its recipient; a 404 otherwise, never saying whose it is), with its
 * row locked: then VERIFICATION_CODE_EXPIRED for an expired one, VERIFICATION_CODE_ALREADY_USED
 * for a used one (accepted by code or by id, possibly by a concurrent request).
 */
export async function settleReceivedInvitation<T>(
  ctx: ServerContext,
  input: { projectId: string; id: string; userId: string },
  act: (tx: CodeTransaction, row: CodeRow) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const emails = await verifiedEmailsOf(tx, input.projectId, input.userId);
    const row = await lockReceivedInvitation(tx, { projectId: input.projectId, id: input.id, emails });
    if (!row) throw invitationNotFound();
    if (row.expiresAt.getTime() <= ctx.now()) throw knownError('VERIFICATION_CODE_EXPIRED');
    if (row.usedAt) throw knownError('VERIFICATION_CODE_ALREADY_USED');
    return act(tx, row);
  });
}
