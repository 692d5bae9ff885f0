/**
 * Updating a user (wire.md §4.8): the client field set and the server field set, applied in one
 * transaction so a failed update writes nothing.
 */
import { and, eq } from 'drizzle-orm';
import type { AccessType } from '../../../wire/headers.js';
import type { ClientUserUpdateJson } from '../../../wire/user.js';
import { randomUuid } from '../crypto/random.js';
import { isUniqueViolation } from '../db/errors.js';
import type { ProjectRow } from '../db/schema.js';
import {
  contactChannels,
  passkeys,
  passwordCredentials,
  refreshTokens,
  teamMembers,
  users,
} from '../db/schema.js';
import { knownError, StatusError } from '../errors.js';
import type { ServerContext } from './context.js';
import { isBcryptHash } from './passwords.js';
import { voidRecoveryCodes } from './recovery-codes.js';
import { loadUser, type UserRecord } from './users.js';
import { emitEvents } from './webhooks/emit.js';
import { userEvent } from './webhooks/payloads.js';

/**
 * A user change as the routes hand it over, validated against their body schemas
 * (features/users/bodies.ts): the client's fields as the wire names them, and the server's, each
 * left out when unchanged.
 */
export interface UserUpdate extends ClientUserUpdateJson {
  client_read_only_metadata?: unknown;
  server_metadata?: unknown;
  primary_email?: string | null;
  primary_email_verified?: boolean;
  primary_email_auth_enabled?: boolean;
  password?: string | null;
  password_hash?: string;
}

/** A new user as server access creates it: the update set without the selected team, with provider accounts. */
export interface UserCreate extends Omit<UserUpdate, 'selected_team_id'> {
  oauth_providers?: { id: string; account_id: string; email: string | null }[];
}

// Client uploads must be inline images, never a URL the browser would fetch from elsewhere.
const DATA_URL_IMAGE = /^data:image\/(png|jpg|jpeg|gif|bmp|webp);base64,[A-Za-z0-9+/]*={0,2}$/;
const BARE_BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Refuses, for client access, a profile image that is not inline base64 (400 "Invalid profile image URL"). */
export function assertClientProfileImage(accessType: AccessType, image: string | null | undefined): void {
  if (
    accessType === 'client' &&
    typeof image === 'string' &&
    !DATA_URL_IMAGE.test(image) &&
    !BARE_BASE64.test(image)
  ) {
    throw new StatusError(400, 'Invalid profile image URL');
  }
}

type Tx = Parameters<Parameters<ServerContext['db']['transaction']>[0]>[0];
type Channel = UserRecord['channels'][number];

/** An update checked against the project's rules, with its password hashed: ready to write. */
interface UserWrite {
  update: UserUpdate;
  /** The new TOTP secret, sealed, when the update sets one. */
  sealedTotpSecret?: string;
  currentPrimary: Channel | undefined;
  nextPrimary: string | null | undefined;
  /** The hash to store, null to remove the password, undefined to leave it. */
  passwordHash: string | null | undefined;
}

/** Checks `update` for a user whose primary email is `currentPrimary`; hashes a new password. */
export async function planUserWrite(
  ctx: ServerContext,
  project: ProjectRow,
  currentPrimary: Channel | undefined,
  update: UserUpdate,
  accessType: AccessType,
): Promise<UserWrite> {
  const has = (key: keyof UserUpdate) => Object.hasOwn(update, key);
  assertClientProfileImage(accessType, update.profile_image_url);
  if (update.passkey_auth_enabled === true) {
    throw new StatusError(400, 'Cannot enable passkey authentication here; register a passkey instead.');
  }
  // The reference's texts and order (users/crud.tsx getPasswordHashFromData, checkAuthData).
  if (update.password !== undefined && update.password_hash !== undefined) {
    throw new StatusError(400, 'Cannot set both password and password_hash at the same time.');
  }
  if (update.password_hash !== undefined && !isBcryptHash(update.password_hash)) {
    throw new StatusError(
      400,
      "Invalid password hash. Make sure it's a supported algorithm in Modular Crypt Format.",
    );
  }

  const nextPrimary = has('primary_email') ? update.primary_email : currentPrimary?.value;
  if (!nextPrimary && update.primary_email_auth_enabled) {
    throw new StatusError(400, 'primary_email_auth_enabled cannot be true without primary_email');
  }
  if (!nextPrimary && update.primary_email_verified) {
    throw new StatusError(400, 'primary_email_verified cannot be true without primary_email');
  }
  let passwordHash: string | null | undefined;
  if (typeof update.password === 'string' || update.password_hash !== undefined) {
    if (!project.credentialEnabled) throw new StatusError(400, 'Password auth not enabled in the project');
    if (!nextPrimary) throw new StatusError(400, 'A user needs a primary email to have a password.');
    // Server access sets passwords without the end-user policy (the schema caps the length).
    if (typeof update.password === 'string') passwordHash = await ctx.passwords.hash(update.password);
    else passwordHash = update.password_hash;
  } else if (update.password === null) {
    passwordHash = null;
  }
  const sealedTotpSecret = update.totp_secret_base64
    ? ctx.totpSecrets.seal(Buffer.from(update.totp_secret_base64, 'base64'))
    : undefined;
  return { update, currentPrimary, nextPrimary, passwordHash, sealedTotpSecret };
}

