/**
 * A real OpenID Connect provider for tests of OAuth sign-in: `oidc-provider` run as its own process
 * on 127.0.0.1 (./provider-process.mjs), and a browserless user who signs in there (or refuses).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./provider-process.mjs', import.meta.url));

/** A client registered at the provider (OAuth dynamic-registration metadata, snake_case). */
export interface OidcClientConfig {
  client_id: string;
  client_secret: string;
  /** Compared as exact strings (ports included) for the default `application_type: 'web'`. */
  redirect_uris: string[];
  /**
   * Default `client_secret_basic`. Either value makes the provider accept the secret both ways
   * (Authorization header or form body): oidc-provider treats the two as one family.
   */
  token_endpoint_auth_method?: 'client_secret_basic' | 'client_secret_post';
  /** Any other client metadata oidc-provider knows (e.g. `application_type`, `scope`). */
  [metadata: string]: unknown;
}

/** How the provider process behaves. */
export interface OidcProviderConfig {
  clients: OidcClientConfig[];
  /** Seconds an access token lives (default 3600); short for tests of refresh. */
  accessTokenTtl?: number;
  /** Seconds a refresh token lives (default 14 days). */
  refreshTokenTtl?: number;
  /**
   * When the authorization code grant also gives a refresh token: `always` (default), only when
   * `offline_access` was granted (oidc-provider keeps that scope only with `prompt=consent`), or never.
   */
  refreshTokens?: 'always' | 'offline_access' | 'never';
  /** A refresh gives a new refresh token and spends the old one (default false: it stays). */
  rotateRefreshTokens?: boolean;
  /** Scopes the provider knows besides openid, offline_access, email and profile (e.g. `repo`). */
  extraScopes?: string[];
  /** Refuse authorization requests without PKCE (default false; S256 is always the only method). */
  requirePkce?: boolean;
}

/** A running provider. */
export interface OidcProvider {
  issuer: string;
  authorizationUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  /** What the process wrote on stderr so far (oidc-provider's notices, errors). */
  output(): string;
  /** Stops the process and resolves once it has exited. */
  close(): Promise<void>;
}

/**
 * Starts the provider process with `config` and resolves once it listens, with its endpoints read
 * from `${issuer}/.well-known/openid-configuration`.
 */
export async function startOidcProvider(config: OidcProviderConfig): Promise<OidcProvider> {
  const child: ChildProcess = spawn(process.execPath, [SCRIPT, JSON.stringify(config)], {
    env: { ...process.env, OIDC_PROVIDER_EXIT_WITH_STDIN: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
  });
  const issuer = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    const fail = (why: string) => reject(new Error(`oidc provider did not start (${why}): ${stderr}`));
    const timer = setTimeout(() => fail('no ready line within 20 s'), 20_000);
    child.once('exit', (code) => fail(`exit ${code}`));
    child.stdout!.on('data', (chunk) => {
      stdout += chunk;
      const line = stdout.split('\n').find((l) => l.startsWith('{"issuer"'));
      if (!line) return;
      clearTimeout(timer);
      resolve((JSON.parse(line) as { issuer: string }).issuer);
    });
  });
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`);
    const meta = (await response.json()) as Record<string, string>;
    return {
      issuer,
      authorizationUrl: meta.authorization_endpoint!,
      tokenUrl: meta.token_endpoint!,
      userInfoUrl: meta.userinfo_endpoint!,
      output: () => stderr,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Who signs in at the provider, and what they answer. */
export interface ProviderUser {
  email: string;
  name?: string;
  /** Default true. */
  emailVerified?: boolean;
  /** Press "Deny": the provider redirects with `error=access_denied`. */
  deny?: boolean;
  /** Grant only these scopes (openid is always granted); default all that were asked for. */
  grantScopes?: string[];
}

/**
 * Plays the browser at the provider: opens `authorizationUrl`, follows the provider's redirects
 * with its cookies, submits the login form as `user`, and returns the first URL the provider sends
 * the browser to outside its own origin (the relying party's redirect_uri with `code` and `state`,
 * or with `error`), without fetching it. Throws on any other answer, with the page's text.
 */
export async function completeProviderLogin(authorizationUrl: string, user: ProviderUser): Promise<string> {
  const origin = new URL(authorizationUrl).origin;
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    if (new URL(url).origin !== origin) return url;
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      body,
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    body = undefined;
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const gone = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (gone) cookies.delete(name);
      else cookies.set(name, pair.slice(at + 1).trim());
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      url = new URL(location, url).href;
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (response.status !== 200 || !action) {
      const text = page
        .replace(/<(style|script)[\s\S]*?<\/\1>/g, '')
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
      throw new Error(`unexpected ${response.status} from the provider at ${url}: ${text.slice(0, 500)}`);
    }
    url = new URL(action.replaceAll('&amp;', '&'), url).href;
    body = new URLSearchParams({
      email: user.email,
      name: user.name ?? '',
      email_verified: String(user.emailVerified ?? true),
      decision: user.deny ? 'deny' : 'allow',
    });
    if (user.grantScopes) body.set('grant_scopes', user.grantScopes.join(' '));
  }
  throw new Error(`the provider did not send the browser back within 20 steps (last at ${url})`);
}
