/**
 * The floor under the password sign-in target: a bare handler on @hono/node-server that does only
 * what no sign-in can skip — read the JSON body, verify the password with argon2id through signet's
 * own password service (so at its parameters, one hash per core at a time), answer a sign-in's
 * JSON — and nothing else: no database, no session, no token signed. Its ratio to raw argon2id
 * verifications is the most any server could reach on this machine; signet's sign-in ratio can at
 * best reach this one's.
 */
import { serve } from '@hono/node-server';
import { createPasswordService } from '../../server/src/services/passwords.js';
import { ready } from './child.js';

const passwords = createPasswordService();
const stored = await passwords.hash('bench-password');
/** A sign-in's answer as signet gives it (wire.md §4.2), the same bytes every time. */
const ANSWER = JSON.stringify({
  access_token: `eyJ${'a'.repeat(560)}`,
  refresh_token: 'a'.repeat(45),
  user_id: '00000000-0000-4000-8000-000000000000',
});

const server = serve(
  {
    async fetch(request) {
      const { password } = (await request.json()) as { password: string };
      if (!(await passwords.verify(stored, password))) return new Response('mismatch', { status: 400 });
      return new Response(ANSWER, { headers: { 'content-type': 'application/json; charset=utf-8' } });
    },
    port: 0,
    hostname: '127.0.0.1',
  },
  (info) => ready({ url: `http://127.0.0.1:${info.port}` }),
);
process.on('SIGTERM', () => server.close());
