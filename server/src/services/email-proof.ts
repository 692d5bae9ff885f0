/**
 * When a code proves that someone holds an email address, the proof wins over whatever was set up
 * on the account without it. Otherwise an attacker could sign up a victim's address with a password
 * before the victim ever uses it (the email unverified), wait for the victim to sign in with an
 * emailed code, and keep a password and sessions into the victim's account.
 *
 * The rule (docs/server/email.md, "Email ownership and sessions"): the first code sign-in or password reset that
 * proves an address the account had not proven makes it verified and primary, and revokes every
 * credential and session set up before the proof — the password, a TOTP secret, all sessions,
 * sign-in by every other address of the account, and reset links still out. Then the holder of
 * the code is signed in (or sets the new password).
 */
import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  contactChannels,
  passwordCredentials,
  refreshTokens,
  users,
  verificationCodes,
} from '../db/schema.js';
import { isSignInEmail } from './auth-channels.js';
import { voidRecoveryCodes } from './recovery-codes.js';
import { lockUser } from './users.js';
import type { CodeTransaction } from './verification-codes.js';

/** A contact-channel row. */
type ChannelRow = typeof contactChannels.$inferSelect;

/**
 * Applies the proof that the code's holder has `email`, an address user `userId` signs in with,
 * inside the code's transaction. Locks the user first (see {@link lockUser}), so a sign-in or a
 * new sign-in address racing the proof either lands before it and is revoked with the rest, or
 * after it and finds its session or password gone. Resolves the channel as it is now: untouched
 * when the address was proven already, verified and primary when this proof revoked the rest, and
 * undefined when `email` no longer signs in to the account (changed or removed meanwhile), in
 * which case nothing was done.
 */
export async function applyEmailProof(
  tx: CodeTransaction,
  input: { userId: string; email: string; now: number },
): Promise<ChannelRow | undefined> {
  const { userId, email } = input;
  if (!(await lockUser(tx, userId, 'no key update'))) return undefined;
  // Read under the lock: what committed while this waited is seen now.
  const [channel] = await tx
    .select()
    .from(contactChannels)
    .where(and(eq(contactChannels.userId, userId), isSignInEmail(email)));
  if (!channel || channel.isVerified) return channel;

  await tx.delete(passwordCredentials).where(eq(passwordCredentials.userId, userId));
  await tx.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
  await tx.update(users).set({ totpSecret: null, totpLastStep: null }).where(eq(users.id, userId));
  await voidRecoveryCodes(tx, userId);
  // Whoever set the account up may have added (and even verified) an address of their own.
  await tx
    .update(contactChannels)
    .set({ usedForAuth: false, isPrimary: false })
    .where(and(eq(contactChannels.userId, userId), ne(contactChannels.id, channel.id)));
  await tx
    .update(contactChannels)
    .set({ isVerified: true, isPrimary: true })
    .where(eq(contactChannels.id, channel.id));
  // A reset link already sent to another address would hand the account back. One being used
  // right now is locked and skipped here; its own transaction then waits for this user's lock and
  // finds its address no longer signs in.
  const at = new Date(input.now);
  const outstanding = tx
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.projectId, channel.projectId),
        eq(verificationCodes.type, 'PASSWORD_RESET'),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, at),
        sql`${verificationCodes.data}->>'user_id' = ${userId}`,
      ),
    )
    .for('update', { skipLocked: true });
  await tx.update(verificationCodes).set({ expiresAt: at }).where(inArray(verificationCodes.id, outstanding));
  return { ...channel, isVerified: true, isPrimary: true };
}
