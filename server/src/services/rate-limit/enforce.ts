/** Applying the limits of {@link RATE_LIMITS} inside a handler, before it sends or writes anything. */
import { createHash } from 'node:crypto';
import { StatusError } from '../../errors.js';
import type { ServerContext } from '../context.js';
import type { RequestAuth } from '../request-auth.js';
import { RATE_LIMITS, type RateLimitAction } from './limits.js';
import type { RateLimitResult } from './rate-limiter.js';

/** The body of a 429; the wire has no known error for it, so it is plain text (wire.md §2.3). */
export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests. Please try again later.';

/** What the request is about: the client address, and the email when the action names one. */
export interface RateLimitSubjects {
  ip: string;
  email?: string;
}

/**
 * Counts one `action` for the request and throws a 429 (with `Retry-After`) when any of its
 * limits is over. Does nothing when limits do not apply to the project (see `RateLimitMode`).
 *
 * Per-IP rules count only client access: server and admin requests come from the app's own
 * backend, one address for all its users, and their secret keys can create users and sessions
 * directly anyway. Per-email rules count every access type, so no key mail-bombs an inbox.
 */
export async function enforceRateLimit(
  ctx: ServerContext,
  auth: RequestAuth,
  action: RateLimitAction,
  subjects: RateLimitSubjects,
): Promise<void> {
  const { mode, limiter } = ctx.rateLimits;
  if (mode === 'off' || (mode === 'production' && !auth.project.isProductionMode)) return;
  const hits: Array<Promise<RateLimitResult>> = [];
  for (const rule of RATE_LIMITS[action]) {
    const subject = rule.by === 'email' ? subjects.email : auth.type === 'client' ? subjects.ip : undefined;
    if (subject === undefined) continue;
    // Addresses are case-insensitive in practice, so `Ada@x` and `ada@x` share a count.
    const value = rule.by === 'email' ? subject.trim().toLowerCase() : subject;
    hits.push(limiter.hit(keyOf(auth.project.id, action, rule.by, value), rule));
  }
  let results: RateLimitResult[];
  try {
    // Every rule counts, even when another refuses: a refused request still spends the IP's budget.
    results = await Promise.all(hits);
  } catch (error) {
    // Fail closed: an outage of the shared store must not switch brute-force protection off.
    ctx.log(`rate limits: store failed: ${error instanceof Error ? error.message : String(error)}`);
    throw new StatusError(503, 'Service temporarily unavailable. Please try again later.');
  }
  const refused = results.filter((result) => !result.allowed);
  if (refused.length === 0) return;
  const waitMs = Math.max(...refused.map((result) => result.retryAfterMs));
  throw new StatusError(429, TOO_MANY_REQUESTS_MESSAGE, {
    'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))),
  });
}

/**
 * The store key of one rule. The subject is hashed so the store (perhaps a shared Redis) holds
 * no email addresses, and keys stay short whatever was typed.
 */
function keyOf(projectId: string, action: RateLimitAction, by: string, subject: string): string {
  const digest = createHash('sha256').update(subject).digest('base64url').slice(0, 22);
  return `${projectId}:${action}:${by}:${digest}`;
}
