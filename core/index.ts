/**
 * signet: sign-in, sign-up and user accounts for any web app. The core is framework-neutral;
 * sign-in methods and features come as plugins (`signet/plugins/<id>`), screens from `signet/react`.
 */
export {
  type AppCore,
  type AppOptions,
  createApp,
  type GetUserOr,
  NOT_SIGNED_IN_MESSAGE,
  type SessionStatus,
  type SignetApp,
} from './app.js';
export {
  CACHE_DROP_DELAY_MS,
  type Cache,
  type CacheEntry,
  type CacheState,
  createCache,
  type Timers,
} from './cache.js';
export {
  type AbstractErrorCode,
  type ErrorFamily,
  isInFamily,
  isKnownErrorCode,
  KNOWN_ERROR_CODES,
  type KnownErrorCode,
} from './errors/codes.js';
export {
  ConnectionError,
  HttpStatusError,
  isSignetError,
  RateLimitError,
  SignetError,
  UpdateClientError,
} from './errors/signet-error.js';
export {
  type ApiRequest,
  createHttpClient,
  type HttpClient,
  type HttpClientOptions,
  type TokenSource,
} from './http/client.js';
export { buildHeaders, CLIENT_VERSION, type Credentials } from './http/headers.js';
export { backoffDelay, MAX_ATTEMPTS, MAX_RETRY_AFTER_WAIT_MS } from './http/retry.js';
export {
  type CompleteSignInOptions,
  definePlugin,
  type PluginApis,
  type PluginContext,
  type SignetPlugin,
} from './plugin.js';
export type { ClientProject } from './project.js';
export {
  createRedirector,
  REDIRECT_WAIT_MS,
  RETURN_TO_PARAM,
  type RedirectMethod,
  type Redirector,
  type RedirectTarget,
  UntrustedRedirectError,
} from './redirects.js';
export { type Result, toResult } from './result.js';
export { createSession, DEFAULT_MIN_VALIDITY_MS, type Refresher, type Session } from './session/session.js';
export { CookieStoreOutsideBrowserError, cookieDriver } from './tokens/cookie-driver.js';
export { createTokenStore, type TokenStoreOption } from './tokens/create-token-store.js';
export { type TokenPair, type TokenStore, tokenStoreFromDriver } from './tokens/token-store.js';
export { type AppUrls, DEFAULT_HANDLER_PATH, resolveUrls } from './urls.js';
export type { CurrentUser, CurrentUserUpdate, OAuthProviderLink } from './user.js';
export { isEmail, isSignInEmail } from './wire/email.js';
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './wire/headers.js';
