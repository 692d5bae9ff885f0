/**
 * The "outer info" of an OAuth sign-in (wire.md §6.6 step 4): everything the app's authorize
 * request asked for, kept for 10 minutes under the inner state the provider hands back, and used
 * once at the callback. Stored as a verification code, so only the state's hash is kept.
 */
import type { ServerContext } from '../context.js';
import { type CodeRow, createVerificationCode, takeCode } from '../verification-codes.js';

/** What the authorize request asked for. */
export interface OuterInfo {
  providerId: string;
  type: 'authenticate' | 'link';
  /** The signed-in user of a link request. */
  userId: string | null;
  /** The app's callback (its `redirect_uri`, without a fragment) and its state. */
  redirectUri: string;
  state: string;
  /** The app's PKCE challenge (S256 only). */
  codeChallenge: string;
  errorRedirectUrl: string | null;
  afterCallbackRedirectUrl: string | null;
  /** Scopes asked of the provider beyond its base scopes. */
  providerScopes: string[];
  /** The server's own PKCE verifier towards the provider. */
  innerCodeVerifier: string;
  /** The provider's redirect URI: this server's callback route. */
  providerRedirectUri: string;
}

/** Keeps `info` and returns the inner state that finds it again. */
export function saveOuterInfo(ctx: ServerContext, projectId: string, info: OuterInfo): Promise<string> {
  return createVerificationCode(ctx, {
    projectId,
    type: 'OAUTH_OUTER_INFO',
    method: {},
    data: info as unknown as Record<string, unknown>,
    redirectUrl: info.redirectUri,
  });
}

/** The outer info of `innerState`, used up; `expired` after 10 minutes; null when unknown or used. */
export async function takeOuterInfo(
  ctx: ServerContext,
  innerState: string,
): Promise<{ projectId: string; info: OuterInfo; expired: boolean } | null> {
  const row: CodeRow | null = await takeCode(ctx.db, ctx.now, { type: 'OAUTH_OUTER_INFO', code: innerState });
  if (!row) return null;
  return {
    projectId: row.projectId,
    info: row.data as unknown as OuterInfo,
    expired: row.expiresAt.getTime() <= ctx.now(),
  };
}
