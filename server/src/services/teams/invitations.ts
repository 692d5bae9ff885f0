/**
 * Team invitations as stored (wire.md §6.8, §7.1): TEAM_INVITATION codes whose `data` holds the
 * team id and whose `method` holds the recipient's email. The conditions are written as the
 * partial indexes of migrations 0011 (by team) and 0012 (by recipient) are, with the code type as
 * a literal, so the planner can use them whatever the parameters.
 *
 * An invitation was received by a user when its recipient email equals, exactly (the server
 * compares addresses as given everywhere, as sign-in does), one of the user's verified email
 * contact channels.
 */
import { and, asc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { contactChannels, teams, verificationCodes } from '../../db/schema.js';
import { isUuid } from '../users.js';
import type { CodeRow } from '../verification-codes.js';

/** The code is a team invitation (the literal the partial indexes carry). */
export const isTeamInvitation: SQL = sql`${verificationCodes.type} = 'TEAM_INVITATION'`;

/** An invitation of `projectId` neither used nor expired at `now` (both indexes are partial on it). */
function pendingIn(projectId: string, now: Date): SQL | undefined {
  return and(
    eq(verificationCodes.projectId, projectId),
    isTeamInvitation,
    isNull(verificationCodes.usedAt),
    gt(verificationCodes.expiresAt, now),
  );
}

/** The code was issued for team `teamId` (the expression the index by team carries). */
function forTeam(teamId: string): SQL {
  return sql`(${verificationCodes.data}->>'team_id') = ${teamId}`;
}

/** The code was sent to one of `emails` (the expression the index by recipient carries). */
function sentTo(emails: readonly string[]): SQL {
  return inArray(sql`(${verificationCodes.method}->>'email')`, [...emails]);
}

/**
 * The unused, unexpired invitations of team `teamId` of `projectId`, oldest first (the query is
 * returned unawaited, so a test can EXPLAIN it).
 */
export function pendingTeamInvitations(
  db: Pick<Database, 'select'>,
  input: { projectId: string; teamId: string; now: Date },
) {
  return db
    .select()
    .from(verificationCodes)
    .where(and(pendingIn(input.projectId, input.now), forTeam(input.teamId)))
    .orderBy(asc(verificationCodes.createdAt), asc(verificationCodes.id));
}

/**
 * Deletes the unused invitations of `team`, in the transaction that deletes the team: their links
 * answer VERIFICATION_CODE_NOT_FOUND from then on. An accept already under way holds its code's
 * row, so the deletion waits for it (and then finds the code used and the member to remove with
 * the team). Used invitations stay for the retention sweep, still answering "already used".
 */
export async function deleteTeamInvitations(
  tx: Pick<Database, 'delete'>,
  team: { projectId: string; id: string },
): Promise<void> {
  await tx
    .delete(verificationCodes)
    .where(
      and(
        eq(verificationCodes.projectId, team.projectId),
        isTeamInvitation,
        forTeam(team.id),
        isNull(verificationCodes.usedAt),
      ),
    );
}

/** The verified email addresses of user `userId` of `projectId`: whose invitations are the user's. */
export async function verifiedEmailsOf(
  db: Pick<Database, 'select'>,
  projectId: string,
  userId: string,
): Promise<string[]> {
  const rows = await db
    .select({ value: contactChannels.value })
    .from(contactChannels)
    .where(
      and(
        eq(contactChannels.projectId, projectId),
        eq(contactChannels.userId, userId),
        eq(contactChannels.type, 'email'),
        eq(contactChannels.isVerified, true),
      ),
    );
  return [...new Set(rows.map((r) => r.value))];
}

/**
 * The unused, unexpired invitations of `projectId` sent to one of `emails`, each with its team's
 * name, soonest expiry first. Invitations whose team is gone are left out.
 */
export async function receivedTeamInvitations(
  db: Pick<Database, 'select'>,
  input: { projectId: string; emails: readonly string[]; now: Date },
): Promise<{ code: CodeRow; teamDisplayName: string }[]> {
  if (input.emails.length === 0) return [];
  const codes = await receivedTeamInvitationsQuery(db, input);
  const teamIds = [...new Set(codes.map(teamIdOfCode))].filter(isUuid);
  if (teamIds.length === 0) return [];
  const names = new Map(
    (
      await db
        .select({ id: teams.id, displayName: teams.displayName })
        .from(teams)
        .where(and(eq(teams.projectId, input.projectId), inArray(teams.id, teamIds)))
    ).map((t) => [t.id, t.displayName]),
  );
  return codes.flatMap((code) => {
    const teamDisplayName = names.get(teamIdOfCode(code));
    return teamDisplayName === undefined ? [] : [{ code, teamDisplayName }];
  });
}

/**
 * The query behind `receivedTeamInvitations`, unawaited (a test EXPLAINs it); `emails` must not
 * be empty.
 */
export function receivedTeamInvitationsQuery(
  db: Pick<Database, 'select'>,
  input: { projectId: string; emails: readonly string[]; now: Date },
) {
  return db
    .select()
    .from(verificationCodes)
    .where(and(pendingIn(input.projectId, input.now), sentTo(input.emails)))
    .orderBy(asc(verificationCodes.expiresAt), asc(verificationCodes.id));
}

/**
 * Invitation `id` of `projectId` if it was sent to one of `emails` (used or expired ones too),
 * its row locked until the transaction ends, so that of two accepts or declines one runs first
 * and the other finds what it left.
 */
export async function lockReceivedInvitation(
  tx: Pick<Database, 'select'>,
  input: { projectId: string; id: string; emails: readonly string[] },
): Promise<CodeRow | undefined> {
  if (input.emails.length === 0 || !isUuid(input.id)) return undefined;
  const [row] = await tx
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.id, input.id.toLowerCase()),
        eq(verificationCodes.projectId, input.projectId),
        isTeamInvitation,
        sentTo(input.emails),
      ),
    )
    .for('update');
  return row;
}

/** The team id an invitation code was issued for (its `data.team_id`). */
export function teamIdOfCode(row: CodeRow): string {
  return String((row.data as { team_id?: unknown } | null)?.team_id ?? '');
}

/** The address an invitation code was sent to (its `method.email`). */
export function recipientOfCode(row: CodeRow): string {
  return String((row.method as { email?: unknown } | null)?.email ?? '');
}
