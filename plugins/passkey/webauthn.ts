/**
 * The browser half of a passkey ceremony: the RP-id sentinel replaced by the page's hostname, the
 * checks the browser would fail on with an unclear message (a hostname that cannot be an RP id, a
 * user id outside WebAuthn's 1–64 bytes), and `@simplewebauthn/browser` for the ceremony itself.
 * Replaceable as a whole (`passkey({ webauthn })`) where there is no browser, as in tests.
 *
 * The library is loaded with `import()` when a ceremony starts (or fails), not with the plugin:
 * every ceremony is async anyway, and the support check is the one line below.
 */
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { SignetError } from '../../core/index.js';
import { PASSKEY_RP_ID_SENTINEL } from '../../wire/index.js';

/** What runs a WebAuthn ceremony: the browser's `navigator.credentials`, or a stand-in. */
export interface WebAuthnClient {
  /** Whether this environment can run ceremonies at all. */
  isSupported(): boolean;
  /** `navigator.credentials.create` with the options as JSON; the credential as JSON. */
  create(options: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** `navigator.credentials.get` with the options as JSON; the assertion as JSON. */
  get(options: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/** What the plugin uses of `@simplewebauthn/browser`, fetched on first use. */
const library = () => import('./webauthn-library.js');

/** The browser's WebAuthn, through `@simplewebauthn/browser`. */
export const browserWebAuthn: WebAuthnClient = {
  // What the library's browserSupportsWebAuthn() checks, without loading it for a sync answer.
  isSupported: () => typeof globalThis.PublicKeyCredential === 'function',
  create: async (options) =>
    (await (
      await library()
    ).startRegistration({
      optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
    })) as unknown as Record<string, unknown>,
  get: async (options) =>
    (await (
      await library()
    ).startAuthentication({
      optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
    })) as unknown as Record<string, unknown>,
};

/** PASSKEY_WEBAUTHN_ERROR with the wire's details (`message`, `code`). */
export function webAuthnError(message: string, code: string): SignetError<'PASSKEY_WEBAUTHN_ERROR'> {
  return new SignetError('PASSKEY_WEBAUTHN_ERROR', 400, message, { message, code });
}

/**
 * What a failed ceremony becomes: our own checks' errors as they are, a WebAuthn failure of the
 * browser as PASSKEY_WEBAUTHN_ERROR, anything else as `fallback`. Async because telling a
 * WebAuthnError apart needs the library's class (a stand-in client may throw one too).
 */
export async function ceremonyError(
  error: unknown,
  fallback: SignetError<string>,
): Promise<SignetError<string>> {
  if (error instanceof SignetError) return error;
  const { WebAuthnError } = await library();
  return error instanceof WebAuthnError ? webAuthnError(error.message, error.code) : fallback;
}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/i;

/**
 * The RP id for a page at `hostname`: the hostname itself when WebAuthn accepts it as one
 * (localhost or a domain name; an IP address is refused by browsers).
 */
export function rpIdFor(hostname: string | null): string {
  if (hostname && (hostname === 'localhost' || DOMAIN.test(hostname))) return hostname;
  throw webAuthnError(
    `${hostname ?? 'This page'} is not a valid domain for a passkey`,
    'ERROR_INVALID_DOMAIN',
  );
}

/** Decoded length of a base64url string. */
const base64urlBytes = (value: string) => Math.floor((value.replace(/=+$/, '').length * 3) / 4);

/** Creation options ready for the browser: the sentinel replaced, the user id's length checked. */
export function creationOptionsFor(options: Record<string, unknown>, hostname: string | null) {
  const rp = options.rp as { id?: string; name?: string } | undefined;
  const user = options.user as { id?: string } | undefined;
  const length = base64urlBytes(user?.id ?? '');
  if (length < 1 || length > 64) {
    throw webAuthnError('User ID must be between 1 and 64 bytes', 'ERROR_INVALID_USER_ID_LENGTH');
  }
  return { ...options, rp: { ...rp, id: rp?.id === PASSKEY_RP_ID_SENTINEL ? rpIdFor(hostname) : rp?.id } };
}

/** Request options ready for the browser: the sentinel replaced. */
export function requestOptionsFor(options: Record<string, unknown>, hostname: string | null) {
  return { ...options, rpId: options.rpId === PASSKEY_RP_ID_SENTINEL ? rpIdFor(hostname) : options.rpId };
}
