/**
 * signet's answers from a Hono route on `@hono/node-server` that computes nothing: the same status,
 * headers and body signet gives `GET /api/v1` and `GET /api/v1/users/me` (a fresh request id each
 * time), made the cheapest way a Hono handler can make them, a `Response` with a plain header
 * object, which the adapter writes as it is (Hono's `c.body()` with headers builds a `Headers`
 * object instead, and counted about two fifths more instructions per request).
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

/** A handler answering `answer` with a fresh request id; the adapter sets the content length. */
const answering = ({ status, headers, body }: CopiedAnswer) => {
  const { 'content-length': _, ...written } = headers;
  return () => new Response(body, { status, headers: { ...written, 'x-stack-request-id': newRequestId() } });
};

const app = new Hono();
app.get('/api/v1', answering(copied.root));
app.get('/api/v1/users/me', answering(copied.me));
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  ready({ url: `http://127.0.0.1:${info.port}` });
});
process.on('SIGTERM', () => server.close());
