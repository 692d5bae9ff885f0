/**
 * `createSignetServer`: opens the database, migrates, seeds, and returns a fetch handler plus a
 * way to listen on a port. Everything lives on the returned instance, so tests can run many.
 */

import { createServer as createHttpServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Http2Bindings, type HttpBindings, serve } from '@hono/node-server';
import { createAccessTokenService } from './crypto/access-tokens.js';
import { createSecretBox } from './crypto/secret-box.js';
import { createSigningKeyRing } from './crypto/signing-keys.js';
import { type DatabaseOptions, openDatabase } from './db/database.js';
import { migrate } from './db/migrate.js';
import { createDbMailStore } from './email/db-mail-store.js';
import { createMailboxApp } from './email/mailbox-app.js';
import { keepAnswerClass } from './http/answer-class.js';
import { answerClientError } from './http/client-error.js';
import { createConsoleHandler, defaultConsoleDir } from './http/console-files.js';
import { givenAnswer, withFastLane } from './http/fast-lane.js';
import { SignetIncomingMessage } from './http/incoming-message.js';
import { createAuthCache } from './services/auth-cache/auth-cache.js';
import { startChangeFeed } from './services/auth-cache/change-feed.js';
import type { OAuthEndpointOverride, ServerContext, SvixOptions } from './services/context.js';
import { createDevIdentityProvider } from './services/oauth/dev-identity-provider/app.js';
import { createPasswordService } from './services/passwords.js';
import { createRateLimits, type RateLimitOptions } from './services/rate-limit/rate-limits.js';
import { startRetention } from './services/retention/schedule.js';
import { type RetentionOptions, resolveRetention, type SweepCounts } from './services/retention/sweep.js';
import { type ProjectKeys, type SeedOptions, seed } from './services/seed.js';
import { resolveDeliveryOptions, type WebhookDeliveryOptions } from './services/webhooks/delivery-options.js';
import { createDeliveryHandoff } from './services/webhooks/handoff.js';
import { startWebhookWorker, type WebhookWorker } from './services/webhooks/worker.js';

