/** Wire shape of a session (wire.md §5.8). */
import * as v from 'valibot';

/** One session of a user; `created_at` in milliseconds has no `_millis` suffix on the wire. */
export const SessionSchema = v.object({
  id: v.string(),
  user_id: v.string(),
  created_at: v.number(),
  is_impersonation: v.boolean(),
  last_used_at: v.optional(v.number()),
  is_current_session: v.boolean(),
});
/** A session, in wire form. */
export type SessionJson = v.InferOutput<typeof SessionSchema>;

/** `POST /auth/sessions`: a new session's tokens. */
export const CreatedSessionSchema = v.object({ refresh_token: v.string(), access_token: v.string() });
