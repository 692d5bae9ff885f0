/**
 * Webhook ids in Svix's shape (a prefix, then 27 base62 characters: about 160 random bits), so
 * tools written for Svix accept them: `ep_` endpoints, `msg_` messages, `atmpt_` attempts.
 */
import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const LENGTH = 27;

/** The kinds of webhook object and their id prefixes. */
export const WEBHOOK_ID_PREFIX = { endpoint: 'ep_', message: 'msg_', attempt: 'atmpt_' } as const;

/** A new id of `kind`. */
export function newWebhookId(kind: keyof typeof WEBHOOK_ID_PREFIX): string {
  // Rejection sampling keeps every character uniform: bytes ≥ 248 (4 × 62) are drawn again.
  let out = WEBHOOK_ID_PREFIX[kind];
  while (out.length < WEBHOOK_ID_PREFIX[kind].length + LENGTH) {
    for (const byte of randomBytes(LENGTH)) {
      if (byte < 248 && out.length < WEBHOOK_ID_PREFIX[kind].length + LENGTH) out += BASE62[byte % 62];
    }
  }
  return out;
}

/** Whether `id` has the shape of an id of `kind` (checked before any query uses it). */
export function isWebhookId(kind: keyof typeof WEBHOOK_ID_PREFIX, id: string): boolean {
  const prefix = WEBHOOK_ID_PREFIX[kind];
  return (
    id.length === prefix.length + LENGTH &&
    id.startsWith(prefix) &&
    /^[0-9A-Za-z]+$/.test(id.slice(prefix.length))
  );
}
