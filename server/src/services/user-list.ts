/**
 * `GET /users` for server code (wire.md §4.8): a page of users in sign-up order, searchable by id,
 * name or email, with a cursor that is the first user of the next page.
 */
import { and, asc, desc, eq, exists, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { contactChannels, teamMembers, users } from '../db/schema.js';
import { isUuid, loadUsers, type UserRecord } from './users.js';

/** What a page asks for. */
export interface UserListQuery {
  limit?: number;
  /** The id of the first user of the page (inclusive). */
  cursor?: string;
  desc?: boolean;
  /** Free text: an exact user id, or part of a display name or an email. */
  query?: string;
  /** Only members of this team (none when it is another project's). */
  teamId?: string;
}

/** One page of users and the id of the first user of the next page. */
export interface UserPage {
  items: UserRecord[];
  nextCursor: string | null;
}

/** `%`, `_` and `\` match themselves in the search text. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Reads one page of the users of `projectId`. */
export async function listUsers(db: Database, projectId: string, q: UserListQuery): Promise<UserPage> {
  const conditions: (SQL | undefined)[] = [eq(users.projectId, projectId)];
  if (q.teamId !== undefined) {
    if (!isUuid(q.teamId)) return { items: [], nextCursor: null };
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(teamMembers)
          .where(
            and(
              eq(teamMembers.teamId, q.teamId.toLowerCase()),
              eq(teamMembers.userId, users.id),
              eq(teamMembers.projectId, projectId),
            ),
          ),
      ),
    );
  }
  const text = q.query?.trim();
  if (text) {
    if (isUuid(text)) conditions.push(eq(users.id, text.toLowerCase()));
    else {
      const pattern = likePattern(text);
      conditions.push(
        or(
          ilike(users.displayName, pattern),
          exists(
            db
              .select({ one: sql`1` })
              .from(contactChannels)
              .where(and(eq(contactChannels.userId, users.id), ilike(contactChannels.value, pattern))),
          ),
        ),
      );
    }
  }
  if (q.cursor !== undefined) {
    if (!isUuid(q.cursor)) return { items: [], nextCursor: null };
    const [start] = await db
      .select({ createdAt: users.createdAt, id: users.id })
      .from(users)
      .where(and(eq(users.id, q.cursor.toLowerCase()), eq(users.projectId, projectId)));
    if (!start) return { items: [], nextCursor: null };
    // Sign-up time with the id as tie-break: one total order, so no user is skipped or repeated.
    conditions.push(
      q.desc
        ? sql`(${users.createdAt}, ${users.id}) <= (${start.createdAt}, ${start.id})`
        : sql`(${users.createdAt}, ${users.id}) >= (${start.createdAt}, ${start.id})`,
    );
  }
  const order = q.desc ? [desc(users.createdAt), desc(users.id)] : [asc(users.createdAt), asc(users.id)];
  const page = db
    .select({ id: users.id })
    .from(users)
    .where(and(...conditions))
    .orderBy(...order);
  const ids = (q.limit === undefined ? await page : await page.limit(q.limit + 1)).map((r) => r.id);
  const next = q.limit !== undefined && ids.length > q.limit ? ids.pop()! : null;
  if (ids.length === 0) return { items: [], nextCursor: null };
  return { items: await loadUsers(db, projectId, ids), nextCursor: next };
}
