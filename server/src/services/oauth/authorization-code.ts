/**
 * The authorization code of the outer flow (wire.md §6.6 steps 9, 11–13): issued at the callback,
 * bound to the project, the user, the app's redirect URI and PKCE challenge; valid five minutes;
 * exchanged once at the token endpoint. A code is used up by its first exchange, even one that
 * fails its checks: whoever holds a code and the wrong verifier is not its owner.
 */
import { createHash } from 'node:crypto';
import { knownError } from '../../errors.js';
import type { ServerContext } from '../context.js';
import { createVerificationCode, takeCode } from '../verification-codes.js';

/** What the code carries to the token endpoint. */
export interface AuthorizationGrant {
  userId: string;
  isNewUser: boolean;
  redirectUri: string;
  codeChallenge: string;
  afterCallbackRedirectUrl: string | null;
}

/** Issues the code for `grant`. */
export function issueAuthorizationCode(
  ctx: ServerContext,
  projectId: string,
  grant: AuthorizationGrant,
): Promise<string> {
  return createVerificationCode(ctx, {
    projectId,
    type: 'OAUTH_AUTHORIZATION_CODE',
    method: {},
    data: grant as unknown as Record<string, unknown>,
    redirectUrl: grant.redirectUri,
  });
}

/**
 * Exchanges `code` of project `projectId`: INVALID_AUTHORIZATION_CODE for an unknown, used or
 * expired code or a verifier that does not match its challenge (S256), REDIRECT_URL_NOT_WHITELISTED
 * when `redirectUri` is not the one the flow began with.
 */
export async function redeemAuthorizationCode(
  ctx: ServerContext,
  input: { projectId: string; code: string; redirectUri: string; codeVerifier: string },
): Promise<AuthorizationGrant> {
  const row = await takeCode(ctx.db, ctx.now, {
    type: 'OAUTH_AUTHORIZATION_CODE',
    code: input.code,
    projectId: input.projectId,
  });
  if (!row || row.expiresAt.getTime() <= ctx.now()) throw knownError('INVALID_AUTHORIZATION_CODE');
  const grant = row.data as unknown as AuthorizationGrant;
  if (grant.redirectUri !== input.redirectUri) throw knownError('REDIRECT_URL_NOT_WHITELISTED');
  const challenge = createHash('sha256').update(input.codeVerifier).digest('base64url');
  if (challenge !== grant.codeChallenge) throw knownError('INVALID_AUTHORIZATION_CODE');
  return grant;
}
