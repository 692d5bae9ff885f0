/** Wire shapes of passkeys (wire.md §4.4, §6.7); the relying-party sentinel is in `passkey-rp-id.ts`. */
import * as v from 'valibot';

/** What both initiate calls answer: WebAuthn options as JSON, and the code carrying the challenge. */
export const PasskeyInitiationSchema = v.object({
  options_json: v.record(v.string(), v.unknown()),
  code: v.string(),
});
/** An initiation answer in wire form. */
export type PasskeyInitiationJson = v.InferOutput<typeof PasskeyInitiationSchema>;

/** One of the signed-in user's passkeys (`GET /auth/passkey`, beyond the reference). */
export const PasskeySchema = v.object({
  id: v.string(),
  name: v.string(),
  created_at_millis: v.number(),
  last_used_at_millis: v.nullable(v.number()),
});
/** A passkey in wire form. */
export type PasskeyJson = v.InferOutput<typeof PasskeySchema>;
