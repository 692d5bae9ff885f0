/**
 * What the client does once a call's first attempt did not simply succeed: retries as wire.md
 * §1.7 says (network failures of idempotent calls, 429 with a short `Retry-After`, 508 loop
 * detection, one fresh token after `INVALID_ACCESS_TOKEN`) and turns an error answer into the
 * right error. Loaded by the client on the first such attempt, so a bundler that splits chunks
 * keeps it, the error classes and the error catalogue's fingerprints out of the first load.
 */
import { ConnectionError, isSignetError, RateLimitError } from '../errors/signet-error.js';
import { actualStatus, parseBody } from './answer.js';
import type { Attempt, HttpClientOptions, TokenSource } from './client.js';
import { decodeError } from './decode-error.js';
import { backoffDelay, isIdempotent, MAX_ATTEMPTS, MAX_RETRY_AFTER_WAIT_MS, retryAfterMs } from './retry.js';

/** The call being settled: how it was sent, where, and what the client was built with. */
export interface SettledCall {
  method: string;
  target: string;
  tokens: TokenSource;
  options: HttpClientOptions;
}

/**
 * Settles a call from its first attempt, sending it again through `send` as long as a retry is
 * due: resolves with the parsed body of a successful attempt, or throws the call's error.
 */
export async function settleAttempts<T>(
  first: Attempt,
  send: () => Promise<Attempt>,
  { method, target, tokens, options }: SettledCall,
): Promise<T> {
  const { sleep } = options;
  const tried: string[] = [];
  const note = (what: string) => tried.push(`${method} ${target}: ${what}`);
  let retriedWithFreshToken = false;
  let attempt = first;
  for (let index = 0; index < MAX_ATTEMPTS; index++) {
    if (index > 0) attempt = await send();
    const { session, response } = attempt;
    if (!response) {
      note((attempt.error as Error).message || 'network error');
      // A POST that failed mid-flight may have reached the server; repeating it could act twice.
      if (!isIdempotent(method)) throw new ConnectionError(target, tried);
      if (index < MAX_ATTEMPTS - 1) await sleep(backoffDelay(index, options.random));
      continue;
    }
    const status = actualStatus(response);
    if (status === 429) {
      const wait = retryAfterMs(response.headers.get('retry-after'));
      if (wait > MAX_RETRY_AFTER_WAIT_MS || index === MAX_ATTEMPTS - 1) throw new RateLimitError(wait);
      await sleep(wait);
      continue;
    }
    if (status === 508 && attempt.text.includes('INFINITE_LOOP_DETECTED')) {
      note('508 INFINITE_LOOP_DETECTED'); // by its code, as below
      await sleep(backoffDelay(index, options.random));
      continue;
    }
    const error = decodeError(response, status, attempt.text, options.pluginOfCode);
    if (isSignetError(error, 'INVALID_ACCESS_TOKEN') && session?.accessToken && !retriedWithFreshToken) {
      // The server rejected the token: drop it so the one retry refreshes first.
      retriedWithFreshToken = true;
      tokens.markAccessTokenExpired(session.accessToken);
      note(error.code);
      continue;
    }
    if (error) throw error;
    return parseBody<T>(response, attempt.text);
  }
  throw new ConnectionError(target, tried);
}
