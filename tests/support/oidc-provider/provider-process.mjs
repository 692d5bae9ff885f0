/**
 * A real OpenID Connect provider (the `oidc-provider` package) in its own process on 127.0.0.1, for
 * tests of OAuth sign-in. Plain JS so `node provider-process.mjs '<json>'` runs it without a loader.
 *
 * Configuration: one JSON argument, or the OIDC_PROVIDER_CONFIG environment variable (see
 * `OidcProviderConfig` in ./index.ts). Prints `{"issuer":"http://127.0.0.1:PORT"}` on stdout once
 * it listens; everything else (oidc-provider's notices) goes to stderr.
 *
 * Sign-in is our own minimal interaction instead of oidc-provider's devInteractions: GET
 * /interaction/:uid is a form (email, name, "email verified", Allow / Deny), POST
 * /interaction/:uid/login finishes login and consent in one go, or ends with access_denied.
 * Accounts are made from the form; the subject is derived from the email, so it is stable.
 */
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

// stdout carries only the ready line; oidc-provider's notices (console.info) go to stderr, and the
// "Unsupported runtime" warning it prints on Node 20 when imported is dropped.
const warn = console.warn;
console.info = (...args) => warn(...args);
console.warn = (...args) => {
  if (!String(args[0]).includes('Unsupported runtime')) warn(...args);
};
const { default: Provider } = await import('oidc-provider');

const config = JSON.parse(process.argv[2] ?? process.env.OIDC_PROVIDER_CONFIG ?? '{}');
const refreshTokens = config.refreshTokens ?? 'always';

/** Claims by subject, as last typed in the login form. */
const accounts = new Map();

/** A stable subject for an email (same email, same `sub`, across runs too). */
const subjectFor = (email) =>
  `user-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 24)}`;

const escapeHtml = (value) =>
  String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

/** The form fields of a urlencoded request body. */
async function readForm(req) {
  let body = '';
  for await (const chunk of req) body += chunk;
  return new URLSearchParams(body);
}

const server = createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

const provider = new Provider(issuer, {
  clients: (config.clients ?? []).map((client) => ({
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
    ...client,
  })),
  jwks: { keys: [{ ...signingKey, kid: 'test-key', alg: 'RS256', use: 'sig' }] },
  cookies: { keys: [randomBytes(32).toString('hex')] },
  scopes: ['openid', 'offline_access', ...(config.extraScopes ?? [])],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
  // Scope claims go in the ID token too, not only at userinfo.
  conformIdTokenClaims: false,
  features: { devInteractions: { enabled: false } },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  // oidc-provider accepts tokens 15 s past their expiry by default; tests of expiry want none.
  clockTolerance: 0,
  pkce: { required: () => config.requirePkce === true },
  ttl: {
    AccessToken: config.accessTokenTtl ?? 3600,
    IdToken: 3600,
    RefreshToken: config.refreshTokenTtl ?? 14 * 24 * 3600,
  },
  issueRefreshToken: async (_ctx, client, code) =>
    client.grantTypeAllowed('refresh_token') &&
    (refreshTokens === 'always' || (refreshTokens === 'offline_access' && code.scopes.has('offline_access'))),
  rotateRefreshToken: config.rotateRefreshTokens === true,
  // Refresh tokens outlive the provider's browser session even without offline_access.
  expiresWithSession: async () => false,
  findAccount: async (_ctx, sub) => {
    const claims = accounts.get(sub);
    return claims && { accountId: sub, claims: async () => ({ sub, ...claims }) };
  },
});

/** GET /interaction/:uid: the login and consent form. */
async function showForm(req, res, uid) {
  const { params } = await provider.interactionDetails(req, res);
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.end(`<!doctype html>
<title>Sign in to the test provider</title>
<p>${escapeHtml(params.client_id)} asks for: ${escapeHtml(params.scope ?? '')}</p>
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
  <label>Email <input name="email" type="email" required></label>
  <label>Name <input name="name"></label>
  <label><input name="email_verified" type="checkbox" value="true" checked> Email verified</label>
  <button name="decision" value="allow">Allow</button>
  <button name="decision" value="deny" formnovalidate>Deny</button>
</form>`);
}

/** POST /interaction/:uid/login: sign the user in and grant the scopes, or deny. */
async function submitForm(req, res) {
  const form = await readForm(req);
  const { params, grantId } = await provider.interactionDetails(req, res);
  if (form.get('decision') === 'deny') {
    const result = { error: 'access_denied', error_description: 'End-User denied the request' };
    await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
    return;
  }
  const email = form.get('email') ?? '';
  if (!email) {
    res.writeHead(400).end('email is required');
    return;
  }
  // Always a (re-)login as the typed email, even when the provider's session already had a user.
  const accountId = subjectFor(email);
  const picture = form.get('picture') || `${issuer}/pictures/${accountId}.png`;
  accounts.set(accountId, {
    email,
    email_verified: form.get('email_verified') === 'true',
    ...(form.get('name') ? { name: form.get('name') } : {}),
    picture,
  });

  let grant = grantId ? await provider.Grant.find(grantId) : undefined;
  if (grant?.accountId !== accountId) grant = new provider.Grant({ accountId, clientId: params.client_id });
  const requested = String(params.scope ?? '')
    .split(' ')
    .filter(Boolean);
  // `grant_scopes` (space separated) models a user granting fewer scopes; openid is always granted.
  const only = form.has('grant_scopes')
    ? new Set(['openid', ...form.get('grant_scopes').split(/[\s,]+/)])
    : null;
  const granted = requested.filter((scope) => !only || only.has(scope));
  const refused = requested.filter((scope) => !granted.includes(scope));
  if (granted.length) grant.addOIDCScope(granted.join(' '));
  if (refused.length) grant.rejectOIDCScope(refused.join(' '));
  if (params.claims) {
    const { id_token = {}, userinfo = {} } = JSON.parse(params.claims);
    grant.addOIDCClaims([...Object.keys(id_token), ...Object.keys(userinfo)]);
  }
  const result = { login: { accountId }, consent: { grantId: await grant.save() } };
  await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: true });
}

/** A 1×1 transparent PNG, so a relying party that fetches `picture` gets an image. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const handleProvider = provider.callback();
server.on('request', (req, res) => {
  const { pathname } = new URL(req.url ?? '/', issuer);
  const form = /^\/interaction\/([^/]+)$/.exec(pathname);
  const login = /^\/interaction\/([^/]+)\/login$/.exec(pathname);
  if (pathname.startsWith('/pictures/')) {
    res.writeHead(200, { 'content-type': 'image/png' }).end(PIXEL);
    return;
  }
  let work;
  if (form && req.method === 'GET') work = showForm(req, res, form[1]);
  else if (login && req.method === 'POST') work = submitForm(req, res);
  else return handleProvider(req, res);
  work.catch((error) => {
    console.error(error);
    if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' });
    res.end(String(error?.message ?? error));
  });
});

// Started by the test helper: leave when the parent goes (its end of stdin closes).
if (process.env.OIDC_PROVIDER_EXIT_WITH_STDIN === '1') {
  process.stdin.on('close', () => process.exit(0));
  process.stdin.resume();
}
process.on('SIGTERM', () => process.exit(0));

process.stdout.write(`${JSON.stringify({ issuer })}\n`);
