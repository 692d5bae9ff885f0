/**
 * Deleting a user (wire.md §4.8): its channels, password, sessions, memberships and permissions go
 * with it (ON DELETE CASCADE), and the webhook events of the deletion are written in the same
 * transaction: each membership's end, then `user.deleted` with the teams it was in.
 */
import { and, asc, eq } from 'drizzle-orm';
import { teamMembers, teams, users } from '../db/schema.js';
import type { ServerContext } from './context.js';
import { emitEvents } from './webhooks/emit.js';
import { userDeletedEvents } from './webhooks/payloads.js';

/** Deletes user `userId` of `projectId`; false when there was none. */
export async function deleteUser(ctx: ServerContext, projectId: string, userId: string): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    // The teams, oldest first as the reference lists them, read before the cascade removes them.
    const memberships = await tx
      .select({ teamId: teamMembers.teamId })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(and(eq(teamMembers.userId, userId), eq(teamMembers.projectId, projectId)))
      .orderBy(asc(teams.createdAt), asc(teams.id))
      .for('update', { of: teamMembers });
    const deleted = await tx
      .delete(users)
      .where(and(eq(users.id, userId), eq(users.projectId, projectId)))
      .returning({ id: users.id });
    if (deleted.length === 0) return false;
    const teamIds = memberships.map((m) => m.teamId);
    await emitEvents(ctx, tx, projectId, userDeletedEvents(userId, teamIds));
    return true;
  });
}
