/**
 * The two passkey ceremonies, adding a passkey and signing in with one: the server's options, the
 * browser's credential (`page`: the plugin's WebAuthn with the options made ready for the page),
 * the server's answer. Loaded by the plugin with the first ceremony.
 */
import { type PluginContext, SignetError } from '../../core/index.js';
import type { PasskeyInitiationJson, SignInResponseJson } from '../../wire/index.js';
import { ceremonyError, type WebAuthnClient } from './webauthn.js';

/**
 * Starts a ceremony: the server's options and code, or the given failure when the server would
 * not start it (as Stack's client reports it).
 */
async function initiate(ctx: PluginContext, path: string, failure: SignetError<string>) {
  try {
    return await ctx.http.request<PasskeyInitiationJson>(path, { method: 'POST', body: {} });
  } catch (error) {
    if (error instanceof SignetError) throw failure;
    throw error;
  }
}

/** Adds a passkey to the signed-in user (the body of `app.passkey.register`). */
export async function register(ctx: PluginContext, page: WebAuthnClient, name: string | undefined) {
  const started = await initiate(
    ctx,
    '/auth/passkey/initiate-passkey-registration',
    new SignetError(
      'PASSKEY_REGISTRATION_FAILED',
      400,
      'Failed to get initiation options for passkey registration',
    ),
  );
  const credential = await page.create(started.options_json).catch(async (error: unknown) => {
    throw await ceremonyError(
      error,
      new SignetError(
        'PASSKEY_REGISTRATION_FAILED',
        400,
        'Failed to start passkey registration due to unknown error',
      ),
    );
  });
  await ctx.http.request('/auth/passkey/register', {
    method: 'POST',
    body: { credential, code: started.code, ...(name ? { name } : {}) },
  });
  await ctx.refreshUser();
}

/** Signs in with a passkey (the body of `app.passkey.signIn`). */
export async function signIn(ctx: PluginContext, page: WebAuthnClient, noRedirect: boolean | undefined) {
  const started = await initiate(
    ctx,
    '/auth/passkey/initiate-passkey-authentication',
    new SignetError(
      'PASSKEY_AUTHENTICATION_FAILED',
      400,
      'Failed to get initiation options for passkey authentication',
    ),
  );
  const assertion = await page.get(started.options_json).catch(async (error: unknown) => {
    throw await ceremonyError(
      error,
      new SignetError('PASSKEY_AUTHENTICATION_FAILED', 400, 'Failed to sign in with passkey'),
    );
  });
  return ctx.signIn(
    () =>
      ctx.http.request<SignInResponseJson>('/auth/passkey/sign-in', {
        method: 'POST',
        withSession: false,
        body: { authentication_response: assertion, code: started.code },
      }),
    { method: 'passkey', noRedirect, alwaysAfterSignIn: true },
  );
}
