/** Loading users with what their wire views need (channels, password, passkey, OTP). */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { ServerTeamJson } from '../../../wire/team.js';
import type { Database } from '../db/database.js';
import { contactChannels, oauthAccounts, passkeys, passwordCredentials, teams, users } from '../db/schema.js';

/** A user's account at an OAuth provider, in its wire shape (wire.md §5.1 `oauth_providers`). */
export interface OAuthAccountLink {
  id: string;
  account_id: string;
  email: string | null;
}

/**
 * A user row with its contact channels, OAuth accounts, and whether it has a password and a passkey.
 * Never changed once made (frozen): a change to the user is read into a new record, which is what
 * lets authentication keep records in memory and `jsonOf` keep the JSON of their views.
 */
export interface UserRecord {
  row: typeof users.$inferSelect;
  channels: (typeof contactChannels.$inferSelect)[];
  hasPassword: boolean;
  hasPasskey: boolean;
  oauthAccounts: OAuthAccountLink[];
  /** The selected team in its server wire shape (wire.md §5.2), null when none is selected. */
  selectedTeam: ServerTeamJson | null;
}

/**
 * What a query selects to build a {@link UserRecord} with {@link userRecordFrom}: one row per
 * contact channel (or one row with a null channel), all from a single round trip.
 */
export const userRecordFields = {
  user: users,
  channel: contactChannels,
  passwordUserId: passwordCredentials.userId,
  hasPasskey: sql<boolean>`exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id})`.mapWith(
    Boolean,
  ),
  oauthAccounts: sql<
    OAuthAccountLink[] | string
  >`(select coalesce(jsonb_agg(jsonb_build_object('id', ${oauthAccounts.providerId}, 'account_id', ${oauthAccounts.providerAccountId}, 'email', ${oauthAccounts.email}) order by ${oauthAccounts.providerId}), '[]'::jsonb) from ${oauthAccounts} where ${oauthAccounts.userId} = ${users.id})`,
  // The selected team, already in its server wire shape: the user's views need it, and the
  // authentication query (services/auth-cache) stays one round trip.
  selectedTeam: sql<
    ServerTeamJson | string | null
  >`(select jsonb_build_object('id', ${teams.id}, 'display_name', ${teams.displayName}, 'profile_image_url', ${teams.profileImageUrl}, 'client_metadata', ${teams.clientMetadata}, 'client_read_only_metadata', ${teams.clientReadOnlyMetadata}, 'server_metadata', ${teams.serverMetadata}, 'created_at_millis', floor(extract(epoch from ${teams.createdAt}) * 1000)::bigint) from ${teams} where ${teams.id} = ${users.selectedTeamId} and ${teams.projectId} = ${users.projectId})`,
};

/** The rows of a query selecting {@link userRecordFields}. */
export interface UserRecordRow {
  user: typeof users.$inferSelect | null;
  channel: typeof contactChannels.$inferSelect | null;
  passwordUserId: string | null;
  hasPasskey: boolean;
  oauthAccounts: OAuthAccountLink[] | string;
  selectedTeam: ServerTeamJson | string | null;
}

/**
 * Left-joins the contact channels and the password of the `users` row in `query`, so that it can
 * select {@link userRecordFields}: one row per channel, or one with a null channel.
 */
export function joinUserDetails<Q extends PgSelect>(query: Q) {
  return query
    .leftJoin(contactChannels, eq(contactChannels.userId, users.id))
    .leftJoin(passwordCredentials, eq(passwordCredentials.userId, users.id));
}

/** The user of rows selecting {@link userRecordFields}, or null when they hold none (or no such fields). */
export function userRecordFrom(rows: readonly Partial<UserRecordRow>[]): UserRecord | null {
  const row = rows[0]?.user;
  if (!row) return null;
  const channels = rows.flatMap((r) => (r.channel ? [Object.freeze(r.channel)] : []));
  return Object.freeze({
    row: Object.freeze(row),
    channels: Object.freeze(channels) as UserRecord['channels'],
    hasPassword: rows[0]!.passwordUserId != null,
    hasPasskey: rows[0]!.hasPasskey === true,
    oauthAccounts: parseLinks(rows[0]!.oauthAccounts),
    selectedTeam: parseTeam(rows[0]!.selectedTeam),
  });
}

/** The selected team column, parsed like the OAuth accounts (null without a selected team). */
function parseTeam(value: ServerTeamJson | string | null | undefined): ServerTeamJson | null {
  if (value === undefined || value === null) return null;
  const team = typeof value === 'string' ? (JSON.parse(value) as ServerTeamJson) : value;
  // bigint in jsonb comes back as a number; a driver that keeps text gets it converted here.
  return { ...team, created_at_millis: Number(team.created_at_millis) };
}

/** The OAuth accounts column: parsed JSON from node-postgres and PGlite, text if a driver leaves it so. */
function parseLinks(value: OAuthAccountLink[] | string | undefined): OAuthAccountLink[] {
  if (value === undefined) return [];
  return typeof value === 'string' ? (JSON.parse(value) as OAuthAccountLink[]) : value;
}

/**
 * The join or where condition that picks user `userId` of `projectId`; always false when there is
 * no `userId` or it is no UUID (comparing it to a uuid column would fail, not miss).
 */
export function isUserOf(projectId: string, userId: string | undefined): SQL {
  if (userId === undefined || !isUuid(userId)) return sql`false`;
  return and(eq(users.id, userId), eq(users.projectId, projectId))!;
}

/** Loads a user of `projectId`, or null when it does not exist (or belongs to another project). */
export async function loadUser(
  db: Pick<Database, 'select'>,
  projectId: string,
  userId: string,
): Promise<UserRecord | null> {
  if (!isUuid(userId)) return null;
  // One round trip: the user, its channels and its password presence (wire views need all three).
  const query = db.select(userRecordFields).from(users).$dynamic();
  const rows = await joinUserDetails(query).where(isUserOf(projectId, userId));
  return userRecordFrom(rows);
}

/** Loads the users `userIds` of `projectId` in one round trip, in the order given (missing ones left out). */
export async function loadUsers(
  db: Pick<Database, 'select'>,
  projectId: string,
  userIds: readonly string[],
): Promise<UserRecord[]> {
  const ids = userIds.filter(isUuid);
  if (ids.length === 0) return [];
  const rows = await joinUserDetails(db.select(userRecordFields).from(users).$dynamic()).where(
    and(inArray(users.id, ids), eq(users.projectId, projectId)),
  );
  const byUser = new Map<string, typeof rows>();
  for (const row of rows) {
    const id = row.user!.id;
    byUser.set(id, [...(byUser.get(id) ?? []), row]);
  }
  return ids.map((id) => userRecordFrom(byUser.get(id) ?? [])).filter((u) => u !== null);
}

/**
 * Locks the row of user `userId` until the transaction ends; resolves whether the user exists.
 * Everything that grants a way into an account (an email proof revoking what came before it, a
 * sign-in creating a session, a signed-in user adding a sign-in address) takes this lock first,
 * so none of them can slip in between another's check and its write. An email proof and a
 * sign-in's session (services/sign-in-ending.ts, which locks in its own statement) take it
 * exclusively (`'no key update'`); the others share it. Read what the check needs in a statement
 * after this one, or through a locking read: under READ COMMITTED only those see what the lock
 * waited for.
 */
export async function lockUser(
  tx: Pick<Database, 'select'>,
  userId: string,
  mode: 'share' | 'no key update',
): Promise<boolean> {
  if (!isUuid(userId)) return false;
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for(mode);
  return rows.length > 0;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID in canonical text form (what a `uuid` column accepts without an error). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
