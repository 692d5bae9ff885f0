/**
 * `GET` and `POST /auth/oauth/callback/{provider_id}` (wire.md §4.5, §6.6 steps 5–9): the provider
 * sends the browser back; the server checks the inner cookie and state, exchanges the provider's
 * code, signs the user in, links the account or makes a user, and sends the browser on to the
 * app's callback with a single-use authorization code. A known error goes to the app's error URL
 * (trusted when the flow began) as `errorCode`, `message` and `details`.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { isUniqueViolation } from '../../../../db/errors.js';
import { projects } from '../../../../db/schema.js';
import { KnownError, knownError, StatusError } from '../../../../errors.js';
import { newResponse } from '../../../../http/answer-class.js';
import { defineRoute, type HandlerInput } from '../../../../http/route.js';
import type { ServerContext } from '../../../../services/context.js';
import { resolveOAuthUser } from '../../../../services/oauth/accounts.js';
import { issueAuthorizationCode } from '../../../../services/oauth/authorization-code.js';
import { type OuterInfo, takeOuterInfo } from '../../../../services/oauth/outer-info.js';
import { storableProfile } from '../../../../services/oauth/profile-fields.js';
import { enabledProvider } from '../../../../services/oauth/project-provider.js';
import { exchangeCode, ProviderRefusal, providerClient } from '../../../../services/oauth/provider-client.js';
import { boundedString, INPUT_LIMITS } from '../../../fields.js';
import { cookieValue, innerCookie, innerCookieName } from '../shared.js';

/** What providers send back; anything else they add is ignored. */
const CallbackQuery = v.object({
  state: v.optional(boundedString(INPUT_LIMITS.text)),
  code: v.optional(boundedString(INPUT_LIMITS.url * 4)),
  error: v.optional(boundedString(INPUT_LIMITS.text)),
  error_description: v.optional(boundedString(INPUT_LIMITS.url)),
  iss: v.optional(boundedString(INPUT_LIMITS.url)),
  /** Sign in with Apple's first answer only: the user's name, as JSON (it is in no token). */
  user: v.optional(boundedString(INPUT_LIMITS.text)),
});

type Input = HandlerInput<unknown, v.InferOutput<typeof CallbackQuery>, unknown>;

async function handleCallback({ ctx, request, query, params }: Input): Promise<Response> {
  const state = query.state ?? '';
  const secure = new URL(request.url).protocol === 'https:';
  if (!state || cookieValue(request.headers.get('cookie'), innerCookieName(state)) !== 'true') {
    throw new StatusError(
      400,
      'Inner OAuth cookie not found. This is likely because you refreshed the page during the OAuth sign in process. Please try signing in again.',
    );
  }
  const taken = await takeOuterInfo(ctx, state);
  if (!taken) throw new StatusError(400, 'Invalid OAuth cookie. Please try signing in again.');
  const clearCookie = innerCookie(state, secure, 0);
  const { info, projectId } = taken;
  try {
    if (taken.expired) throw knownError('OUTER_OAUTH_TIMEOUT');
    if ((params.provider_id ?? '').toLowerCase() !== info.providerId) {
      throw new StatusError(
        400,
        'This OAuth callback belongs to another provider. Please try signing in again.',
      );
    }
    const code = await finishSignIn(ctx, projectId, info, state, query);
    const target = new URL(info.redirectUri);
    target.searchParams.set('code', code);
    target.searchParams.set('state', info.state);
    return redirect(target.toString(), clearCookie);
  } catch (error) {
    if (error instanceof KnownError && info.errorRedirectUrl) {
      const target = new URL(info.errorRedirectUrl);
      target.searchParams.set('errorCode', error.code);
      target.searchParams.set('message', error.message);
      target.searchParams.set('details', JSON.stringify(error.details ?? {}));
      return redirect(target.toString(), clearCookie);
    }
    throw error;
  }
}

