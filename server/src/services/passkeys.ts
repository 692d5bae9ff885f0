/**
 * What the passkey routes share (wire.md §6.7): the challenge of a ceremony, the origin rules a
 * browser's `clientDataJSON` must meet, and the refusals in the wire's words. The WebAuthn
 * verification itself is `@simplewebauthn/server`'s.
 */
import { randomBytes } from 'node:crypto';
import type { ProjectRow } from '../db/schema.js';
import { knownError } from '../errors.js';
import type { ServerContext } from './context.js';
import { isLocalHost } from './local-hosts.js';

type WebAuthn = typeof import('@simplewebauthn/server');
let webAuthn: Promise<WebAuthn> | undefined;
/**
 * `@simplewebauthn/server`, loaded on the first passkey ceremony: it costs ~28 MB and ~0.6 s at
 * start, and most servers never see a passkey.
 */
const loadWebAuthn = (): Promise<WebAuthn> => {
  webAuthn ??= import('@simplewebauthn/server');
  return webAuthn;
};

/** `@simplewebauthn/server`'s `generateRegistrationOptions`, loaded on first use. */
export const generateRegistrationOptions: WebAuthn['generateRegistrationOptions'] = async (options) =>
  (await loadWebAuthn()).generateRegistrationOptions(options);
/** `@simplewebauthn/server`'s `generateAuthenticationOptions`, loaded on first use. */
export const generateAuthenticationOptions: WebAuthn['generateAuthenticationOptions'] = async (options) =>
  (await loadWebAuthn()).generateAuthenticationOptions(options);
/** `@simplewebauthn/server`'s `verifyRegistrationResponse`, loaded on first use. */
export const verifyRegistrationResponse: WebAuthn['verifyRegistrationResponse'] = async (options) =>
  (await loadWebAuthn()).verifyRegistrationResponse(options);
/** `@simplewebauthn/server`'s `verifyAuthenticationResponse`, loaded on first use. */
export const verifyAuthenticationResponse: WebAuthn['verifyAuthenticationResponse'] = async (options) =>
  (await loadWebAuthn()).verifyAuthenticationResponse(options);

/** What Stack's recorded test ceremonies were signed over: "MOCK", base64url (wire.md §6.7). */
export const HARDCODED_TEST_CHALLENGE = 'TU9DSw';

/** The most passkeys one user may keep. */
export const MAX_PASSKEYS_PER_USER = 20;

/**
 * A fresh random challenge (32 bytes, base64url); the fixed test challenge when the server runs
 * with `hardcodedPasskeyChallenge`, never for a project in production mode.
 */
export function passkeyChallenge(ctx: ServerContext, project: ProjectRow): string {
  if (ctx.hardcodedPasskeyChallenge && !project.isProductionMode) return HARDCODED_TEST_CHALLENGE;
  return randomBytes(32).toString('base64url');
}

/** Refuses a ceremony of a project whose passkeys are off. */
export function assertPasskeysEnabled(project: ProjectRow): void {
  if (!project.passkeyEnabled) throw knownError('PASSKEY_AUTHENTICATION_NOT_ENABLED');
}

/** PASSKEY_AUTHENTICATION_FAILED with `message`: the wire carries it as the error text only. */
export const passkeyAuthenticationFailed = (message: string) =>
  knownError('PASSKEY_AUTHENTICATION_FAILED', undefined, { message });

/** PASSKEY_REGISTRATION_FAILED with `message`. */
export const passkeyRegistrationFailed = (message: string) =>
  knownError('PASSKEY_REGISTRATION_FAILED', undefined, { message });

/** The origin a browser signed, read from base64url `clientDataJSON`; null when unreadable. */
function signedOrigin(clientDataJson: string): URL | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJson, 'base64url').toString('utf8')) as {
      origin?: unknown;
    };
    return typeof data.origin === 'string' && URL.canParse(data.origin) ? new URL(data.origin) : null;
  } catch {
    return null;
  }
}

/**
 * The origin and relying-party id a ceremony must have been made for: the origin the browser
 * signed, if the project trusts it — a local host only with allow-localhost, otherwise exactly the
 * scheme, host and port of a configured domain — and that origin's hostname as the RP id.
 */
export function expectedPasskeyOrigin(
  project: ProjectRow,
  clientDataJson: string,
): { origin: string; rpId: string } {
  const origin = signedOrigin(clientDataJson);
  if (!origin || (origin.protocol !== 'https:' && origin.protocol !== 'http:')) {
    throw passkeyAuthenticationFailed(
      'Passkey authentication failed because the origin is missing or invalid',
    );
  }
  if (isLocalHost(origin.hostname)) {
    if (!project.allowLocalhost) {
      throw passkeyAuthenticationFailed('Passkey authentication failed because localhost is not allowed');
    }
  } else {
    const domains = (project.domains as { domain: string }[] | null) ?? [];
    const trusted = domains.some(
      ({ domain }) => URL.canParse(domain) && new URL(domain).origin === origin.origin,
    );
    if (!trusted)
      throw passkeyAuthenticationFailed('Passkey authentication failed because the origin is not allowed');
  }
  return { origin: origin.origin, rpId: origin.hostname };
}

/** The WebAuthn user handle of a user: the UTF-8 of its UUID (36 bytes, within WebAuthn's 1–64). */
export function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId, 'utf8'));
}
