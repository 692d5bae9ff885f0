/**
 * The API's fast lane: a `GET` whose request line names a path without parameters exactly (the
 * busiest requests: users/me, projects/current, the API root) is handed to signet's app with a
 * request of signet's own (node-request.ts), and an answer that is ready at once and finished
 * (responses.ts) is written to Node's response as it is: one `writeHead` with every header in a
 * flat list, and `end` with the body. Everything else (other requests, answers that are a promise
 * or need finishing) goes through the Node adapter as before, which then writes the answer the
 * app already gave, so no request runs twice.
 *
 * What it saves is the adapter's work around a ready answer (its own request object, the URL
 * checked by three patterns, two async functions and their promises, the header object searched
 * for a length): counted with callgrind, about 2,000 of 74,500 instructions on the root and 1,800
 * of 94,800 on users/me's request; in paired throughput runs, 1.07× and 1.06× the requests per
 * second (docs/benchmarks.md, the twenty-fourth round).
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { HttpApp } from './app.js';
import { isPromise, type MaybePromise } from './maybe-promise.js';
import { requestFromNode } from './node-request.js';
import { finishedAnswerOf } from './responses.js';

/** What the app gave for a request the fast lane handed on: the adapter's fetch takes it from here. */
type Given = { response: MaybePromise<Response> } | { error: unknown };

/**
 * Answers the app gave for requests handed on to the adapter, by Node's request: taken (and
 * forgotten) by {@link givenAnswer} when the adapter asks for the answer.
 */
const given = new WeakMap<IncomingMessage, Given>();

/**
 * The answer the fast lane already got from the app for `incoming`, if it handed the request on:
 * the adapter's fetch callback returns it instead of running the app again.
 */
export function givenAnswer(incoming: IncomingMessage): MaybePromise<Response> | undefined {
  const found = given.get(incoming);
  if (found === undefined) return undefined;
  given.delete(incoming);
  if ('error' in found) throw found.error;
  return found.response;
}

/**
 * Node's request listener for the API: the fast lane in front of `adapter` (the Node adapter's
 * listener, whose fetch callback must answer with {@link givenAnswer} when there is one).
 */
export function withFastLane(app: HttpApp, adapter: RequestListener): RequestListener {
  return (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const target = incoming.url;
    const host = incoming.headers.host;
    if (
      incoming.method !== 'GET' ||
      target === undefined ||
      host === undefined ||
      !app.takesExactly('GET', target) ||
      !isPlainHost(host)
    ) {
      adapter(incoming, outgoing);
      return;
    }
    let response: MaybePromise<Response>;
    try {
      // The URL the adapter makes of a plain host and a path with nothing to resolve or escape.
      response = app(requestFromNode(incoming, 'GET', `http://${host}${target}`), incoming);
    } catch (error) {
      given.set(incoming, { error });
      adapter(incoming, outgoing);
      return;
    }
    const answer = isPromise(response) ? undefined : finishedAnswerOf(response);
    if (answer === undefined) {
      given.set(incoming, { response });
      adapter(incoming, outgoing);
      return;
    }
    const { status, body, headers } = answer;
    const list: string[] = [];
    for (const name in headers) list.push(name, headers[name]!);
    list.push('content-length', String(Buffer.byteLength(body)));
    try {
      outgoing.writeHead(status, list);
      outgoing.end(body);
    } catch (error) {
      outgoing.destroy(error as Error);
    }
  };
}

/**
 * Whether the adapter would put `host` into the request's URL as it is, with no URL parsed: a
 * name of lowercase letters, digits, `.`, `_` and `-`, then perhaps a port of four digits, or five
 * starting with 1–5 (the adapter's own rule; any other host it parses or refuses, and the fast
 * lane leaves it to the adapter). A loop over the characters rather than the adapter's pattern: a
 * pattern counts several hundred instructions per request.
 */
export function isPlainHost(host: string): boolean {
  const length = host.length;
  let i = 0;
  for (; i < length; i++) {
    const c = host.charCodeAt(i);
    const nameChar =
      (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 46 || c === 95 || c === 45; /* a-z 0-9 . _ - */
    if (!nameChar) break;
  }
  if (i === 0) return false;
  if (i === length) return true;
  if (host.charCodeAt(i) !== 58 /* : */) return false;
  const digits = length - i - 1;
  for (let j = i + 1; j < length; j++) {
    const c = host.charCodeAt(j);
    if (c < 48 || c > 57) return false;
  }
  const first = host.charCodeAt(i + 1) - 48;
  if (digits === 4) return first >= 1;
  return digits === 5 && first >= 1 && first <= 5;
}
