/**
 * A provider access token for a connected account (wire.md §4.5): a stored one that still has more
 * than five minutes and covers the scopes, or a new one from a stored refresh token covering them
 * (kept for next time). OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE when neither exists or the
 * provider refuses the refresh token.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { ProjectRow } from '../../db/schema.js';
import { oauthAccounts, oauthTokens } from '../../db/schema.js';
import { knownError } from '../../errors.js';
import type { ServerContext } from '../context.js';
import { enabledProvider } from './project-provider.js';
import { providerClient, refreshProviderToken } from './provider-client.js';
import { openToken, storeProviderTokens } from './provider-tokens.js';

const MIN_LIFETIME_MS = 5 * 60 * 1000;

const covers = (granted: readonly string[], wanted: readonly string[]) =>
  wanted.every((s) => granted.includes(s));

/** The access token of `userId`'s account at `providerId` covering `scopes`. */
export async function connectedAccessToken(
  ctx: ServerContext,
  project: ProjectRow,
  userId: string,
  providerId: string,
  scopes: readonly string[],
): Promise<string> {
  const { spec, config } = enabledProvider(project, providerId);
  if (config.type === 'shared') throw knownError('OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS');
  const [account] = await ctx.db
    .select({ id: oauthAccounts.id })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.userId, userId), eq(oauthAccounts.providerId, providerId)));
  if (!account) throw knownError('OAUTH_CONNECTION_NOT_CONNECTED_TO_USER');
  const tokens = await ctx.db
    .select()
    .from(oauthTokens)
    .where(eq(oauthTokens.accountId, account.id))
    .orderBy(desc(oauthTokens.createdAt));
  const now = ctx.now();
  const box = ctx.oauth.tokenBox;
  for (const token of tokens) {
    if (token.kind !== 'access' || !covers(token.scopes, scopes)) continue;
    if (token.expiresAt && token.expiresAt.getTime() - now <= MIN_LIFETIME_MS) continue;
    const value = openToken(box, token.token);
    if (value) return value;
  }
  const provider = await providerClient(ctx, spec, config);
  for (const token of tokens) {
    if (token.kind !== 'refresh' || !covers(token.scopes, scopes)) continue;
    const refreshToken = openToken(box, token.token);
    if (!refreshToken) continue;
    const fresh = await refreshProviderToken(provider, refreshToken, now);
    if (!fresh) continue;
    await storeProviderTokens(
      ctx.db,
      box,
      account.id,
      { ...fresh, scopes: fresh.scopes ?? token.scopes },
      now,
    );
    return fresh.accessToken;
  }
  throw knownError('OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE');
}
