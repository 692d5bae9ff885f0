/**
 * Checking a second-factor code inside a transaction: the TOTP code of the current 30-second step
 * or of the previous one (RFC 6238's allowance for a code typed at the end of its window), each
 * step taken once per user (the user's last used step is stored and only a later step is taken, so
 * a racing or later use of the same code, or of an older one, finds it taken), or a recovery code,
 * spent. Completing a sign-in and turning TOTP off both ask
 * for one; an empty, wrong, replayed or spent code is INVALID_TOTP_CODE alike.
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { totpCode, totpStep } from '../crypto/totp.js';
import { users } from '../db/schema.js';
import { knownError } from '../errors.js';
import type { ServerContext } from './context.js';
import { isRecoveryCodeShape, spendRecoveryCode } from './recovery-codes.js';
import type { CodeTransaction } from './verification-codes.js';

/** Throws INVALID_TOTP_CODE unless `code` is a good second factor of user `userId` of `projectId`. */
export async function useSecondFactorCode(
  ctx: ServerContext,
  tx: CodeTransaction,
  input: { projectId: string; userId: string; code: string },
): Promise<void> {
  const { userId, code } = input;
  const step = totpStep(ctx.now());
  const [user] = await tx
    .select({ sealed: users.totpSecret })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.projectId, input.projectId)));
  const secret = user?.sealed ? ctx.totpSecrets.open(user.sealed) : null;
  if (!secret) throw knownError('INVALID_TOTP_CODE');
  if (isRecoveryCodeShape(code)) {
    if (!(await spendRecoveryCode(tx, userId, code, ctx.now()))) throw knownError('INVALID_TOTP_CODE');
    return;
  }
  if (!/^\d{6}$/.test(code)) throw knownError('INVALID_TOTP_CODE');
  // The current step first, so a code good for both steps takes the later one.
  const matched = [step, step - 1].find((candidate) => totpCode(secret, candidate) === code);
  if (matched === undefined) throw knownError('INVALID_TOTP_CODE');
  const taken = await tx
    .update(users)
    .set({ totpLastStep: matched })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, matched))))
    .returning({ id: users.id });
  if (taken.length === 0) throw knownError('INVALID_TOTP_CODE');
}
