/**
 * Endpoint signing secrets: made here, sealed at rest with `ctx.webhookSecrets`, and opened only to
 * sign a delivery or to show the secret to an admin. After a rotation the previous secret keeps
 * signing beside the new one for a day, so receivers can switch over without dropping a message
 * (Standard Webhooks sends one `v1,` signature per live secret).
 */
import { randomBytes } from 'node:crypto';
import type { webhookEndpoints } from '../../db/schema.js';
import type { ServerContext } from '../context.js';

/** How long the secret before a rotation keeps signing. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** The prefix every signing secret carries (Svix's and Standard Webhooks' `whsec_`). */
export const SECRET_PREFIX = 'whsec_';

/**
 * The secrets a caller may set (Svix's pattern: optional `whsec_`, then 32–100 base64 characters,
 * i.e. 24–75 bytes; Svix asks for at least 24 bytes).
 */
const SECRET_PATTERN = /^(whsec_)?[a-zA-Z0-9+/=]{32,100}$/;

/** The columns of an endpoint that hold its secrets. */
export type EndpointSecretColumns = Pick<
  typeof webhookEndpoints.$inferSelect,
  'secretSealed' | 'previousSecretSealed' | 'previousSecretExpiresAt'
>;

/** A new secret: `whsec_` and the base64 of 24 random bytes (what Svix generates). */
export function newEndpointSecret(): string {
  return SECRET_PREFIX + randomBytes(24).toString('base64');
}

/** Whether `key` is a secret a caller may choose (Svix's rule); callers without `whsec_` get it added. */
export function isAcceptableSecret(key: string): boolean {
  return SECRET_PATTERN.test(key) && Buffer.from(key.replace(/^whsec_/, ''), 'base64').length >= 24;
}

/** `key` with its `whsec_` prefix, as stored and shown. */
export function withSecretPrefix(key: string): string {
  return key.startsWith(SECRET_PREFIX) ? key : SECRET_PREFIX + key;
}

/** Seals a secret for its column. */
export function sealSecret(ctx: Pick<ServerContext, 'webhookSecrets'>, secret: string): string {
  return ctx.webhookSecrets.seal(new TextEncoder().encode(secret));
}

/**
 * Opens a sealed secret. A column this server cannot open (another server secret, tampering) is a
 * broken installation, not a caller's mistake: it throws rather than sign with nothing.
 */
export function openSecret(ctx: Pick<ServerContext, 'webhookSecrets'>, sealed: string): string {
  const bytes = ctx.webhookSecrets.open(sealed);
  if (!bytes) throw new Error('A webhook endpoint secret cannot be opened: was the server secret changed?');
  return new TextDecoder().decode(bytes);
}

/**
 * The secrets that sign a delivery made at `now`: the current one first, then the previous one
 * while its overlap lasts.
 */
export function liveSecrets(
  ctx: Pick<ServerContext, 'webhookSecrets'>,
  row: EndpointSecretColumns,
  now: Date | number,
): string[] {
  const at = typeof now === 'number' ? now : now.getTime();
  const secrets = [openSecret(ctx, row.secretSealed)];
  if (row.previousSecretSealed && row.previousSecretExpiresAt && row.previousSecretExpiresAt.getTime() > at) {
    secrets.push(openSecret(ctx, row.previousSecretSealed));
  }
  return secrets;
}