/** Steps 5–9 once the cookie and the outer info are right: the authorization code for the app. */
async function finishSignIn(
  ctx: ServerContext,
  projectId: string,
  info: OuterInfo,
  innerState: string,
  query: v.InferOutput<typeof CallbackQuery>,
): Promise<string> {
  const [project] = await ctx.db.select().from(projects).where(eq(projects.id, projectId));
  if (!project) throw knownError('PROJECT_NOT_FOUND', { project_id: projectId });
  const { spec, config } = enabledProvider(project, info.providerId);
  const provider = await providerClient(ctx, spec, config);
  const callbackParams = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) callbackParams.set(key, value);
  let signIn: Awaited<ReturnType<typeof exchangeCode>>;
  try {
    signIn = await exchangeCode(provider, {
      callbackParams,
      state: innerState,
      redirectUri: info.providerRedirectUri,
      codeVerifier: info.innerCodeVerifier,
      requestedScopes: [...provider.baseScopes, ...info.providerScopes],
      now: ctx.now(),
    });
  } catch (error) {
    if (!(error instanceof ProviderRefusal)) throw error;
    if (error.error === 'access_denied') throw knownError('OAUTH_PROVIDER_ACCESS_DENIED');
    ctx.log(`oauth callback: ${info.providerId} refused: ${error.message}`);
    throw new StatusError(
      400,
      `The OAuth provider did not complete the sign-in (${error.error}). Please try signing in again.`,
    );
  }
  signIn = { ...signIn, profile: storableProfile(signIn.profile) };
  if (!signIn.profile.accountId)
    throw new StatusError(400, 'The OAuth provider answered no user id. Please try signing in again.');

  const resolve = () =>
    ctx.db.transaction((tx) =>
      resolveOAuthUser(tx, {
        project,
        providerId: info.providerId,
        linkUserId: info.userId,
        signIn,
        tokenBox: ctx.oauth.tokenBox,
        now: ctx.now(),
        events: ctx,
      }),
    );
  let user: Awaited<ReturnType<typeof resolve>>;
  try {
    user = await resolve();
  } catch (error) {
    // A simultaneous callback made the same account or took the same email: look again.
    if (!isUniqueViolation(error)) throw error;
    user = await resolve();
  }
  return issueAuthorizationCode(ctx, projectId, {
    userId: user.userId,
    isNewUser: user.isNewUser,
    redirectUri: info.redirectUri,
    codeChallenge: info.codeChallenge,
    afterCallbackRedirectUrl: info.afterCallbackRedirectUrl,
  });
}

const redirect = (location: string, cookie: string) =>
  newResponse(null, {
    status: 307,
    headers: { location, 'set-cookie': cookie, 'cache-control': 'no-store' },
  });

/** The provider's redirect back to this server. */
export const oauthCallbackRoute = defineRoute({
  method: 'GET',
  path: '/auth/oauth/callback/:provider_id',
  summary: "The OAuth provider's callback: redirects the browser to the app with an authorization code",
  response: v.object({}),
  access: 'none',
  query: CallbackQuery,
  handler: (input) => handleCallback(input as Input),
});

/**
 * The form-POST variant (Sign in with Apple): answered with a redirect to the GET route carrying
 * the same fields, so the inner cookie (SameSite=Lax) comes along on that top-level navigation.
 * Only the fields the GET route reads are carried, bounded alike: a posted value is never echoed
 * into a redirect larger than a browser or this server would take back.
 */
export const oauthCallbackPostRoute = defineRoute({
  method: 'POST',
  path: '/auth/oauth/callback/:provider_id',
  summary: "The OAuth provider's form-POST callback: redirects to the GET callback",
  response: v.object({}),
  access: 'none',
  body: v.optional(CallbackQuery),
  async handler({ request, body }) {
    const target = new URL(request.url);
    for (const [key, value] of Object.entries(body ?? {})) {
      if (typeof value === 'string') target.searchParams.set(key, value);
    }
    return newResponse(null, {
      status: 303,
      headers: { location: target.toString(), 'cache-control': 'no-store' },
    });
  },
});
