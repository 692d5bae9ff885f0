/**
 * The totp plugin's calls for the signed-in user's own factor: check a code against a secret,
 * turn TOTP on or off, make recovery codes. Loaded by the plugin on the first of them.
 */
import { type PluginContext, type Result, SignetError } from '../../core/index.js';
import type { ClientUserJson } from '../../wire/index.js';
import { INVALID_TOTP_CODE_MESSAGE, type TotpEnrollment } from './index.js';
import { base64, totpAt } from './totp-code.js';

/** Whether `code` is the current code of `secret` (`app.totp.checkCode`). */
export const checkCode = async (ctx: PluginContext, secret: Uint8Array, code: string) =>
  /^\d{6}$/.test(code.trim()) && (await totpAt(secret, ctx.env.now())) === code.trim();

/** Turns TOTP on once `code` proves the app has the enrolment's secret (`app.totp.enable`). */
export async function enable(
  ctx: PluginContext,
  enrollment: TotpEnrollment,
  code: string,
): Promise<Result<void, 'INVALID_TOTP_CODE'>> {
  // Checked here first: a secret the app does not have would lock the user out.
  if (!(await checkCode(ctx, enrollment.secret, code))) {
    return {
      status: 'error',
      error: new SignetError('INVALID_TOTP_CODE', 400, INVALID_TOTP_CODE_MESSAGE),
    };
  }
  const json = await ctx.http.request<ClientUserJson>('/users/me', {
    method: 'PATCH',
    body: { totp_secret_base64: base64(enrollment.secret) },
  });
  ctx.setUser(json);
  return { status: 'ok', data: undefined };
}

/** Turns TOTP off with a current or recovery code (the body of `app.totp.disable`). */
export async function disable(ctx: PluginContext, code: string) {
  const json = await ctx.http.request<ClientUserJson>('/auth/mfa/disable', {
    method: 'POST',
    body: { totp: code.trim() },
  });
  ctx.setUser(json);
}

/** Ten new recovery codes (`app.totp.createRecoveryCodes`). */
export async function createRecoveryCodes(ctx: PluginContext) {
  const json = await ctx.http.request<{ codes: string[] }>('/auth/mfa/recovery-codes', {
    method: 'POST',
    body: {},
  });
  return json.codes;
}
