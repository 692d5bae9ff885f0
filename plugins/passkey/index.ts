/**
 * The passkey plugin: add a passkey to the signed-in user, sign in with one, and list, rename or
 * remove the user's passkeys. `createApp({ plugins: [passkey()] })` gives `app.passkey`. The
 * screens (the 'Sign in with Passkey' button, the account section) are in `./screens`.
 *
 * Failures come back as the wire's passkey errors with the product's messages: the server could
 * not start the ceremony ('Failed to get initiation options for passkey registration'), the
 * browser refused it (PASSKEY_WEBAUTHN_ERROR with WebAuthn's code, e.g. `ERROR_CEREMONY_ABORTED`
 * when the user cancels), or the server refused what the authenticator made.
 */
import {
  apiPath,
  type ErrorCodesOf,
  pluginFactory,
  type Result,
  type SignInResult,
  toResult,
  toSignInResult,
} from '../../core/index.js';
import type { PasskeyJson } from '../../wire/index.js';
import { browserWebAuthn, creationOptionsFor, requestOptionsFor, type WebAuthnClient } from './webauthn.js';

export { rpIdFor, type WebAuthnClient, webAuthnError } from './webauthn.js';

/** One of the user's passkeys. */
export interface Passkey {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** Codes adding a passkey can fail with. */
export type PasskeyRegisterErrorCode = ErrorCodesOf<(typeof REGISTER_ERRORS)[number]>;
/** Codes a passkey sign-in can fail with. */
export type PasskeySignInErrorCode = ErrorCodesOf<(typeof SIGN_IN_ERRORS)[number]>;

const REGISTER_ERRORS = [
  'PASSKEY_REGISTRATION_FAILED',
  'PASSKEY_AUTHENTICATION_FAILED',
  'PASSKEY_WEBAUTHN_ERROR',
] as const;
const SIGN_IN_ERRORS = [
  'PASSKEY_AUTHENTICATION_FAILED',
  'PASSKEY_WEBAUTHN_ERROR',
  'VERIFICATION_CODE_EXPIRED',
  'VERIFICATION_CODE_ALREADY_USED',
] as const;

/** `app.passkey`. */
export interface PasskeyApi {
  /** Whether this browser can use passkeys at all (WebAuthn present). */
  isSupported(): boolean;
  /** Adds a passkey to the signed-in user: the browser asks the user to make one. */
  register(options?: { name?: string }): Promise<Result<void, PasskeyRegisterErrorCode>>;
  /** Signs in with a passkey the browser offers (after-sign-in redirect unless `noRedirect`). */
  signIn(options?: { noRedirect?: boolean }): Promise<SignInResult<PasskeySignInErrorCode>>;
  /** The signed-in user's passkeys, oldest first. */
  list(): Promise<Passkey[]>;
  /** Renames one of them. */
  rename(id: string, name: string): Promise<Passkey>;
  /** Removes one of them; it signs nobody in any more. */
  remove(id: string): Promise<void>;
}

/** Options of {@link passkey}. */
export interface PasskeyOptions {
  /** Runs the ceremonies; the browser's WebAuthn by default. */
  webauthn?: WebAuthnClient;
}

const fromJson = (json: PasskeyJson): Passkey => ({
  id: json.id,
  name: json.name,
  createdAt: new Date(json.created_at_millis),
  lastUsedAt: json.last_used_at_millis === null ? null : new Date(json.last_used_at_millis),
});

/** The passkey plugin. */
export const passkey = pluginFactory('passkey', (options: PasskeyOptions = {}) => {
  const webauthn = options.webauthn ?? browserWebAuthn;
  // Adding a passkey and signing in with one: fetched with the first ceremony (both are async).
  const ceremonies = () => import('./ceremonies.js');
  return {
    setup: (ctx): PasskeyApi => {
      const hostname = () => {
        const url = ctx.env.currentUrl();
        return url ? new URL(url).hostname : null;
      };
      // This page's WebAuthn: the server's options made ready for it, then the ceremony.
      const page: WebAuthnClient = {
        isSupported: () => webauthn.isSupported(),
        create: (json) => webauthn.create(creationOptionsFor(json, hostname())),
        get: (json) => webauthn.get(requestOptionsFor(json, hostname())),
      };
      return {
        isSupported: () => webauthn.isSupported(),
        register: ({ name } = {}) =>
          toResult(async () => (await ceremonies()).register(ctx, page, name), REGISTER_ERRORS),
        signIn: ({ noRedirect } = {}) =>
          toSignInResult(async () => (await ceremonies()).signIn(ctx, page, noRedirect), SIGN_IN_ERRORS),
        async list() {
          const json = await ctx.http.request<{ items: PasskeyJson[] }>('/auth/passkey');
          return json.items.map(fromJson);
        },
        async rename(id, name) {
          const json = await ctx.http.request<PasskeyJson>(apiPath`/auth/passkey/${id}`, {
            method: 'PATCH',
            body: { name },
          });
          return fromJson(json);
        },
        async remove(id) {
          await ctx.http.request(apiPath`/auth/passkey/${id}`, { method: 'DELETE' });
          await ctx.refreshUser();
        },
      };
    },
  };
});
