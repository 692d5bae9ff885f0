/// <reference types="node" />
/**
 * `cliLogin`: a command-line tool signs in through the user's browser (wire.md §6.10). It starts
 * an attempt, opens the app's `cli-auth-confirm` page with the login code, and polls with the
 * polling code until the signed-in user confirms there; then it has the browser session's refresh
 * token, which it exchanges for access tokens as any client does.
 */
import { actualStatus, decodeError } from '../core/http/decode-error.js';
import { buildHeaders } from '../core/http/headers.js';
import type { CliAuthAttemptJson, CliAuthPollJson } from '../wire/cli-auth.js';
import { CliLoginError } from './errors.js';
import { openInBrowser } from './open-url.js';

/** Options of {@link cliLogin}. */
export interface CliLoginOptions {
  /** The API's origin, as the app's `baseUrl` (`https://api.example.com`). */
  baseUrl: string;
  projectId: string;
  publishableClientKey: string;
  /** Where the app serves its handler pages (`https://app.example.com`). */
  appUrl: string;
  /** The confirmation page's path on `appUrl`; `/handler/cli-auth-confirm` unless the app moved it. */
  confirmPath?: string;
  /** How long the link stays valid; the server's default (2 hours) when left out, at most 24 hours. */
  expiresInMillis?: number;
  /** Opens the link; by default the platform's opener (`xdg-open`, `open`, `rundll32`), failures ignored. */
  open?: (url: string) => void | Promise<void>;
  /** Told the link before it is opened; by default it is printed to stderr, for a user without a browser here. */
  onUrl?: (url: string) => void;
  /** Time between polls; 2 seconds by default. */
  pollIntervalMillis?: number;
  /** Stops waiting: the promise rejects with a `CliLoginError` whose reason is `aborted`. */
  signal?: AbortSignal;
  /** The fetch to use (tests, proxies); the global one by default. */
  fetch?: typeof fetch;
}

/** A confirmed login. */
export interface CliLoginResult {
  /** The session's refresh token: keep it as a secret, like a password. */
  refreshToken: string;
  /** The link the user confirmed on. */
  url: string;
}

/** Network failures in a row a poll rides out before giving up (a laptop switching networks). */
const MAX_POLL_NETWORK_FAILURES = 5;

/**
 * Signs a command-line tool in through the browser. Resolves with the refresh token once the user
 * confirms; rejects with a `CliLoginError` when the link expires, was collected by someone else or
 * `signal` aborts, and with the kit's errors (`SignetError`, `HttpStatusError`) when the server
 * refuses the attempt itself (a wrong key, say).
 */
export async function cliLogin(options: CliLoginOptions): Promise<CliLoginResult> {
  const { signal } = options;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const api = options.baseUrl.replace(/\/$/, '');
  const post = async <T>(path: string, body: Record<string, unknown>) => {
    // Exactly the kit's headers for a client call without a session (wire.md §1.2).
    const headers = buildHeaders(
      {
        projectId: options.projectId,
        accessType: 'client',
        publishableClientKey: options.publishableClientKey,
      },
      null,
      true,
    );
    const response = await fetchImpl(`${api}/api/v1${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal,
    });
    const status = actualStatus(response);
    const text = await response.text();
    const error = decodeError(response, status, text);
    if (error) throw error;
    return { status, body: JSON.parse(text) as T };
  };
  const aborted = () => new CliLoginError('aborted', { cause: signal?.reason });
  if (signal?.aborted) throw aborted();

  const body = options.expiresInMillis === undefined ? {} : { expires_in_millis: options.expiresInMillis };
  let attempt: CliAuthAttemptJson;
  try {
    attempt = (await post<CliAuthAttemptJson>('/auth/cli', body)).body;
  } catch (error) {
    if (signal?.aborted) throw aborted();
    throw error;
  }

  const url = new URL(options.confirmPath ?? '/handler/cli-auth-confirm', options.appUrl);
  url.searchParams.set('login_code', attempt.login_code);
  const link = url.href;
  (options.onUrl ?? ((at) => process.stderr.write(`Open this link to sign in:\n  ${at}\n`)))(link);
  try {
    await (options.open ?? openInBrowser)(link);
  } catch {
    // The link is printed (or told): the user can open it by hand.
  }

  const interval = options.pollIntervalMillis ?? 2000;
  let networkFailures = 0;
  for (;;) {
    if (signal?.aborted) throw aborted();
    let answer: CliAuthPollJson;
    try {
      answer = (await post<CliAuthPollJson>('/auth/cli/poll', { polling_code: attempt.polling_code })).body;
      networkFailures = 0;
    } catch (error) {
      if (signal?.aborted) throw aborted();
      // fetch rejects with a TypeError when the server cannot be reached; anything else is an answer.
      if (!(error instanceof TypeError) || ++networkFailures > MAX_POLL_NETWORK_FAILURES) throw error;
      await sleep(interval, signal).catch(() => undefined);
      continue;
    }
    if (answer.status === 'success' && answer.refresh_token)
      return { refreshToken: answer.refresh_token, url: link };
    if (answer.status === 'expired') throw new CliLoginError('expired');
    if (answer.status === 'used') throw new CliLoginError('used');
    try {
      await sleep(interval, signal);
    } catch {
      throw aborted();
    }
  }
}

/** Waits `ms`, or rejects as soon as `signal` aborts. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
