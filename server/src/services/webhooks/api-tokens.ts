/**
 * The tokens `POST /webhooks/svix-token` hands out when signet serves the Svix API itself: bound to
 * one project, expiring, sealed (AES-GCM, so neither readable nor forgeable) with the server's
 * webhook secret box. The sealed text names its purpose, so nothing else that box seals (endpoint
 * secrets, which can never be JSON) can pass for a token.
 */
import type { ServerContext } from '../context.js';

/** How long a token works: Svix's shortest app-portal token; the kit fetches a new one when refused. */
export const API_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Every token starts so, to tell it at a glance from a Svix token. */
const PREFIX = 'sgwh_';
const PURPOSE = 'svix-api';
/** Far longer than any token we issue; longer input is refused before any decoding. */
const MAX_TOKEN_LENGTH = 1024;

/** A token for the Svix API of `projectId`. */
export function issueApiToken(ctx: Pick<ServerContext, 'webhookSecrets' | 'now'>, projectId: string): string {
  const claims = { use: PURPOSE, project: projectId, exp: ctx.now() + API_TOKEN_TTL_MS };
  return PREFIX + ctx.webhookSecrets.seal(new TextEncoder().encode(JSON.stringify(claims)));
}

/** The project a token is for, or null when it is not a live token of this server. */
export function verifyApiToken(
  ctx: Pick<ServerContext, 'webhookSecrets' | 'now'>,
  token: string,
): string | null {
  if (token.length > MAX_TOKEN_LENGTH || !token.startsWith(PREFIX)) return null;
  const bytes = ctx.webhookSecrets.open(token.slice(PREFIX.length));
  if (!bytes) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
  const { use, project, exp } = (claims ?? {}) as { use?: unknown; project?: unknown; exp?: unknown };
  if (use !== PURPOSE || typeof project !== 'string' || typeof exp !== 'number') return null;
  return exp > ctx.now() ? project : null;
}
