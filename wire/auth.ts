/** Wire shapes of sign-in results and token responses (wire.md §3.3, §4). */
import * as v from 'valibot';

/** What every sign-in and sign-up call answers. */
export const SignInResponseSchema = v.object({
  access_token: v.string(),
  refresh_token: v.string(),
  user_id: v.string(),
  is_new_user: v.optional(v.boolean()),
});
/** A sign-in result in wire form. */
export type SignInResponseJson = v.InferOutput<typeof SignInResponseSchema>;

/** `POST /auth/oauth/token` with the refresh-token grant. */
export const RefreshResponseSchema = v.object({
  access_token: v.string(),
  token_type: v.string(),
  expires_in: v.number(),
  scope: v.string(),
});
/** A refresh-grant answer in wire form. */
export type RefreshResponseJson = v.InferOutput<typeof RefreshResponseSchema>;

/**
 * `POST /auth/oauth/token` with the authorization-code grant (wire.md §6.6 step 13): the tokens
 * of the new session, whether the user is new and where the app wanted to go, each of the last two
 * in snake and camel case as the reference sends them.
 */
export const AuthorizationCodeResponseSchema = v.object({
  ...RefreshResponseSchema.entries,
  refresh_token: v.string(),
  is_new_user: v.boolean(),
  newUser: v.boolean(),
  after_callback_redirect_url: v.nullable(v.string()),
  afterCallbackRedirectUrl: v.nullable(v.string()),
});
/** An authorization-code-grant answer in wire form. */
export type AuthorizationCodeResponseJson = v.InferOutput<typeof AuthorizationCodeResponseSchema>;

/** The error body of every known error (wire.md §2.1). */
export type KnownErrorJson = { code: string; error: string; details?: Record<string, unknown> };
