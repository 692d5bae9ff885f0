/** A signet server for the bench, with one signed-up user; prints its URL, keys and tokens. */
import { createSignetServer } from '../../server/src/index.js';
import { databaseArg, ready } from './child.js';

const server = await createSignetServer({ database: databaseArg() });
const { url } = await server.listen(0);
const keys = server.seeded.dev;
const clientHeaders = {
  'x-stack-access-type': 'client',
  'x-stack-project-id': keys.projectId,
  'x-stack-publishable-client-key': keys.publishableClientKey,
  'content-type': 'application/json',
};
const signUp = await fetch(`${url}/api/v1/auth/password/sign-up`, {
  method: 'POST',
  headers: clientHeaders,
  body: JSON.stringify({
    email: 'bench@example.com',
    password: 'bench-password',
    verification_callback_url: 'http://localhost/handler/email-verification',
  }),
});
const tokens = (await signUp.json()) as { access_token: string; refresh_token: string };
if (!tokens.access_token) throw new Error(`sign-up failed: ${JSON.stringify(tokens)}`);
ready({ url, keys, clientHeaders, tokens });