/** Writes a planned update of user `userId` inside `tx`. */
async function writeUser(tx: Tx, project: ProjectRow, userId: string, write: UserWrite, at: Date) {
  const { update, currentPrimary, nextPrimary, passwordHash } = write;
  const has = (key: keyof UserUpdate) => Object.hasOwn(update, key);
  const fields: Partial<typeof users.$inferInsert> = {};
  if (has('display_name')) fields.displayName = update.display_name || null;
  if (has('profile_image_url')) fields.profileImageUrl = update.profile_image_url ?? null;
  if (has('client_metadata')) fields.clientMetadata = update.client_metadata ?? null;
  if (has('client_read_only_metadata'))
    fields.clientReadOnlyMetadata = update.client_read_only_metadata ?? null;
  if (has('server_metadata')) fields.serverMetadata = update.server_metadata ?? null;
  if (has('selected_team_id')) {
    fields.selectedTeamId = update.selected_team_id
      ? await memberTeamId(tx, project.id, userId, update.selected_team_id)
      : null;
  }
  if (has('totp_secret_base64')) {
    // Sealed at rest; a new secret (or none) also forgets the last step a code was used in.
    fields.totpSecret = update.totp_secret_base64 ? write.sealedTotpSecret! : null;
    fields.totpLastStep = null;
  }
  if (has('otp_auth_enabled')) fields.otpAuthEnabled = update.otp_auth_enabled ?? false;
  if (Object.keys(fields).length > 0) await tx.update(users).set(fields).where(eq(users.id, userId));
  // Recovery codes belong to the secret they were made beside.
  if (has('totp_secret_base64')) await voidRecoveryCodes(tx, userId);
  // `passkey_auth_enabled: false` removes the user's passkeys (wire.md §4.6).
  if (update.passkey_auth_enabled === false) await tx.delete(passkeys).where(eq(passkeys.userId, userId));

  if (has('primary_email') && update.primary_email === null && currentPrimary) {
    await tx.delete(contactChannels).where(eq(contactChannels.id, currentPrimary.id));
  } else if (nextPrimary) {
    const changed = nextPrimary !== currentPrimary?.value;
    const verified =
      update.primary_email_verified ?? (changed ? false : (currentPrimary?.isVerified ?? false));
    const usedForAuth = update.primary_email_auth_enabled ?? currentPrimary?.usedForAuth ?? false;
    if (currentPrimary) {
      await tx
        .update(contactChannels)
        .set({ value: nextPrimary, isVerified: verified, usedForAuth })
        .where(eq(contactChannels.id, currentPrimary.id));
    } else if (has('primary_email')) {
      await tx.insert(contactChannels).values({
        id: randomUuid(),
        projectId: project.id,
        userId,
        type: 'email',
        value: nextPrimary,
        isPrimary: true,
        isVerified: verified,
        usedForAuth,
        createdAt: at,
      });
    }
  }

  if (passwordHash !== undefined) {
    if (passwordHash === null) {
      await tx.delete(passwordCredentials).where(eq(passwordCredentials.userId, userId));
    } else {
      await tx
        .insert(passwordCredentials)
        .values({ userId, passwordHash, updatedAt: at })
        .onConflictDoUpdate({ target: passwordCredentials.userId, set: { passwordHash, updatedAt: at } });
    }
    // Setting or removing a password through a user update ends every session (wire.md §7.2).
    await tx
      .delete(refreshTokens)
      .where(and(eq(refreshTokens.userId, userId), eq(refreshTokens.projectId, project.id)));
  }
}

/**
 * The team `teamId` when `userId` is a member of it, else a 400. The membership row is held until
 * the update commits, so a member leaving at the same time leaves after it and clears the selection.
 */
async function memberTeamId(tx: Tx, projectId: string, userId: string, teamId: string): Promise<string> {
  const id = teamId.toLowerCase();
  const [member] = await tx
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(
      and(eq(teamMembers.teamId, id), eq(teamMembers.userId, userId), eq(teamMembers.projectId, projectId)),
    )
    .for('share');
  if (!member) throw new StatusError(400, 'The user is not a member of the selected team.');
  return id;
}

/** Runs `write` in a transaction, mapping a taken sign-in email to USER_EMAIL_ALREADY_EXISTS. */
export async function inTransaction(ctx: ServerContext, write: (tx: Tx) => Promise<void>): Promise<void> {
  try {
    await ctx.db.transaction(write);
  } catch (error) {
    if (isUniqueViolation(error)) throw knownError('USER_EMAIL_ALREADY_EXISTS');
    throw error;
  }
}

/** Applies `update` to `user` in one transaction and returns the updated record. */
export async function updateUser(
  ctx: ServerContext,
  project: ProjectRow,
  user: UserRecord,
  update: UserUpdate,
  accessType: AccessType,
): Promise<UserRecord> {
  const currentPrimary = user.channels.find((c) => c.type === 'email' && c.isPrimary);
  const write = await planUserWrite(ctx, project, currentPrimary, update, accessType);
  await inTransaction(ctx, async (tx) => {
    await writeUser(tx, project, user.row.id, write, new Date(ctx.now()));
    if (Object.keys(update).length === 0) return;
    await emitEvents(ctx, tx, project.id, await userEvent(tx, 'user.updated', project.id, user.row.id));
  });
  const updated = await loadUser(ctx.db, project.id, user.row.id);
  if (!updated) throw knownError('USER_NOT_FOUND');
  return updated;
}
