/**
 * Where every sign-in ends (password sign-in and sign-up, code and link sign-in; passkey, OAuth and
 * the second factor later): a session is made inside the sign-in's own transaction, then the
 * answer carries the tokens. One place, so a rule for all sign-ins (activity, a second factor) is
 * written once.
 */

import type { SignInResponseJson } from '../../../core/wire/auth.js';
import { recordActivity } from './activity.js';
import type { ServerContext } from './context.js';
import { createSession, type NewSession } from './sessions.js';

type Executor = Parameters<typeof createSession>[0];

/** A sign-in that has made its session, waiting for its answer. */
export interface SignInEnding {
  projectId: string;
  userId: string;
  session: NewSession;
}

/** Inside the sign-in's transaction: the session of user `userId`. */
export async function endSignIn(
  ctx: ServerContext,
  tx: Executor,
  input: { projectId: string; userId: string },
): Promise<SignInEnding> {
  const session = await createSession(tx, ctx.now, input);
  return { ...input, session };
}

/** After the transaction: the tokens of the answer (wire.md §4.2), plus `extra` fields. */
export async function signInAnswer(
  ctx: ServerContext,
  ending: SignInEnding,
  extra: { is_new_user?: boolean } = {},
): Promise<SignInResponseJson> {
  const accessToken = await ctx.tokens.sign({
    projectId: ending.projectId,
    userId: ending.userId,
    refreshTokenId: ending.session.id,
  });
  await recordActivity(ctx, ending.projectId, ending.userId);
  return {
    access_token: accessToken,
    refresh_token: ending.session.refreshToken,
    ...extra,
    user_id: ending.userId,
  };
}
