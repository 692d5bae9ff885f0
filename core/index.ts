/**
 * signet: sign-in, sign-up and user accounts for any web app. The core is framework-neutral;
 * sign-in methods and features come as plugins (`signet/plugins/<id>`), screens from `signet/react`.
 */

// The app's signals come from @preact/signals-core, a peer dependency: re-exported so an app reads
// them with the very same copy (a second copy's computed() would never see the kit's signals).
export { batch, computed, effect, type ReadonlySignal, type Signal, signal } from '@preact/signals-core';
export {
  type AbstractErrorCode,
  type ErrorCodesOf,
  type ErrorFamily,
  isInFamily,
  isKnownErrorCode,
  KNOWN_ERROR_CODES,
  type KnownErrorCode,
} from '../wire/errors/codes.js';
export { apiPath } from './api-path.js';
export {
  type AdminAccess,
  type ClientAccess,
  type PluginsAt,
  SECRET_KEY_IN_BROWSER_MESSAGE,
  type ServerAccess,
} from './app/access.js';
export { type HandledCallback, isPageUrl } from './app/handle.js';
export {
  type AppCore,
  type AppOptions,
  type BaseAppOptions,
  createApp,
  type GetUserOr,
  type InitialState,
  NOT_SIGNED_IN_MESSAGE,
  type SessionStatus,
  type SignetApp,
} from './app.js';
export {
  CACHE_DROP_DELAY_MS,
  type Cache,
  type CacheEntry,
  type CacheState,
  cachedSignal,
  createCache,
  type Timers,
} from './cache.js';
export { type ContactChannel, contactChannelFromJson } from './contact-channel.js';
export { createEnvironment, type Environment } from './env.js';
export {
  ConnectionError,
  HttpStatusError,
  isSignetError,
  RateLimitError,
  SignetError,
  UpdateClientError,
} from './errors/signet-error.js';
export type { AppEventMap, AppEvents } from './events.js';
export {
  type ApiRequest,
  createHttpClient,
  type HttpClient,
  type HttpClientOptions,
  type TokenSource,
} from './http/client.js';
export { decodeError } from './http/decode-error.js';
export { buildHeaders, CLIENT_VERSION, type Credentials } from './http/headers.js';
export { backoffDelay, MAX_ATTEMPTS, MAX_RETRY_AFTER_WAIT_MS } from './http/retry.js';
export { loadedCalls, loadOnce } from './loaded-calls.js';
export {
  type AccessLevel,
  type AnyPlugin,
  type ApiOf,
  type CallbackInput,
  type CallbackResults,
  type CallbackRoute,
  definePlugin,
  type PluginApis,
  type PluginCallbacksHandled,
  type PluginContext,
  type PluginErrorCodes,
  type PluginFactory,
  type PluginRef,
  type PluginSpec,
  type PluginUrlNames,
  pluginFactory,
  type SignetPlugin,
} from './plugin.js';
export type { ClientProject } from './project.js';
export {
  createRedirector,
  REDIRECT_WAIT_MS,
  RETURN_TO_PARAM,
  type RedirectMethod,
  type RedirectOptions,
  type Redirector,
  type RedirectTarget,
  UntrustedRedirectError,
  withReturnTo,
} from './redirects.js';
export { type Result, toResult } from './result.js';
export { createSession, DEFAULT_MIN_VALIDITY_MS, type Refresher, type Session } from './session/session.js';
export {
  type PendingSignIn,
  SECOND_FACTOR_ATTEMPT_MS,
  type SignedIn,
  type SignInOptions,
  type SignInOutcome,
  type SignInResult,
  toSignInResult,
} from './sign-in.js';
export type { CookieJar, KeyValueStorage } from './storage.js';
export { CookieStoreOutsideBrowserError, cookieDriver } from './tokens/cookie-driver.js';
export { createTokenStore, type TokenStoreOption } from './tokens/create-token-store.js';
export { parseCookieHeader, requestCookieDriver } from './tokens/request-cookie-driver.js';
export {
  type TokenDriver,
  type TokenPair,
  type TokenStore,
  tokenStoreFromDriver,
} from './tokens/token-store.js';
export { type AppUrls, CORE_PAGE_PATHS, DEFAULT_HANDLER_PATH, resolveUrls } from './urls.js';
export {
  type CurrentUser,
  type CurrentUserUpdate,
  type OAuthProviderLink,
  type ServerUser,
  serverUserFromJson,
  userFromJson,
} from './user.js';
