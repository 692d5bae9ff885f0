/**
 * signet's answers from a bare handler on @hono/node-server (no router) that computes nothing:
 * exactly what signet answers to `GET /api/v1` and `GET /api/v1/users/me` (same status, headers and
 * body, a fresh request id each time). It was meant as the floor under the request-path targets,
 * the cost of the exchange itself (request headers parsed, ~0.5–0.8 KB written, the load generator
 * reading it); in practice it measures below signet's own server (which writes its answers through
 * a faster path), so the bench prints it for the record and it bounds nothing.
 *
 * Takes signet's URL and the users/me request headers (JSON) and copies the answers from it.
 */
import { serve } from '@hono/node-server';
import { newRequestId } from '../../server/src/http/responses.js';
import { ready } from './child.js';

const [signetUrl = '', meHeaders = '{}'] = process.argv.slice(2);

/** One of signet's answers, with its request id left to be made per request. */
async function copyAnswer(path: string, headers: Record<string, string>) {
  const response = await fetch(`${signetUrl}${path}`, { headers });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  const kept = Object.fromEntries([...response.headers].filter(([name]) => !SET_BY_NODE.has(name)));
  return { status: response.status, headers: kept, body: await response.text() };
}
/** Headers Node's HTTP server writes itself. */
const SET_BY_NODE = new Set(['content-length', 'date', 'connection', 'keep-alive', 'x-stack-request-id']);

const root = await copyAnswer('/api/v1', {});
const me = await copyAnswer('/api/v1/users/me', JSON.parse(meHeaders));
const answer = (copy: typeof root) =>
  new Response(copy.body, {
    status: copy.status,
    headers: { ...copy.headers, 'x-stack-request-id': newRequestId() },
  });

// Two known requests: the path's end tells them apart, nothing else is looked at.
const fetchAnswer = (request: Request) => answer(request.url.endsWith('/users/me') ? me : root);
const server = serve({ fetch: fetchAnswer, port: 0, hostname: '127.0.0.1' }, (info) => {
  ready({ url: `http://127.0.0.1:${info.port}` });
});
process.on('SIGTERM', () => server.close());
