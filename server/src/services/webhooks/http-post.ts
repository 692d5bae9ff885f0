/**
 * One webhook POST over node:http(s) to an address chosen beforehand: the connection goes to that
 * address (the request's `lookup` answers with it; a kept-alive one from that address's pool, see
 * connections.ts), while the Host header and TLS name stay the URL's, so certificates are checked
 * against the name. Redirects are not followed (node:http never
 * does, and a 3xx counts as a failure), the whole exchange has a deadline, and only the first bytes
 * of the answer are read.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { connectionPool } from './connections.js';
import type { ResolvedAddress } from './url-policy.js';

/** How much of an answer's body is kept (and read at all). */
export const MAX_RESPONSE_BYTES = 4096;

/** The deadline of one attempt, connecting included (Svix allows 15 s). */
export const DELIVERY_TIMEOUT_MS = 15_000;

/** What came back: an HTTP status (0 when no answer came) and the start of the body or the error. */
export interface PostOutcome {
  statusCode: number;
  body: string;
  durationMs: number;
  /** The `Retry-After` header, as sent. */
  retryAfter?: string;
}

/** What {@link postTo} needs. */
export interface PostRequest {
  url: URL;
  /** The checked address to connect to. */
  address: ResolvedAddress;
  headers: Record<string, string>;
  body: string;
  timeoutMs?: number;
  /** Aborts the request (the server is closing); the outcome is then status 0. */
  signal?: AbortSignal;
}

/** Sends one POST; never throws (a failure to connect or a timeout is status 0 with the reason). */
export function postTo(request: PostRequest): Promise<PostOutcome> {
  const started = performance.now();
  const { url, address } = request;
  const lookup: LookupFunction = (_hostname, options, callback) => {
    // With `all` (Node's happy-eyeballs path) the callback takes a list.
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (e: null, list: { address: string; family: number }[]) => void)(null, [
        { address: address.address, family: address.family },
      ]);
    } else callback(null, address.address, address.family);
  };
  if (request.signal?.aborted) {
    return Promise.resolve({ statusCode: 0, body: 'Aborted: the server is shutting down', durationMs: 0 });
  }
  const body = Buffer.from(request.body);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    let current: http.ClientRequest | undefined;
    const finish = (statusCode: number, text: string, retryAfter?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      request.signal?.removeEventListener('abort', onAbort);
      resolve({ statusCode, body: text, durationMs: Math.round(performance.now() - started), retryAfter });
    };
    /** Sends over a kept-alive connection to the checked address, or a new one of its own. */
    const send = (freshConnection: boolean) => {
      const req = transport.request(
        url,
        {
          method: 'POST',
          headers: { ...request.headers, 'content-length': String(body.length) },
          lookup,
          // Never a connection to anywhere but the checked address (see connections.ts).
          agent: freshConnection ? false : connectionPool(url, address),
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          const retryAfter = headerValue(res.headers['retry-after']);
          const done = () => {
            // NUL cannot be stored in a text column: an answer in binary must not wedge the delivery.
            const text = Buffer.concat(chunks).subarray(0, MAX_RESPONSE_BYTES).toString('utf8');
            finish(res.statusCode ?? 0, text.replaceAll('\u0000', ''), retryAfter);
          };
          res.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
            size += chunk.length;
            // Enough is read: the rest of a large answer is not waited for (nor the connection kept).
            if (size >= MAX_RESPONSE_BYTES) {
              done();
              res.destroy();
            }
          });
          // Read to its end, the connection goes back to the pool for the next message.
          res.on('end', done);
          res.on('error', done);
          res.on('aborted', done);
        },
      );
      current = req;
      req.on('error', (error: NodeJS.ErrnoException) => {
        // A kept connection the receiver closed just as it was reused: the request never reached
        // an answer, so it goes again, once, on a connection of its own.
        if (!freshConnection && req.reusedSocket && !settled && isClosedConnection(error)) send(true);
        else finish(0, error.message || String(error));
      });
      req.end(body);
    };
    const deadline = setTimeout(() => {
      current?.destroy();
      finish(0, `No answer within ${request.timeoutMs ?? DELIVERY_TIMEOUT_MS} ms`);
    }, request.timeoutMs ?? DELIVERY_TIMEOUT_MS);
    const onAbort = () => {
      current?.destroy();
      finish(0, 'Aborted: the server is shutting down');
    };
    request.signal?.addEventListener('abort', onAbort, { once: true });
    send(false);
  });
}

/** Errors of a connection the other side closed (what a stale kept-alive connection gives). */
function isClosedConnection(error: NodeJS.ErrnoException): boolean {
  return error.code === 'ECONNRESET' || error.code === 'EPIPE';
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
