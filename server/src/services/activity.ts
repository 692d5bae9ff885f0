/**
 * The days users are active, for the metrics' daily active users: one row per user and UTC day,
 * written wherever an access token is made (sign-in, a session made by server code, refresh), as
 * the reference logs its activity event there. Each process remembers what it wrote today, so a
 * refresh costs a write only the first time a user is seen on a day.
 */
import { eq } from 'drizzle-orm';
import { userActivityDays, users } from '../db/schema.js';
import type { ServerContext } from './context.js';

/** At most this many users are remembered per process before the memory starts afresh. */
const REMEMBERED_USERS = 50_000;

const written = new WeakMap<ServerContext, { day: string; users: Set<string> }>();

/** The UTC date of `millis`, `YYYY-MM-DD`. */
export const utcDay = (millis: number) => new Date(millis).toISOString().slice(0, 10);

/** Records that user `userId` of `projectId` was active now. */
export async function recordActivity(ctx: ServerContext, projectId: string, userId: string): Promise<void> {
  const day = utcDay(ctx.now());
  let memo = written.get(ctx);
  if (!memo || memo.day !== day || memo.users.size >= REMEMBERED_USERS) {
    memo = { day, users: new Set() };
    written.set(ctx, memo);
  }
  if (memo.users.has(userId)) return;
  await ctx.db.insert(userActivityDays).values({ projectId, userId, day }).onConflictDoNothing();
  memo.users.add(userId);
}

/**
 * A new session's first access token: the user's `lastActiveAt` (what the metrics' recently active
 * users and `last_active_at_millis` read) and the day. A refresh sets both in its own statement.
 */
export async function markActive(ctx: ServerContext, projectId: string, userId: string): Promise<void> {
  await ctx.db
    .update(users)
    .set({ lastActiveAt: new Date(ctx.now()) })
    .where(eq(users.id, userId));
  await recordActivity(ctx, projectId, userId);
}
