/**
 * signet's answers from a bare `node:http` handler that computes nothing: exactly what signet
 * answers to `GET /api/v1` and `GET /api/v1/users/me` (same status, headers and body, a fresh
 * request id each time), written with `writeHead` and `end` and no framework, router or `Request`
 * and `Response` objects. The headers go to `writeHead` as one flat array, the cheapest form Node
 * takes: an object spread per request cost a tenth more instructions in all. It is the floor under
 * the request-path targets: the cost of the exchange itself (the request's headers parsed, the
 * answer's headers and body written, the load generator reading them), which any server answering
 * the wire pays here.
 *
 * Takes the two answers (JSON, `{ root, me }` of lib/answers' `CopiedAnswer`) copied by the bench,
 * so that this process runs nothing but its handler: no HTTP client, no connection of its own.
 */
import { createServer } from 'node:http';
import { newRequestId } from '../../server/src/http/responses.js';
import { answersArg, type CopiedAnswer } from '../lib/answers.js';
import { ready } from './child.js';

const copied = answersArg();
/** An answer with its headers flattened once; the last value is the request id's slot. */
const prepare = ({ status, headers, body }: CopiedAnswer) => ({
  status,
  body,
  headers: [...Object.entries(headers).flat(), 'x-stack-request-id', ''],
});
const root = prepare(copied.root);
const me = prepare(copied.me);

// Two known requests: the path's end tells them apart, nothing else is looked at.
const server = createServer((request, response) => {
  const answer = request.url?.endsWith('/users/me') ? me : root;
  const headers = answer.headers.slice();
  headers[headers.length - 1] = newRequestId();
  response.writeHead(answer.status, headers);
  response.end(answer.body);
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  ready({ url: `http://127.0.0.1:${port}` });
});
process.on('SIGTERM', () => server.close());
