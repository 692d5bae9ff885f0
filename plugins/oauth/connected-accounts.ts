/**
 * Provider accounts connected to the signed-in user: their access tokens for calling the
 * provider's API (wire.md §4.5), and disconnecting one (a signet wire addition).
 */
import { isSignetError, type PluginContext, type SignetError } from '../../core/index.js';

/** Message when the provider no longer gives a token for the account. */
export const NO_ACCESS_TOKEN_MESSAGE = 'No access token available';
/** Message of `getConnectedAccount({ or: 'redirect' })` on an app that does not act as the user. */
export const NOT_A_CURRENT_USER_MESSAGE = 'Cannot add new scopes to a user that is not a CurrentUser';

/** A provider account connected to the signed-in user. */
export interface ConnectedAccount {
  /** The provider id, e.g. `'github'`. */
  provider: string;
  /** The user's account id at the provider, when the user's view lists it. */
  accountId: string | null;
  /**
   * A provider access token covering the scopes asked for (the server refreshes it when needed).
   * Throws 'No access token available' when the account is gone or lost those scopes.
   */
  getAccessToken(): Promise<{ accessToken: string }>;
}

/** Options of `getConnectedAccount`. */
export interface GetConnectedAccountOptions {
  /** Provider scopes the token must cover, e.g. `['repo']`. */
  scopes?: readonly string[];
  /**
   * Without a connection (or without those scopes): return null (default), start linking the
   * provider with the scopes (`'redirect'`), or throw the server's error (`'throw'`).
   */
  or?: 'return-null' | 'redirect' | 'throw';
}

/** The two answers that mean "no usable connection" rather than a failure. */
const NO_CONNECTION = [
  'OAUTH_CONNECTION_NOT_CONNECTED_TO_USER',
  'OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE',
];

const providerPath = (provider: string) =>
  `/connected-accounts/me/${encodeURIComponent(provider.toLowerCase())}`;

/** A provider token, or the error that says there is no usable connection. */
export async function requestProviderToken(
  ctx: PluginContext<'oauthCallback'>,
  provider: string,
  scopes: readonly string[],
): Promise<{ accessToken: string } | { missing: SignetError<string> }> {
  try {
    const json = await ctx.http.request<{ access_token: string }>(`${providerPath(provider)}/access-token`, {
      method: 'POST',
      body: { scope: scopes.join(' ') },
    });
    return { accessToken: json.access_token };
  } catch (error) {
    if (isSignetError(error) && NO_CONNECTION.includes(error.code)) return { missing: error };
    throw error;
  }
}

/** Builds `getConnectedAccount` and `disconnect` over `link` (the flow that adds an account or scopes). */
export function connectedAccounts(
  ctx: PluginContext<'oauthCallback'>,
  link: (provider: string, options: { scopes: readonly string[] }) => Promise<void>,
) {
  async function getConnectedAccount(
    provider: string,
    { scopes = [], or = 'return-null' }: GetConnectedAccountOptions = {},
  ): Promise<ConnectedAccount | null> {
    // Linking acts as the user in their browser; a server or admin app is nobody's session.
    if (or === 'redirect' && ctx.access !== 'client') throw new Error(NOT_A_CURRENT_USER_MESSAGE);
    if ((await ctx.getAccessToken()) === null) {
      if (or === 'throw')
        throw new Error(`signet: getConnectedAccount('${provider}') needs a signed-in user.`);
      if (or === 'redirect') await ctx.redirect.redirect('signIn', { replace: true });
      return null;
    }
    const first = await requestProviderToken(ctx, provider, scopes);
    if ('missing' in first) {
      if (or === 'throw') throw first.missing;
      if (or === 'redirect') await link(provider, { scopes });
      return null;
    }
    const accountId =
      ctx.user.peek()?.oauthProviders.find((p) => p.id === provider.toLowerCase())?.accountId ?? null;
    return {
      provider: provider.toLowerCase(),
      accountId,
      // Asked again each time rather than kept: a token held here could expire unseen, while the
      // server hands back its stored one while it has minutes left and refreshes it otherwise.
      async getAccessToken() {
        const next = await requestProviderToken(ctx, provider, scopes);
        if ('missing' in next) throw new Error(NO_ACCESS_TOKEN_MESSAGE);
        return next;
      },
    };
  }

  async function disconnect(provider: string): Promise<void> {
    await ctx.http.request<{ success: boolean }>(providerPath(provider), { method: 'DELETE' });
    await ctx.refreshUser();
  }

  return { getConnectedAccount, disconnect };
}
