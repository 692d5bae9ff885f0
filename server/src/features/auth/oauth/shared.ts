/** What the OAuth routes share: the client check, the inner cookie, the provider's redirect URI. */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { ProjectRow } from '../../../db/schema.js';
import { apiKeySets, projects } from '../../../db/schema.js';
import type { ServerContext } from '../../../services/context.js';

/**
 * The project of OAuth client `clientId` whose secret is one of its live publishable keys: the
 * project is undefined when there is none such, `keyValid` false when the project exists but the
 * key does not match.
 */
export async function oauthClientProject(
  ctx: ServerContext,
  clientId: string,
  clientSecret: string,
): Promise<{ project: ProjectRow | undefined; keyValid: boolean }> {
  // One round trip: the refresh grant runs this on every token refresh.
  const [row] = await ctx.db
    .select({ project: projects, keyId: apiKeySets.id })
    .from(projects)
    .leftJoin(
      apiKeySets,
      and(
        eq(apiKeySets.projectId, projects.id),
        eq(apiKeySets.publishableClientKey, clientSecret),
        isNull(apiKeySets.manuallyRevokedAt),
        gt(apiKeySets.expiresAt, new Date(ctx.now())),
      ),
    )
    .where(eq(projects.id, clientId))
    .limit(1);
  return { project: row?.project, keyValid: row?.keyId != null };
}

/** The cookie binding an inner flow to the browser that started it (wire.md §6.6 step 4). */
export const innerCookieName = (innerState: string) => `stack-oauth-inner-${innerState}`;

/** How long the inner cookie and the outer info live, in seconds. */
export const INNER_COOKIE_MAX_AGE = 600;

/**
 * The Set-Cookie value of the inner cookie (or its removal with `maxAge` 0): HttpOnly, Lax so the
 * provider's top-level redirect back carries it, Secure when the API is reached over https.
 */
export function innerCookie(innerState: string, secure: boolean, maxAge = INNER_COOKIE_MAX_AGE): string {
  const value = maxAge > 0 ? 'true' : '';
  return `${innerCookieName(innerState)}=${value}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The value of cookie `name` in a Cookie header, if present. */
export function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const eqAt = part.indexOf('=');
    if (eqAt > 0 && part.slice(0, eqAt).trim() === name) return part.slice(eqAt + 1).trim();
  }
  return undefined;
}

/** This server's callback for `providerId`, as the provider must call it. */
export function providerRedirectUri(ctx: ServerContext, request: Request, providerId: string): string {
  const base = ctx.oauth.publicUrl ?? new URL(request.url).origin;
  return `${base.replace(/\/+$/, '')}/api/v1/auth/oauth/callback/${providerId}`;
}
