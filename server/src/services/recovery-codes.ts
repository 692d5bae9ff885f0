/**
 * Recovery codes for the second factor (beyond the reference, documented in docs/server/totp.md): ten
 * random codes made at once, shown once, kept only as SHA-256, each good for one sign-in in place
 * of a TOTP code. Making a new set, or changing or removing the TOTP secret, voids the old one.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { sha256Hex } from '../crypto/hash.js';
import { randomCrockford, randomUuid } from '../crypto/random.js';
import type { Database } from '../db/database.js';
import { mfaRecoveryCodes } from '../db/schema.js';

/** How many codes a set holds. */
export const RECOVERY_CODE_COUNT = 10;

type Executor = Pick<Database, 'insert' | 'update' | 'delete'>;

/** A typed code as stored: lower case, without the dash or spaces a person may add. */
const normalize = (text: string) => text.toLowerCase().replace(/[\s-]/g, '');

/** True for what looks like a recovery code (`xxxxx-xxxxx`) rather than a 6-digit TOTP code. */
export function isRecoveryCodeShape(text: string): boolean {
  return /^[0-9a-hjkmnp-tv-z]{10}$/.test(normalize(text));
}

/** Replaces the user's codes with a new set and returns it in clear (the only time it exists so). */
export async function replaceRecoveryCodes(tx: Executor, userId: string): Promise<string[]> {
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = randomCrockford(10);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  await tx
    .insert(mfaRecoveryCodes)
    .values(codes.map((code) => ({ id: randomUuid(), userId, codeHash: sha256Hex(normalize(code)) })));
  return codes;
}

/** Spends one of the user's unused codes; false when it is not one (or was used already). */
export async function spendRecoveryCode(
  tx: Executor,
  userId: string,
  text: string,
  now: number,
): Promise<boolean> {
  const spent = await tx
    .update(mfaRecoveryCodes)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, sha256Hex(normalize(text))),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return spent.length > 0;
}

/** Voids every code of the user (the secret they stood beside changed or went away). */
export async function voidRecoveryCodes(tx: Executor, userId: string): Promise<void> {
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
}