/** Options of {@link createSignetServer}. */
export interface SignetServerOptions {
  /** PGlite (a data folder, or memory when `dataDir` is undefined) or PostgreSQL. */
  database: DatabaseOptions;
  /** The clock in epoch milliseconds; injectable so tests can expire tokens. Default `Date.now`. */
  now?: () => number;
  /** Access-token lifetime in seconds. Default 600 (wire.md §3.1). */
  accessTokenLifetimeSeconds?: number;
  /**
   * How many password hashes (argon2id, on libuv's threads) run at once; more wait their turn.
   * Default: one per core the process may use, leaving a libuv thread free (see
   * `defaultHashConcurrency`). Servers sharing a machine should share its cores between them.
   */
  passwordHashConcurrency?: number;
  /** Fixed ids and keys of the seeded projects (see `seedFromEnv` for the environment variables). */
  seed?: SeedOptions;
  /**
   * The secret all access-token keys derive from. Default: generated once and stored in the
   * database, so every process on that database shares it.
   */
  serverSecret?: string;
  /**
   * How long `send-reset-code` takes, randomised between min and max, whether or not the email
   * exists. Default 2000–3000 ms (wire.md §4.2); tests set 0.
   */
  resetCodeResponseTimeMs?: { min: number; max: number };
  /**
   * Limits on sign-in, sign-up, code sending and code use: when they apply (default: projects in
   * production mode) and where they are counted (default: memory; a Redis URL shares the counts
   * between server processes). The memory store follows `now`.
   */
  rateLimits?: RateLimitOptions;
  /**
   * Trust `X-Forwarded-For` from proxies in front of the server: `true` for one proxy, or how
   * many. Default false: per-IP limits count the socket's remote address, which a client cannot
   * forge. Set it only when every request comes through the proxies, or clients pick their IP.
   */
  trustProxy?: boolean | number;
  /**
   * How many days dead rows are kept before the hourly sweep deletes them: verification codes
   * after expiry or use (default 7), sessions after expiry (default 7), sent emails (default 30).
   * `false` keeps everything. Ages follow `now`.
   */
  retention?: RetentionOptions | false;
  /**
   * A Svix server for webhooks (its URL and API key): `POST /webhooks/svix-token` hands out its
   * app-portal tokens. Without it that endpoint answers a clear error.
   */
  svix?: SvixOptions;
  /**
   * The address mail of the shared email config comes from, the project's name as the sender's
   * name (`signet-server` reads `STACK_EMAIL_SENDER`, as a Stack backend does). Default
   * `noreply@signet.localhost`.
   */
  sharedEmailSender?: string;
  /**
   * Webhook delivery: how many deliveries this process sends at once (`concurrency`, default 8;
   * 0 = none, other processes on the database deliver), and the pacing (Svix's retry schedule, a
   * 60 s lease on a claimed delivery, a 15 s deadline, a 5 s poll), which tests shorten.
   */
  webhooks?: Partial<WebhookDeliveryOptions> & { concurrency?: number };
  /**
   * Passkey ceremonies use the fixed challenge `TU9DSw` ("MOCK") instead of a random one, so that
   * WebAuthn responses recorded by Stack's test tooling replay (wire.md §6.7). For tests only;
   * never applied to a project in production mode. `signet-server` sets it from
   * `STACK_ENABLE_HARDCODED_PASSKEY_CHALLENGE_FOR_TESTING`. Default false.
   */
  hardcodedPasskeyChallenge?: boolean;
  /**
   * Keep what request authentication reads (keys, tokens' users) in memory, dropped on every
   * change through PostgreSQL NOTIFY (README "Several processes"). Default true; false reads the
   * database on every request.
   */
  authCache?: boolean;
  /**
   * Check every JSON success answer against its route's response schema (the OpenAPI document's
   * promise) and answer 500 when it does not match. For tests and development; default false.
   */
  checkResponses?: boolean;
  /**
   * OpenID Connect issuers that stand in for providers' real endpoints, by provider id
   * (`{ google: { issuer: 'http://127.0.0.1:4000' } }`): a standard provider so pointed speaks plain
   * OpenID Connect (discovery, `openid email profile offline_access`, the userinfo endpoint) with the
   * project's client id and secret. For tests against a provider process and for self-hosted
   * identity providers. `signet-server` reads `SIGNET_OAUTH_PROVIDER_ISSUERS` (JSON).
   */
  oauthProviderEndpoints?: Record<string, OAuthEndpointOverride>;
  /**
   * The API's public origin (`https://auth.example.com`), when requests reach the server through a
   * proxy under another name: OAuth providers are told to call back there. Default: each request's
   * own origin.
   */
  publicUrl?: string;
  /**
   * The admin console at `/console`: the folder of its build (default: the one in this package,
   * `console-dist/`), or `false` to serve no console. A missing build answers a page saying how to
   * build it.
   */
  console?: { dir?: string } | false;
  /** Where diagnostics go. Default: nowhere. */
  log?: (line: string) => void;
}

/** A listening port. */
export interface Listener {
  url: string;
  close(): Promise<void>;
}

/** A running server instance. */
export interface SignetServer {
  /** Answers one request (no port needed). */
  fetch(request: Request): Promise<Response>;
  /** Listens on `port` (0 = any free port) and `host` (default 127.0.0.1). */
  listen(port?: number, host?: string): Promise<Listener>;
  /**
   * Serves the development outbox (every email recorded on this database) in Inbucket's REST v1
   * shape on a port of its own: `GET /api/v1/mailbox/{name}` and `/api/v1/mailbox/{name}/{id}`.
   */
  listenMailbox(port?: number, host?: string): Promise<Listener>;
  /**
   * Serves the development identity provider that OAuth providers of type `shared` sign in
   * through (a page "Sign in to GitHub (development)" that takes any email), on loopback by
   * default. Until it listens, shared providers answer a clear error. Projects in production mode
   * never use it.
   */
  listenDevIdentityProvider(port?: number, host?: string): Promise<Listener>;
  /** Ids and keys of the seeded `internal` and development projects. */
  seeded: { internal: ProjectKeys; dev: ProjectKeys };
  /**
   * Runs the retention sweep now (it also runs a minute after start and then hourly) and resolves
   * with the rows it deleted. Safe alongside other processes sweeping the same database.
   */
  sweep(): Promise<SweepCounts>;
  /** Stops every listener and closes the database. */
  close(): Promise<void>;
}

