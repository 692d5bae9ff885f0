/**
 * `GET /users` for server code (wire.md §4.8): a page of users in sign-up order, searchable by id,
 * name or email, filterable by what they sign in with, with a cursor that is the first user of the
 * next page. Every page is an index walk or an index lookup, never a count of the project's users:
 * docs/users-at-scale.md has the indexes, the query shapes and their figures at a million users.
 */
import { and, asc, desc, eq, exists, ilike, inArray, not, or, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database.js';
import { contactChannels, oauthAccounts, passwordCredentials, teamMembers, users } from '../db/schema.js';
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
  /** Only users whose primary email is verified (true), or who have no verified primary email (false). */
  primaryEmailVerified?: boolean;
  /** Only users with a password (true), or without one (false). */
  hasPassword?: boolean;
  /** Only users with an account at this OAuth provider (its id in the project config, `github`). */
  oauthProvider?: string;
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
  const conditions = filterConditions(db, projectId, q);
  if (conditions === null) return { items: [], nextCursor: null };
  if (q.cursor !== undefined) {
    if (!isUuid(q.cursor)) return { items: [], nextCursor: null };
    const [start] = await db
      .select({ createdAt: users.createdAt, id: users.id })
      .from(users)
      .where(and(eq(users.id, q.cursor.toLowerCase()), eq(users.projectId, projectId)));
    if (!start) return { items: [], nextCursor: null };
    // Sign-up time with the id as tie-break: one total order, so no user is skipped or repeated.
    // A row comparison, so that the (project, created_at, id) index starts the walk right there.
    conditions.push(
      q.desc
        ? sql`(${users.createdAt}, ${users.id}) <= (${start.createdAt}, ${start.id})`
        : sql`(${users.createdAt}, ${users.id}) >= (${start.createdAt}, ${start.id})`,
    );
  }
  // One row more than the page: the first user of the next page, when there is one.
  const take = q.limit === undefined ? undefined : q.limit + 1;
  const text = q.query?.trim();
  const ids = !text
    ? await pageOf(db, conditions, q.desc, take)
    : isUuid(text)
      ? await pageOf(db, [...conditions, eq(users.id, text.toLowerCase())], q.desc, take)
      : await searchPage(db, conditions, likePattern(text), q.desc, take);
  const next = q.limit !== undefined && ids.length > q.limit ? ids.pop()! : null;
  if (ids.length === 0) return { items: [], nextCursor: null };
  return { items: await loadUsers(db, projectId, ids), nextCursor: next };
}

/** The project, team and sign-in filters of a page; null when no user can match (a team id that is no UUID). */
function filterConditions(db: Database, projectId: string, q: UserListQuery): SQL[] | null {
  const conditions: SQL[] = [eq(users.projectId, projectId)];
  if (q.teamId !== undefined) {
    if (!isUuid(q.teamId)) return null;
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
  if (q.primaryEmailVerified !== undefined) {
    // What the user's view shows as `primary_email_verified`: its primary email, verified.
    const verified = exists(
      db
        .select({ one: sql`1` })
        .from(contactChannels)
        .where(
          and(
            eq(contactChannels.userId, users.id),
            eq(contactChannels.type, 'email'),
            eq(contactChannels.isPrimary, true),
            eq(contactChannels.isVerified, true),
          ),
        ),
    );
    conditions.push(q.primaryEmailVerified ? verified : not(verified));
  }
  if (q.hasPassword !== undefined) {
    const password = exists(
      db.select({ one: sql`1` }).from(passwordCredentials).where(eq(passwordCredentials.userId, users.id)),
    );
    conditions.push(q.hasPassword ? password : not(password));
  }
  if (q.oauthProvider !== undefined) {
    // The project in the condition lets a provider few users have be read from its own index.
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(oauthAccounts)
          .where(
            and(
              eq(oauthAccounts.projectId, projectId),
              eq(oauthAccounts.providerId, q.oauthProvider),
              eq(oauthAccounts.userId, users.id),
            ),
          ),
      ),
    );
  }
  return conditions;
}

const orderOf = (descending: boolean | undefined) =>
  descending ? [desc(users.createdAt), desc(users.id)] : [asc(users.createdAt), asc(users.id)];

