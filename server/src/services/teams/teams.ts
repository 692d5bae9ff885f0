/**
 * Teams and memberships (wire.md §4.10, §5.3, §5.6): the wire views of a team, finding a team of
 * the request's project, who is a member, creating a team with its creator, adding and removing
 * members (a removed member's selection of the team is cleared with it), deleting a team.
 */
import { and, eq } from 'drizzle-orm';
import type { AccessType } from '../../../../wire/headers.js';
import type { ClientTeamJson, ServerTeamJson } from '../../../../wire/team.js';
import { randomUuid } from '../../crypto/random.js';
import type { Database } from '../../db/database.js';
import type { ProjectRow } from '../../db/schema.js';
import { teamMembers, teams, users } from '../../db/schema.js';
import { knownError } from '../../errors.js';
import type { RequestAuth } from '../request-auth.js';
import { isUuid } from '../users.js';
import { deleteTeamInvitations } from './invitations.js';
import { grantDefaultPermissions, requirePermission } from './permissions.js';

/** A team row. */
export type TeamRow = typeof teams.$inferSelect;

type Reader = Pick<Database, 'select'>;
type Writer = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

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
  await grantDefaultPermissions(tx, project.id, { teamId: input.teamId, userId: input.userId, as: input.as });
  return true;
}

/** Removes `userId` from `teamId` and clears the user's selection of the team; false when not a member. */
export async function removeMember(tx: Writer, teamId: string, userId: string): Promise<boolean> {
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
  if (input.creatorUserId !== undefined) {
    await addMember(tx, project, { teamId: row!.id, userId: input.creatorUserId, as: 'creator', at });
  }
  return row!;
}

/**
 * Deletes a team with its memberships and its pending invitations, clearing it as the selected
 * team of its users.
 */
export async function deleteTeam(tx: Writer, team: TeamRow): Promise<void> {
  await deleteTeamInvitations(tx, team);
  await tx
    .update(users)
    .set({ selectedTeamId: null })
    .where(and(eq(users.selectedTeamId, team.id), eq(users.projectId, team.projectId)));
  await tx.delete(teams).where(eq(teams.id, team.id));
}