/** Starts a signet server: migrations applied, projects seeded, ready to answer. */
export async function createSignetServer(options: SignetServerOptions): Promise<SignetServer> {
  const log = options.log ?? (() => {});
  const now = options.now ?? Date.now;
  const trustedProxies = trustedProxyCount(options.trustProxy);
  const retentionAges = resolveRetention(options.retention);
  // Every route's module (most of the code) loads while the database opens, rather than before:
  // on a later start the two take about as long, so this saves most of one of them.
  const requestPath = Promise.all([import('./features/routes.js'), import('./http/app.js')]);
  // Awaited below; a failed open must not leave its rejection unhandled meanwhile.
  requestPath.catch(() => {});
  const database = await openDatabase(options.database, log);
  let rateLimits: Awaited<ReturnType<typeof createRateLimits>> | undefined;
  let stopChangeFeed: (() => Promise<void>) | undefined;
  let webhookWorker: WebhookWorker | undefined;
  const { concurrency: webhookConcurrency = 8, ...webhookPacing } = options.webhooks ?? {};
  if (!Number.isInteger(webhookConcurrency) || webhookConcurrency < 0) {
    throw new Error(`webhooks.concurrency must be a whole number ≥ 0, got ${webhookConcurrency}`);
  }
  const webhookDelivery = resolveDeliveryOptions(webhookPacing);
  try {
    const session = await database.session();
    try {
      const applied = await migrate(session);
      if (applied.length > 0) log(`applied migrations: ${applied.join(', ')}`);
    } finally {
      await session.release();
    }
    const seeded = await seed(database.db, { seed: options.seed, serverSecret: options.serverSecret, now });
    const keyOf = createSigningKeyRing(seeded.serverSecret);
    const authCache = createAuthCache();
    if (options.authCache !== false) stopChangeFeed = await startChangeFeed(database, authCache, log);
    rateLimits = await createRateLimits(options.rateLimits ?? {}, now, log);
    let devIdentityProviderUrl: string | undefined;
    const devIdentityProviderSecret = `${seeded.serverSecret}:development identity provider`;
    const ctx: ServerContext = {
      db: database.db,
      now,
      keyOf,
      tokens: createAccessTokenService({
        keyOf,
        now,
        lifetimeSeconds: options.accessTokenLifetimeSeconds ?? 600,
      }),
      passwords: createPasswordService({ concurrency: options.passwordHashConcurrency }),
      mail: createDbMailStore(database.db),
      resetCodeResponseTimeMs: options.resetCodeResponseTimeMs ?? { min: 2000, max: 3000 },
      rateLimits,
      trustedProxies,
      svix: options.svix,
      sharedEmailSender: options.sharedEmailSender,
      webhookDelivery,
      webhookHandoff: createDeliveryHandoff(webhookDelivery),
      hardcodedPasskeyChallenge: options.hardcodedPasskeyChallenge ?? false,
      totpSecrets: createSecretBox(seeded.serverSecret, 'totp secrets'),
      webhookSecrets: createSecretBox(seeded.serverSecret, 'webhook endpoint secrets'),
      cliRefreshTokens: createSecretBox(seeded.serverSecret, 'cli login refresh tokens'),
      oauth: {
        tokenBox: createSecretBox(seeded.serverSecret, 'oauth provider tokens'),
        endpointOverrides: options.oauthProviderEndpoints ?? {},
        devIdentityProvider: () =>
          devIdentityProviderUrl === undefined
            ? undefined
            : { url: devIdentityProviderUrl, secret: devIdentityProviderSecret },
        publicUrl: options.publicUrl,
      },
      authCache,
      log,
    };
    const internalKey = seeded.internal.publishableClientKey;
    const [{ ROUTES }, { createHttpApp }] = await requestPath;
    const fetch = createHttpApp(ctx, ROUTES, {
      checkResponses: options.checkResponses,
      console:
        options.console === false
          ? undefined
          : createConsoleHandler({
              dir: options.console?.dir ?? defaultConsoleDir(),
              config: () => ({ projectId: 'internal', publishableClientKey: internalKey }),
            }),
    });
    const mailbox = createMailboxApp(ctx.mail);
    const listeners = new Set<() => Promise<void>>();
    let closed = false;

    const listenOn = async (
      handler: (request: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response>,
      port: number,
      host: string,
      /** Puts a listener of signet's own in front of the adapter's (the API's fast lane). */
      inFront?: (adapter: RequestListener) => RequestListener,
    ): Promise<Listener> => {
      const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
        // The adapter calls it as `createServer(serverOptions, itsListener)`. Node makes each
        // request's header object with signet's builder (see http/incoming-message).
        const createServer = ((serverOptions: object, adapter: RequestListener) =>
          createHttpServer(
            { ...serverOptions, IncomingMessage: SignetIncomingMessage },
            inFront ? inFront(adapter) : adapter,
          )) as unknown as typeof createHttpServer;
        const s = serve({ fetch: handler, port, hostname: host, createServer }, () => resolve(s));
        // `serve` has just left this copy's own Response class as the global one.
        keepAnswerClass();
        s.once('error', reject);
        s.on('clientError', answerClientError);
      });
      const address = server.address() as AddressInfo;
      const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      const close = () =>
        new Promise<void>((resolve) => {
          listeners.delete(close);
          // Keep-alive sockets would hold close() open; end them.
          (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
          server.close(() => resolve());
        });
      listeners.add(close);
      return { url: `http://${shown}:${address.port}`, close };
    };

    // Node's request carries what only the Node server knows: the socket's peer (per-IP limits
    // count it), the parsed headers and the request line's target. A request the fast lane
    // handed on already has its answer.
    const fetchFromSocket = (request: Request, env: HttpBindings | Http2Bindings) => {
      const incoming = env.incoming as HttpBindings['incoming'];
      return givenAnswer(incoming) ?? fetch(request, incoming);
    };
    const fastLane = (adapter: RequestListener) => withFastLane(fetch, adapter);
    const limits = rateLimits;
    webhookWorker = await startWebhookWorker({
      database,
      ctx,
      delivery: webhookDelivery,
      concurrency: webhookConcurrency,
    });
    const worker = webhookWorker;
    // Started last: nothing below can fail, so the catch never has timers to clear.
    const retention = startRetention(database.db, now, retentionAges, log);

    return {
      fetch: async (request) => fetch(request),
      seeded: { internal: seeded.internal, dev: seeded.dev },
      listen: (port = 0, host = '127.0.0.1') => listenOn(fetchFromSocket, port, host, fastLane),
      listenMailbox: (port = 0, host = '127.0.0.1') => listenOn(mailbox.fetch, port, host),
      async listenDevIdentityProvider(port = 0, host = '127.0.0.1') {
        const handler = createDevIdentityProvider({
          secret: devIdentityProviderSecret,
          now,
          baseUrl: () => devIdentityProviderUrl ?? '',
        });
        const listener = await listenOn(handler, port, host);
        devIdentityProviderUrl = listener.url;
        return {
          url: listener.url,
          close: async () => {
            devIdentityProviderUrl = undefined;
            await listener.close();
          },
        };
      },
      sweep: () => retention.sweep(),
      async close() {
        if (closed) return;
        closed = true;
        await retention.stop();
        // Before the database closes: sends in flight are aborted and their claims given back.
        await worker.stop();
        await Promise.all([...listeners].map((close) => close()));
        await limits.limiter.close();
        await stopChangeFeed?.();
        await database.close();
      },
    };
  } catch (error) {
    await webhookWorker?.stop().catch(() => {});
    await rateLimits?.limiter.close().catch(() => {});
    await stopChangeFeed?.().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
}

/** The number of trusted proxies `trustProxy` stands for. */
function trustedProxyCount(trustProxy: boolean | number | undefined): number {
  if (trustProxy === undefined || trustProxy === false) return 0;
  if (trustProxy === true) return 1;
  if (!Number.isInteger(trustProxy) || trustProxy < 0) {
    throw new Error(`trustProxy must be a boolean or a whole number of proxies, got ${trustProxy}`);
  }
  return trustProxy;
}
