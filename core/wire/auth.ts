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

/** The error body of every known error (wire.md §2.1). */
export type KnownErrorJson = { code: string; error: string; details?: Record<string, unknown> };
