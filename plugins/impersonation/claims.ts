/**
 * What an access token says about impersonation, read without verifying its signature: the kit
 * only reads tokens its own API just handed it, and the server checks every token it is sent.
 */

/** The claims the impersonation plugin decides on. */
export interface ImpersonationClaims {
  /** The project the token is for (`aud`). */
  projectId: string;
  /** The user the token signs in (`sub`). */
  userId: string;
  /** The session the token belongs to (`refreshTokenId`), when the server names it. */
  sessionId: string | null;
  /** True only when the token carries `is_impersonation: true` (signet's claim). */
  isImpersonation: boolean;
}

/**
 * The impersonation claims of `token`, or null when it is not a JWT whose payload names a project
 * and a user. Never throws: a damaged token is simply not an impersonation.
 */
export function impersonationClaims(token: string): ImpersonationClaims | null {
  try {
    const part = token.split('.')[1];
    if (!part) return null;
    // Latin-1 rather than UTF-8 is enough: the claims read here are ASCII ids and a boolean.
    const payload: unknown = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/')));
    if (typeof payload !== 'object' || payload === null) return null;
    const { aud, sub, refreshTokenId, is_impersonation } = payload as Record<string, unknown>;
    if (typeof aud !== 'string' || typeof sub !== 'string') return null;
    return {
      projectId: aud,
      userId: sub,
      sessionId: typeof refreshTokenId === 'string' ? refreshTokenId : null,
      isImpersonation: is_impersonation === true,
    };
  } catch {
    return null;
  }
}
