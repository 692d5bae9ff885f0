/**
 * When a code proves that someone holds an email address, the proof wins over whatever was set up
 * on the account without it. Otherwise an attacker could sign up a victim's address with a password
 * before the victim ever uses it (the email unverified), wait for the victim to sign in with an
 * emailed code, and keep a password and sessions into the victim's account.
 *
 * The rule (README "Email ownership"): the first code sign-in or password reset that proves an
 * address the account had not proven marks it verified and revokes every credential and session
 * set up before the proof — the password, all sessions, and sign-in by the account's other
 * unproven addresses. Then the holder of the code is signed in (or sets the new password).
 */
import { and, eq } from 'drizzle-orm';
import { contactChannels, passwordCredentials, refreshTokens } from '../db/schema.js';
import type { CodeTransaction } from './verification-codes.js';

/** The channel a code was sent to, as the proof sees it. */
export interface ProvenChannel {
  id: string;
  userId: string;
  isVerified: boolean;
}

/**
 * Applies the proof of `channel`'s address inside the code's transaction: nothing when the address
 * was proven already; otherwise verified, and everything set up before the proof revoked.
 * Resolves whether anything was revoked.
 */
export async function applyEmailProof(tx: CodeTransaction, channel: ProvenChannel): Promise<boolean> {
  if (channel.isVerified) return false;
  await tx.update(contactChannels).set({ isVerified: true }).where(eq(contactChannels.id, channel.id));
  await tx.delete(passwordCredentials).where(eq(passwordCredentials.userId, channel.userId));
  await tx.delete(refreshTokens).where(eq(refreshTokens.userId, channel.userId));
  // Other addresses nobody proved no longer sign in to the account.
  await tx
    .update(contactChannels)
    .set({ usedForAuth: false })
    .where(
      and(
        eq(contactChannels.userId, channel.userId),
        eq(contactChannels.isVerified, false),
        eq(contactChannels.usedForAuth, true),
      ),
    );
  return true;
}
