/**
 * signet's answers from a Hono route on `@hono/node-server` that computes nothing: the same status,
 * headers and body signet gives `GET /api/v1` and `GET /api/v1/users/me` (a fresh request id each
 * time), made the cheapest way a Hono handler can make them, a `Response` with a plain header
 * object, which the adapter writes as it is (Hono's `c.body()` with headers builds a `Headers`
 * object instead, and counted about two fifths more instructions per request).
 *
 * The header object is an object literal, as signet's own answers make theirs: V8 then copies one
 * shape per answer. An earlier version spread the copied headers (less the content length, taken
 * out by a rest pattern) into a new object per request, which cost about 7,000 instructions more
 * per request than the literal and made this baseline look dearer than the wire's answer is.
 *
 * It is what the wire's answers cost on the stack signet is built on, before signet does anything:
 * between bare Hono's route (one short text answer with two headers) and signet, it tells the
 * exchange the wire asks for from signet's own work (routing, authentication, the pipeline).
 *
 * Takes the two answers (JSON, `{ root, me }` of lib/answers' `CopiedAnswer`) copied by the bench.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { newRequestId } from '../../server/src/http/responses.js';
import { answersArg, type CopiedAnswer } from '../lib/answers.js';
import { ready } from './child.js';

const copied = answersArg();

/**
 * The headers signet's answers carry besides the content length (which the adapter sets) and the
 * request id (made here): when an answer carries others or fewer, this baseline would no longer
 * be signet's answer, so the bench stops rather than measure something else.
 */
const ANSWER_HEADERS = [
  'access-control-allow-origin',
  'access-control-expose-headers',
  'cache-control',
  'content-type',
] as const;

/** A handler answering `answer` with a fresh request id; the adapter sets the content length. */
const answering = ({ status, headers, body }: CopiedAnswer) => {
  const names = Object.keys(headers).filter((name) => name !== 'content-length');
  if (names.sort().join() !== [...ANSWER_HEADERS].join()) {
    throw new Error(`signet's answer carries other headers than this baseline writes: ${names.join(', ')}`);
  }
  const contentType = headers['content-type']!;
  const exposed = headers['access-control-expose-headers']!;
  const cacheControl = headers['cache-control']!;
  const allowedOrigin = headers['access-control-allow-origin']!;
  return () =>
    new Response(body, {
      status,
      headers: {
        'content-type': contentType,
        'x-stack-request-id': newRequestId(),
        'cache-control': cacheControl,
        'access-control-allow-origin': allowedOrigin,
        'access-control-expose-headers': exposed,
      },
    });
};

const app = new Hono();
app.get('/api/v1', answering(copied.root));
app.get('/api/v1/users/me', answering(copied.me));
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  ready({ url: `http://127.0.0.1:${info.port}` });
});
process.on('SIGTERM', () => server.close());
