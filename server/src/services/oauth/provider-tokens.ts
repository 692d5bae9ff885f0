/**
 * A connected account's provider tokens (wire.md §4.5 step 8), sealed at rest with a key derived
 * from the server secret: the access token with its expiry and scopes, the refresh token with the
 * scopes it can mint.
 */
import { and, eq } from 'drizzle-orm';
import { randomUuid } from '../../crypto/random.js';
import type { SecretBox } from '../../crypto/secret-box.js';
import type { Database } from '../../db/database.js';
import { oauthTokens } from '../../db/schema.js';

type Executor = Pick<Database, 'insert' | 'delete' | 'select'>;

/** Tokens to keep for an account. */
export interface TokensToStore {
  accessToken: string;
  refreshToken: string | undefined;
  expiresAt: number | undefined;
  scopes: string[];
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Seals a token for the `oauth_tokens` table. */
export const sealToken = (box: SecretBox, token: string) => box.seal(encoder.encode(token));

/** Opens a sealed token, or null when it was sealed under another secret. */
export function openToken(box: SecretBox, sealed: string): string | null {
  const bytes = box.open(sealed);
  return bytes ? decoder.decode(bytes) : null;
}

/** Stores new tokens of account `accountId`; a new refresh token replaces the older ones. */
export async function storeProviderTokens(
  db: Executor,
  box: SecretBox,
  accountId: string,
  tokens: TokensToStore,
  now: number,
): Promise<void> {
  const createdAt = new Date(now);
  if (tokens.refreshToken) {
    await db
      .delete(oauthTokens)
      .where(and(eq(oauthTokens.accountId, accountId), eq(oauthTokens.kind, 'refresh')));
    await db.insert(oauthTokens).values({
      id: randomUuid(),
      accountId,
      kind: 'refresh',
      token: sealToken(box, tokens.refreshToken),
      scopes: tokens.scopes,
      expiresAt: null,
      createdAt,
    });
  }
  await db.insert(oauthTokens).values({
    id: randomUuid(),
    accountId,
    kind: 'access',
    token: sealToken(box, tokens.accessToken),
    scopes: tokens.scopes,
    expiresAt: tokens.expiresAt === undefined ? null : new Date(tokens.expiresAt),
    createdAt,
  });
}
