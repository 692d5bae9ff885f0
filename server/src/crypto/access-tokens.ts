/**
 * ES256 access tokens with the claims of wire.md §3.1. Stateless: verification needs only the
 * server secret, so any process sharing it accepts any other's tokens.
 */
import { decodeJwt, errors, jwtVerify, SignJWT } from 'jose';
import type { ProjectSigningKey } from './signing-keys.js';

/** The fixed issuer of every access token at the wire's reference version. */
export const ACCESS_TOKEN_ISSUER = 'https://access-token.jwt-signature.stack-auth.com';

/**
 * The claim, a signet addition to wire.md §3.1, that marks the access token of an impersonation
 * session (`POST /auth/sessions` with `is_impersonation: true`); only ever present as `true`.
 */
export const IMPERSONATION_CLAIM = 'is_impersonation';

/** What a verified access token says. */
export interface AccessTokenClaims {
  projectId: string;
  userId: string;
  /** The session (refresh-token row) the token was minted from; absent on legacy tokens. */
  refreshTokenId: string | undefined;
  /** True for an impersonation session's token (the `is_impersonation` claim, a signet addition). */
  isImpersonation?: boolean;
  expiresAtMillis: number;
}

/** Why a token was rejected. */
export type AccessTokenFailure = { kind: 'unparsable' } | { kind: 'expired'; expiredAtMillis: number | null };

/** Issues and checks access tokens for any project. */
export interface AccessTokenService {
  sign(input: {
    projectId: string;
    userId: string;
    refreshTokenId: string;
    /** Marks the token of an impersonation session with `is_impersonation: true`. */
    isImpersonation?: boolean;
  }): Promise<string>;
  verify(
    token: string,
  ): Promise<{ ok: true; claims: AccessTokenClaims } | { ok: false; failure: AccessTokenFailure }>;
}

/** Builds the token service over a key ring, an injectable clock and a lifetime in seconds. */
export function createAccessTokenService(options: {
  keyOf: (projectId: string) => ProjectSigningKey;
  now: () => number;
  lifetimeSeconds: number;
}): AccessTokenService {
  const { keyOf, now, lifetimeSeconds } = options;
  return {
    async sign({ projectId, userId, refreshTokenId, isImpersonation }) {
      const key = keyOf(projectId);
      const iat = Math.floor(now() / 1000);
      // The claim exists only on impersonation tokens, so every other token keeps the reference's
      // exact payload; a browser app reads it to show that someone is acting as the user.
      const impersonation = isImpersonation ? { [IMPERSONATION_CLAIM]: true } : {};
      return new SignJWT({ branchId: 'main', refreshTokenId, ...impersonation })
        .setProtectedHeader({ alg: 'ES256', kid: key.kid })
        .setIssuer(ACCESS_TOKEN_ISSUER)
        .setAudience(projectId)
        .setSubject(userId)
        .setIssuedAt(iat)
        .setExpirationTime(iat + lifetimeSeconds)
        .sign(key.privateKey);
    },
    async verify(token) {
      let aud: unknown;
      try {
        // The audience picks the key, so it is read before the signature can be checked.
        aud = decodeJwt(token).aud;
      } catch {
        return { ok: false, failure: { kind: 'unparsable' } };
      }
      // Legacy tokens without `aud` were signed with the un-derived secret; we never issued any.
      if (typeof aud !== 'string' || aud === '') return { ok: false, failure: { kind: 'unparsable' } };
      try {
        const { payload } = await jwtVerify(token, keyOf(aud).publicKey, {
          issuer: ACCESS_TOKEN_ISSUER,
          audience: aud,
          algorithms: ['ES256'],
          currentDate: new Date(now()),
          clockTolerance: 0,
        });
        if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') {
          return { ok: false, failure: { kind: 'unparsable' } };
        }
        const refreshTokenId =
          typeof payload.refreshTokenId === 'string' ? payload.refreshTokenId : undefined;
        return {
          ok: true,
          claims: {
            projectId: aud,
            userId: payload.sub,
            refreshTokenId,
            isImpersonation: payload[IMPERSONATION_CLAIM] === true,
            expiresAtMillis: payload.exp * 1000,
          },
        };
      } catch (error) {
        if (error instanceof errors.JWTExpired) {
          const exp = error.payload.exp;
          return {
            ok: false,
            failure: { kind: 'expired', expiredAtMillis: typeof exp === 'number' ? exp * 1000 : null },
          };
        }
        return { ok: false, failure: { kind: 'unparsable' } };
      }
    },
  };
}
