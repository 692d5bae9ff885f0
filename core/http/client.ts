/**
 * The API client: one `request` that adds the wire's headers and session tokens, decodes errors,
 * and retries as wire.md §1.7 says. fetch, timers and randomness are injectable for tests.
 *
 * A call whose first attempt succeeds is answered here; anything else (an error answer, a rate
 * limit, a network failure) is settled by `settle-attempts.ts`, loaded on the first failure, so a
 * bundler that splits chunks keeps the retry rules and the error classes out of the first load.
 */
import type { TokenPair } from '../tokens/token-store.js';
import { isPlainSuccess, parseBody } from './answer.js';
import { buildHeaders, type Credentials } from './headers.js';

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

/**
 * What one attempt came to: the answer and its text, or the error fetch threw. `session` is the
 * tokens it was sent with.
 */
export type Attempt = { session: TokenPair | null } & (
  | { response: Response; text: string; error?: undefined }
  | { error: unknown; response?: undefined }
);

/** Builds an API client. */
export function createHttpClient(options: HttpClientOptions, tokens: TokenSource): HttpClient {
  const apiRoot = `${options.baseUrl.replace(/\/$/, '')}/api/v1`;
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const url = (path: string) => `${apiRoot}${path}`.replace(/\/$/, '');

  async function request<T>(path: string, init: ApiRequest = {}): Promise<T> {
    const method = (init.method ?? 'GET').toUpperCase();
    // An absolute URL is a plugin's own backend: no X-Stack headers and no tokens go there, and its
    // answers are decoded by the same rules (the plugin's own error codes included).
    const external = /^https?:\/\//.test(path);
    const target = external ? path : url(path);
    const hasBody = init.body !== undefined;
    const send = async (): Promise<Attempt> => {
      const session = init.withSession === false ? null : await tokens.getTokens();
      const credentials = options.getAdminAccessToken
        ? { ...options, adminAccessToken: await options.getAdminAccessToken() }
        : options;
      try {
        const response = await fetchImpl(target, {
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
        return { session, response, text: await response.text() };
      } catch (error) {
        return { session, error };
      }
    };
    const first = await send();
    const { response } = first;
    if (response && isPlainSuccess(response)) return parseBody<T>(response, first.text);
    const { settleAttempts } = await import('./settle-attempts.js');
    return settleAttempts<T>(first, send, { method, target, tokens, options });
  }

  return { request, url, fetch: fetchImpl };
}
