/** Wire shapes of passkeys (wire.md §4.4, §6.7). */
import * as v from 'valibot';

/**
 * The relying-party id the server puts in its WebAuthn options: the server cannot know the page's
 * hostname, so the kit replaces this value with it before calling the browser.
 */
export const PASSKEY_RP_ID_SENTINEL = 'THIS_VALUE_WILL_BE_REPLACED.example.com';

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