/** The ids of the users matching `conditions`, in page order, at most `take`. */
async function pageOf(
  db: Database,
  conditions: SQL[],
  descending: boolean | undefined,
  take: number | undefined,
): Promise<string[]> {
  const page = db
    .select({ id: users.id })
    .from(users)
    .where(and(...conditions))
    .orderBy(...orderOf(descending));
  return (take === undefined ? await page : await page.limit(take)).map((r) => r.id);
}

/**
 * How many users, in page order, a search tests one by one before it decides how to go on: 2,000
 * take about 12 ms at a million users, and a text that fills a page among them is common enough
 * (1.3 % of users or more) that walking on is the fast way.
 */
const SEARCH_WALK = 2000;
/**
 * Matches in the first walk from which a longer walk is worth it rather than reading every match
 * from the trigram indexes: 10 in 2,000 is 0.5 % of users, 5,000 at a million, which cost about
 * as much to read and sort as the longer walk (at most {@link SEARCH_WALK_MAX} users) costs.
 */
const SEARCH_DENSE_HITS = 10;
const SEARCH_WALK_MAX = 20_000;

/**
 * The ids of the users matching `conditions` whose display name or any contact channel contains
 * `pattern`, in page order, at most `take`. PostgreSQL alone picks badly here: its estimate for a
 * text it has not sampled is about 1 % of rows, so for a text only a few users have it walks
 * every user in order, testing each (ten seconds at a million users). So the choice is made here:
 * the first {@link SEARCH_WALK} users in page order are tested one by one, which is the whole
 * answer when the text is common; when it is somewhat common, a walk long enough for a page at
 * the density seen; otherwise the matches are read from the trigram indexes and sorted.
 */
async function searchPage(
  db: Database,
  conditions: SQL[],
  pattern: string,
  descending: boolean | undefined,
  take: number | undefined,
): Promise<string[]> {
  if (take !== undefined) {
    const first = await walkTesting(db, conditions, pattern, descending, take, SEARCH_WALK);
    if (first.length === take) return first;
    if (first.length >= SEARCH_DENSE_HITS) {
      // Half as long again as a page needs at the density seen, for the variance of a sample.
      const rows = Math.min(SEARCH_WALK_MAX, Math.ceil((1.5 * take * SEARCH_WALK) / first.length));
      const longer = await walkTesting(db, conditions, pattern, descending, take, rows);
      if (longer.length === take) return longer;
    }
  }
  // Every user the text matches, from the trigram indexes: IN over a UNION ALL, which PostgreSQL
  // cannot turn back into a walk, so it reads the matches first and sorts them.
  const matches = unionAll(
    db.select({ id: users.id }).from(users).where(ilike(users.displayName, pattern)),
    db
      .select({ id: contactChannels.userId })
      .from(contactChannels)
      .where(ilike(contactChannels.value, pattern)),
  );
  return pageOf(db, [...conditions, inArray(users.id, matches)], descending, take);
}

/**
 * The ids, in page order and at most `take`, of the users among the first `rows` matching
 * `conditions` whose display name or any contact channel contains `pattern`.
 */
async function walkTesting(
  db: Database,
  conditions: SQL[],
  pattern: string,
  descending: boolean | undefined,
  take: number,
  rows: number,
): Promise<string[]> {
  const walked = db
    .select({ id: users.id, createdAt: users.createdAt, displayName: users.displayName })
    .from(users)
    .where(and(...conditions))
    .orderBy(...orderOf(descending))
    .limit(rows)
    .as('walked');
  const hits = await db
    .select({ id: walked.id })
    .from(walked)
    .where(
      or(
        ilike(walked.displayName, pattern),
        exists(
          db
            .select({ one: sql`1` })
            .from(contactChannels)
            .where(and(eq(contactChannels.userId, walked.id), ilike(contactChannels.value, pattern))),
        ),
      ),
    )
    .orderBy(
      ...(descending ? [desc(walked.createdAt), desc(walked.id)] : [asc(walked.createdAt), asc(walked.id)]),
    )
    .limit(take);
  return hits.map((r) => r.id);
}
