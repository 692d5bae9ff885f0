/**
 * PKCE and state for the outer OAuth flow (wire.md §6.6 step 1): 32 random bytes as base64url for
 * the verifier (43 characters) and for the state; the challenge is base64url(SHA-256(verifier)),
 * the S256 method, the only one signet sends.
 */

/** Bytes as base64url without padding (RFC 4648 §5). */
export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** 32 bytes from the platform's CSPRNG, base64url: 256 bits nobody can guess. */
export const randomToken = (): string => base64url(crypto.getRandomValues(new Uint8Array(32)));

/** The S256 code challenge of `verifier` (RFC 7636 §4.2), through WebCrypto. */
export async function codeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

/** A fresh verifier, its challenge and a state, for one authorize redirect. */
export interface PkcePair {
  verifier: string;
  challenge: string;
  state: string;
}

/** Makes the secrets of one flow. */
export async function createPkce(): Promise<PkcePair> {
  const verifier = randomToken();
  return { verifier, challenge: await codeChallenge(verifier), state: randomToken() };
}

/**
 * The cookie that binds a state to this browser and holds its verifier (wire.md §7.3). A callback
 * whose state has no such cookie here was started elsewhere and is never exchanged.
 */
export const verifierCookieName = (state: string) => `stack-oauth-outer-${state}`;

/** How long a started flow may take: one hour. */
export const VERIFIER_COOKIE_MAX_AGE_SECONDS = 3600;
