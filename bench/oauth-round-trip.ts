/**
 * OAuth sign-ins per second through signet, end to end on loopback: authorize (outer info kept,
 * inner cookie), the development identity provider's form, the callback (provider code exchanged,
 * userinfo read, account found, authorization code issued) and the code exchange at the token
 * endpoint (session made). `concurrency` browsers sign the same provider account in over and over.
 */
import { createHash, randomBytes } from 'node:crypto';

const APP_CALLBACK = 'http://localhost/handler/oauth-callback';

/** One whole sign-in; throws on any unexpected answer. */
async function signInOnce(api: string, keys: { projectId: string; publishableClientKey: string }) {
  const verifier = randomBytes(32).toString('base64url');
  const authorize = new URL(`${api}/api/v1/auth/oauth/authorize/github`);
  for (const [key, value] of Object.entries({
    client_id: keys.projectId,
    client_secret: keys.publishableClientKey,
    redirect_uri: APP_CALLBACK,
    scope: 'legacy',
    state: randomBytes(16).toString('base64url'),
    grant_type: 'authorization_code',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    response_type: 'code',
  }))
    authorize.searchParams.set(key, value);
  const started = await fetch(authorize, { redirect: 'manual' });
  const provider = started.headers.get('location');
  const cookie = started.headers.get('set-cookie')?.split(';')[0];
  if (started.status !== 307 || !provider || !cookie) throw new Error(`authorize answered ${started.status}`);
  const form = new URLSearchParams(new URL(provider).searchParams);
  form.set('email', 'bench-oauth@example.com');
  form.set('name', 'Bench');
  form.set('email_verified', 'on');
  form.set('decision', 'allow');
  const allowed = await fetch(provider, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  const back = allowed.headers.get('location');
  if (allowed.status !== 303 || !back) throw new Error(`the development provider answered ${allowed.status}`);
  const called = await fetch(back, { redirect: 'manual', headers: { cookie } });
  const app = called.headers.get('location');
  const code = app ? new URL(app).searchParams.get('code') : null;
  if (called.status !== 307 || !code)
    throw new Error(`the callback answered ${called.status}: ${await called.text()}`);
  const token = await fetch(`${api}/api/v1/auth/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: APP_CALLBACK,
      code_verifier: verifier,
      client_id: keys.projectId,
      client_secret: keys.publishableClientKey,
    }).toString(),
  });
  if (token.status !== 200)
    throw new Error(`the token endpoint answered ${token.status}: ${await token.text()}`);
  await token.arrayBuffer();
}

/** Whole OAuth sign-ins per second over `seconds`, after one warm-up sign-in per browser. */
export async function oauthSignInsPerSecond(
  api: string,
  keys: { projectId: string; publishableClientKey: string },
  seconds: number,
  concurrency = 10,
): Promise<number> {
  await signInOnce(api, keys);
  await Promise.all(Array.from({ length: concurrency }, () => signInOnce(api, keys)));
  const until = Date.now() + seconds * 1000;
  let done = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        await signInOnce(api, keys);
        done++;
      }
    }),
  );
  return done / ((Date.now() - started) / 1000);
}
