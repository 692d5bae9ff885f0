/**
 * Where every sign-in ends (password sign-in and sign-up, code and link sign-in, the second
 * factor; passkey and OAuth later): inside the sign-in's own transaction the user either gets a
 * session, or, with TOTP on, the sign-in waits for its second factor; then the answer carries the
 * tokens, or MULTI_FACTOR_AUTHENTICATION_REQUIRED with a fresh attempt code (wire.md §6.5). One
 * place, so a rule for all sign-ins (activity, the second factor) is written once.
 */
import { eq } from 'drizzle-orm';
import type { SignInResponseJson } from '../../../wire/auth.js';
import { users } from '../db/schema.js';
import { knownError } from '../errors.js';
import { markActive } from './activity.js';
import type { ServerContext } from './context.js';
import { createSession, type NewSession } from './sessions.js';
import { createVerificationCode } from './verification-codes.js';

type Executor = Parameters<typeof createSession>[0];

/** A sign-in that has made its session, or that waits for the second factor. */
export type SignInEnding =
  | { kind: 'session'; projectId: string; userId: string; session: NewSession; isNewUser: boolean }
  | { kind: 'second-factor'; projectId: string; userId: string; isNewUser: boolean };

/**
 * Inside the sign-in's transaction: the session of user `userId`, unless the user has TOTP on and
 * `secondFactorDone` is not set (the MFA step itself sets it).
 */
export async function endSignIn(
  ctx: ServerContext,
  tx: Executor,
  input: { projectId: string; userId: string; isNewUser?: boolean; secondFactorDone?: boolean },
): Promise<SignInEnding> {
  const { projectId, userId } = input;
  const isNewUser = input.isNewUser ?? false;
  if (!input.secondFactorDone) {
    const [row] = await tx.select({ totp: users.totpSecret }).from(users).where(eq(users.id, userId));
    if (row?.totp) return { kind: 'second-factor', projectId, userId, isNewUser };
  }
  const session = await createSession(tx, ctx.now, { projectId, userId });
  return { kind: 'session', projectId, userId, session, isNewUser };
}

/**
 * After the transaction: the tokens of the answer (wire.md §4.2), with `is_new_user` when the
 * route reports it; or, for a sign-in waiting for its second factor, the MFA error carrying a new
 * attempt code good for five minutes.
 */
export async function signInAnswer(
  ctx: ServerContext,
  ending: SignInEnding,
  options: { reportNewUser?: boolean } = {},
): Promise<SignInResponseJson> {
  if (ending.kind === 'second-factor') {
    const attemptCode = await createVerificationCode(ctx, {
      projectId: ending.projectId,
      type: 'MFA_ATTEMPT',
      method: {},
      data: { user_id: ending.userId, is_new_user: ending.isNewUser },
      redirectUrl: null,
    });
    throw knownError('MULTI_FACTOR_AUTHENTICATION_REQUIRED', { attempt_code: attemptCode });
  }
  const accessToken = await ctx.tokens.sign({
    projectId: ending.projectId,
    userId: ending.userId,
    refreshTokenId: ending.session.id,
  });
  await markActive(ctx, ending.projectId, ending.userId);
  return {
    access_token: accessToken,
    refresh_token: ending.session.refreshToken,
    ...(options.reportNewUser ? { is_new_user: ending.isNewUser } : {}),
    user_id: ending.userId,
  };
}
