/**
 * The API client: one `request` that adds the wire's headers and session tokens, decodes errors,
 * and retries as wire.md §1.7 says. fetch, timers and randomness are injectable for tests.
 */
import { ConnectionError, isSignetError, RateLimitError } from '../errors/signet-error.js';
import type { TokenPair } from '../tokens/token-store.js';
import { actualStatus, decodeError } from './decode-error.js';
import { buildHeaders, type Credentials } from './headers.js';
import { backoffDelay, isIdempotent, MAX_ATTEMPTS, MAX_RETRY_AFTER_WAIT_MS, retryAfterMs } from './retry.js';

/** Where the client gets the session's tokens and how it reports a rejected access token. */
export interface TokenSource {
  getTokens(): Promise<TokenPair | null>;
  markAccessTokenExpired(accessToken: string): void;
}

/** Options of the API client. */
export interface HttpClientOptions extends Credentials {
  /** API host, e.g. `http://localhost:8102`; `/api/v1` is added. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Waits between retries (the app's environment). */
  sleep: (ms: number) => Promise<void>;
  random?: () => number;
  /** Fetches an owner's admin access token before each call (admin apps without a key). */
  getAdminAccessToken?: () => string | Promise<string>;
  /** The plugin owning an error code outside the wire's catalogue, if any. */
  pluginOfCode?: (code: string) => string | undefined;
}

/** One API call. */
export interface ApiRequest {
  method?: string;
  body?: unknown;
  /** Send the session's tokens (default true). */
  withSession?: boolean;
  headers?: Record<string, string>;
}

/** The API client an app and its plugins share. */
export interface HttpClient {
  /**
   * Calls `path` under `/api/v1` (or an absolute `http(s)://` URL of a plugin's own backend, with
   * no X-Stack headers or tokens) and resolves with the parsed JSON (or text) body.
   */
  request<T>(path: string, init?: ApiRequest): Promise<T>;
  /** The absolute URL of an API path. */
  url(path: string): string;
  /** The fetch the client uses, for calls outside the X-Stack conventions (OAuth token endpoint). */
  readonly fetch: typeof fetch;
}

/** Builds an API client. */
export function createHttpClient(options: HttpClientOptions, tokens: TokenSource): HttpClient {
  const apiRoot = `${options.baseUrl.replace(/\/$/, '')}/api/v1`;
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const { sleep } = options;
  const url = (path: string) => `${apiRoot}${path}`.replace(/\/$/, '');

  async function request<T>(path: string, init: ApiRequest = {}): Promise<T> {
    const method = (init.method ?? 'GET').toUpperCase();
    // An absolute URL is a plugin's own backend: no X-Stack headers and no tokens go there, and its
    // answers are decoded by the same rules (the plugin's own error codes included).
    const external = /^https?:\/\//.test(path);
    const target = external ? path : url(path);
    const hasBody = init.body !== undefined;
    const tried: string[] = [];
    const note = (what: string) => tried.push(`${method} ${target}: ${what}`);
    let retriedWithFreshToken = false;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const session = init.withSession === false ? null : await tokens.getTokens();
      const credentials = options.getAdminAccessToken
        ? { ...options, adminAccessToken: await options.getAdminAccessToken() }
        : options;
      let response: Response;
      let text: string;
      try {
        response = await fetchImpl(target, {
          method,
          // No body is undefined here too: JSON.stringify(undefined) is undefined.
          body: JSON.stringify(init.body),
          headers: {
            ...(external
              ? hasBody && { 'content-type': 'application/json' }
              : buildHeaders(credentials, session, hasBody)),
            ...init.headers,
          },
          credentials: 'omit',
          cache: 'no-store',
        });
        text = await response.text();
      } catch (error) {
        note((error as Error).message || 'network error');
        // A POST that failed mid-flight may have reached the server; repeating it could act twice.
        if (!isIdempotent(method)) throw new ConnectionError(target, tried);
        if (attempt < MAX_ATTEMPTS - 1) await sleep(backoffDelay(attempt, options.random));
        continue;
      }
      const status = actualStatus(response);
      if (status === 429) {
        const wait = retryAfterMs(response.headers.get('retry-after'));
        if (wait > MAX_RETRY_AFTER_WAIT_MS || attempt === MAX_ATTEMPTS - 1) throw new RateLimitError(wait);
        await sleep(wait);
        continue;
      }
      if (status === 508 && text.includes('INFINITE_LOOP_DETECTED')) {
        note('508 INFINITE_LOOP_DETECTED'); // by its code, as below
        await sleep(backoffDelay(attempt, options.random));
        continue;
      }
      const error = decodeError(response, status, text, options.pluginOfCode);
      if (isSignetError(error, 'INVALID_ACCESS_TOKEN') && session?.accessToken && !retriedWithFreshToken) {
        // The server rejected the token: drop it so the one retry refreshes first.
        retriedWithFreshToken = true;
        tokens.markAccessTokenExpired(session.accessToken);
        note(error.code);
        continue;
      }
      if (error) throw error;
      return parseBody<T>(response, text);
    }
    throw new ConnectionError(target, tried);
  }

  return { request, url, fetch: fetchImpl };
}

function parseBody<T>(response: Response, text: string): T {
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('json') && text ? JSON.parse(text) : text) as T;
}
