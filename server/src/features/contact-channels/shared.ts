/**
 * What the contact-channel endpoints share (wire.md §4.9, §5.7): whose channels a request may
 * touch, the wire shape of a channel, and the checks of a write.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { ContactChannelJson } from '../../../../wire/contact-channel.js';
import type { Database } from '../../db/database.js';
import { contactChannels } from '../../db/schema.js';
import { knownError, StatusError } from '../../errors.js';
import { isSignInEmail } from '../../services/auth-channels.js';
import type { ServerContext } from '../../services/context.js';
import type { RequestAuth } from '../../services/request-auth.js';
import { isUuid, loadUser } from '../../services/users.js';

/** A contact-channel row. */
export type ChannelRow = typeof contactChannels.$inferSelect;

type Executor = Pick<Database, 'select' | 'update'>;

/** The wire shape of a channel (wire.md §5.7), the one the kit reads. */
export function channelView(channel: ChannelRow): ContactChannelJson {
  return {
    id: channel.id,
    user_id: channel.userId,
    // The create route accepts only 'email' (the one channel type of the wire).
    type: channel.type as ContactChannelJson['type'],
    value: channel.value,
    is_primary: channel.isPrimary,
    is_verified: channel.isVerified,
    used_for_auth: channel.usedForAuth,
  };
}

/**
 * The user whose channels the request means: `me` is the signed-in user; client access may name
 * only itself (403 "Client can only {verb} contact channels for their own user." otherwise); server and admin access any user of the project
 * (USER_ID_DOES_NOT_EXIST when unknown).
 */
export async function resolveUserId(
  ctx: ServerContext,
  auth: RequestAuth,
  userId: string,
  verb: 'list' | 'create' | 'read' | 'update' | 'delete' | 'verify',
): Promise<string> {
  if (userId === 'me') {
    if (!auth.user) throw knownError('CANNOT_GET_OWN_USER_WITHOUT_USER');
    return auth.user.row.id;
  }
  if (auth.type === 'client') {
    // Ids are stored lower-case; a UUID is the same id in either case.
    if (auth.user?.row.id !== userId.toLowerCase()) {
      throw new StatusError(403, `Client can only ${verb} contact channels for their own user.`);
    }
    return auth.user.row.id;
  }
  if (!(await loadUser(ctx.db, auth.project.id, userId))) {
    throw knownError('USER_ID_DOES_NOT_EXIST', { user_id: userId });
  }
  return userId;
}

/** The channel `channelId` of `userId`, if it exists. */
export async function findChannel(db: Pick<Database, 'select'>, userId: string, channelId: string) {
  if (!isUuid(channelId)) return undefined;
  const [channel] = await db
    .select()
    .from(contactChannels)
    .where(and(eq(contactChannels.id, channelId), eq(contactChannels.userId, userId)));
  return channel;
}

/** 404 text of a missing channel (GET, PATCH). */
export const channelNotFound = () => new StatusError(404, 'Contact channel not found.');

/**
 * Refuses a channel the user already has (400 'Contact channel already exists'), checked before
 * `assertAuthValueFree` as the reference checks it first.
 */
export async function assertChannelIsNew(
  db: Pick<Database, 'select'>,
  userId: string,
  value: string,
): Promise<void> {
  const [existing] = await db
    .select({ id: contactChannels.id })
    .from(contactChannels)
    .where(
      and(
        eq(contactChannels.userId, userId),
        eq(contactChannels.type, 'email'),
        eq(contactChannels.value, value),
      ),
    );
  if (existing) throw new StatusError(400, 'Contact channel already exists');
}

/** Refuses `used_for_auth` on a value someone else already signs in with. */
export async function assertAuthValueFree(
  db: Pick<Database, 'select'>,
  projectId: string,
  userId: string,
  value: string,
): Promise<void> {
  const [other] = await db
    .select({ id: contactChannels.id })
    .from(contactChannels)
    .where(
      and(eq(contactChannels.projectId, projectId), isSignInEmail(value), ne(contactChannels.userId, userId)),
    );
  if (other) throw knownError('CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE', { type: 'email' });
}

/** Clears primary on the user's other channels, before one becomes primary. */
export async function clearOtherPrimaries(db: Executor, userId: string, keepId: string): Promise<void> {
  await db
    .update(contactChannels)
    .set({ isPrimary: false })
    .where(
      and(
        eq(contactChannels.userId, userId),
        eq(contactChannels.type, 'email'),
        ne(contactChannels.id, keepId),
      ),
    );
}

/**
 * Maps a unique violation of a channel write to its wire error: the auth index means another
 * account won a race for the value; the per-user index means a duplicate channel.
 */
export function channelConflict(error: unknown): Error | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (constraint === 'contact_channels_auth_unique') {
      return knownError('CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE', { type: 'email' });
    }
    if (constraint === 'contact_channels_user_value_unique') {
      return new StatusError(400, 'Contact channel already exists');
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
