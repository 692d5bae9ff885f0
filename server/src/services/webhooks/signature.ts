/**
 * Standard Webhooks signatures (what Svix sends): HMAC-SHA256 over `{id}.{timestamp}.{body}` keyed
 * with the secret's bytes (the base64 after `whsec_`), sent as `v1,{base64}`; one such signature per
 * live secret, separated by spaces, so a receiver holding either secret of a rotation verifies.
 */
import { createHmac } from 'node:crypto';
import { SECRET_PREFIX } from './secrets.js';

/** One `v1,` signature of a message with `secret` (`whsec_…`, or the bare base64). */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(
    secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret,
    'base64',
  );
  const mac = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The User-Agent of every delivery: receivers can tell signet's requests from others. */
export const WEBHOOK_USER_AGENT = 'signet-webhooks/1.0';

/**
 * The headers of one attempt: `webhook-*` (Standard Webhooks) and the same values as `svix-*`
 * (what Svix's libraries and Stack's examples read). `id` stays the message id on every retry, so
 * a receiver can drop duplicates; the timestamp is the attempt's own.
 */
export function webhookHeaders(
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): Record<string, string> {
  const signature = secrets.map((secret) => signWebhook(secret, id, timestampSeconds, body)).join(' ');
  const timestamp = String(timestampSeconds);
  return {
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    'webhook-signature': signature,
    'svix-id': id,
    'svix-timestamp': timestamp,
    'svix-signature': signature,
  };
}
