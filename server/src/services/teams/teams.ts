/**
 * Teams and memberships (wire.md §4.10, §5.6): finding a team of the request's project, who is a
 * member, creating a team with its creator, adding and removing members (a removed member's
 * selection of the team is cleared with it), deleting a team; each change writes its webhook
 * events in its transaction.
 */
import { and, eq } from 'drizzle-orm';
import { randomUuid } from '../../crypto/random.js';
import type { Database } from '../../db/database.js';
import type { ProjectRow, TeamRow } from '../../db/schema.js';
import { teamMembers, teams, users } from '../../db/schema.js';
import { knownError } from '../../errors.js';
import type { ServerContext } from '../context.js';
import type { RequestAuth } from '../request-auth.js';
import { isUuid } from '../users.js';
import { emitEvents } from '../webhooks/emit.js';
import { joinedEvents, leftEvent, teamEvent } from '../webhooks/payloads.js';
import { deleteTeamInvitations } from './invitations.js';
import { grantDefaultPermissions, requirePermission } from './permissions.js';

type Reader = Pick<Database, 'select'>;
type Writer = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
/** What writing a change's webhook events needs of the server. */
type Events = Pick<ServerContext, 'svix' | 'now'>;

/** Team `teamId` of `projectId`, if it exists (ids are stored lower-case; no UUID, no team). */
export async function findTeam(db: Reader, projectId: string, teamId: string): Promise<TeamRow | undefined> {
  if (!isUuid(teamId)) return undefined;
  const [team] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.id, teamId.toLowerCase()), eq(teams.projectId, projectId)));
  return team;
}

/** Team `teamId` of `projectId`; TEAM_NOT_FOUND otherwise. */
export async function requireTeam(db: Reader, projectId: string, teamId: string): Promise<TeamRow> {
  const team = await findTeam(db, projectId, teamId);
  if (!team) throw knownError('TEAM_NOT_FOUND', { team_id: teamId });
  return team;
}

/** Whether `userId` is a member of `teamId`. */
export async function isMember(db: Reader, teamId: string, userId: string): Promise<boolean> {
  if (!isUuid(teamId) || !isUuid(userId)) return false;
  const [row] = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId.toLowerCase()), eq(teamMembers.userId, userId.toLowerCase())));
  return row !== undefined;
}

/** Throws TEAM_MEMBERSHIP_NOT_FOUND unless `userId` is a member of `teamId`. */
export async function requireMember(db: Reader, teamId: string, userId: string): Promise<void> {
  if (!(await isMember(db, teamId, userId))) {
    throw knownError('TEAM_MEMBERSHIP_NOT_FOUND', { team_id: teamId, user_id: userId });
  }
}

/** The signed-in user's id; CANNOT_GET_OWN_USER_WITHOUT_USER without one. */
export function currentUserId(auth: RequestAuth): string {
  if (!auth.user) throw knownError('CANNOT_GET_OWN_USER_WITHOUT_USER');
  return auth.user.row.id;
}

/** `me` as the signed-in user's id, any other id lower-cased (ids are stored so). */
export function resolveMe(auth: RequestAuth, userId: string): string {
  return userId === 'me' ? currentUserId(auth) : userId.toLowerCase();
}

/**
 * For client access: the team must exist (TEAM_NOT_FOUND), the signed-in user must be a member
 * (TEAM_MEMBERSHIP_NOT_FOUND) and, when `permissionId` is given, hold it (TEAM_PERMISSION_REQUIRED).
 * Server and admin access only need the team to exist.
 */
export async function teamForRequest(
  db: Reader,
  auth: RequestAuth,
  teamId: string,
  permissionId?: string,
): Promise<TeamRow> {
  const team = await requireTeam(db, auth.project.id, teamId);
  if (auth.type !== 'client') return team;
  const userId = currentUserId(auth);
  await requireMember(db, team.id, userId);
  if (permissionId) {
    await requirePermission(db, { projectId: auth.project.id, teamId: team.id, userId, permissionId });
  }
  return team;
}

/**
 * Makes `userId` a member of `teamId` with the project's default permissions for its role; false
 * when it already was one (the primary key settles two joins at once: one wins, one is refused).
 */
export async function addMember(
  ctx: Events,
  tx: Writer,
  project: ProjectRow,
  input: { teamId: string; userId: string; as: 'creator' | 'member'; at: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(teamMembers)
    .values({ projectId: project.id, teamId: input.teamId, userId: input.userId, createdAt: input.at })
    .onConflictDoNothing()
    .returning({ userId: teamMembers.userId });
  if (inserted.length === 0) return false;
  const granted = await grantDefaultPermissions(tx, project.id, {
    teamId: input.teamId,
    userId: input.userId,
    as: input.as,
  });
  await emitEvents(ctx, tx, project.id, joinedEvents(input.teamId, input.userId, granted));
  return true;
}

/** Removes `userId` from `teamId` and clears the user's selection of the team; false when not a member. */
export async function removeMember(
  ctx: Events,
  tx: Writer,
  projectId: string,
  teamId: string,
  userId: string,
): Promise<boolean> {
  if (!isUuid(teamId) || !isUuid(userId)) return false;
  const removed = await tx
    .delete(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .returning({ userId: teamMembers.userId });
  if (removed.length === 0) return false;
  await tx
    .update(users)
    .set({ selectedTeamId: null })
    .where(and(eq(users.id, userId), eq(users.selectedTeamId, teamId)));
  await emitEvents(ctx, tx, projectId, [leftEvent(teamId, userId)]);
  return true;
}

/** The fields of a new team. */
export interface NewTeam {
  displayName: string;
  profileImageUrl?: string | null;
  clientMetadata?: unknown;
  clientReadOnlyMetadata?: unknown;
  serverMetadata?: unknown;
}

/** Creates a team of `project`; its creator (if any) becomes a member with the creator's defaults. */
export async function insertTeam(
  ctx: Events,
  tx: Writer,
  project: ProjectRow,
  input: { team: NewTeam; creatorUserId?: string; at: Date },
): Promise<TeamRow> {
  const { team, at } = input;
  const [row] = await tx
    .insert(teams)
    .values({
      id: randomUuid(),
      projectId: project.id,
      displayName: team.displayName,
      profileImageUrl: team.profileImageUrl ?? null,
      clientMetadata: team.clientMetadata ?? null,
      clientReadOnlyMetadata: team.clientReadOnlyMetadata ?? null,
      serverMetadata: team.serverMetadata ?? null,
      createdAt: at,
    })
    .returning();
  await emitEvents(ctx, tx, project.id, [teamEvent('team.created', row!)]);
  if (input.creatorUserId !== undefined) {
    await addMember(ctx, tx, project, { teamId: row!.id, userId: input.creatorUserId, as: 'creator', at });
  }
  return row!;
}

/**
 * Deletes a team with its memberships and its pending invitations, clearing it as the selected
 * team of its users.
 */
export async function deleteTeam(ctx: Events, tx: Writer, team: TeamRow): Promise<void> {
  await deleteTeamInvitations(tx, team);
  await tx
    .update(users)
    .set({ selectedTeamId: null })
    .where(and(eq(users.selectedTeamId, team.id), eq(users.projectId, team.projectId)));
  await tx.delete(teams).where(eq(teams.id, team.id));
  await emitEvents(ctx, tx, team.projectId, [{ type: 'team.deleted', data: { id: team.id } }]);
}
