/**
 * `signet-server [--port 8102] [--mailbox-port 8105] [--dev-oauth-port 8104] [--host 127.0.0.1]
 * [--mailbox-host 127.0.0.1] [--data-dir ./.signet/data] [--console-dir DIR] [--workers N] [--webhook-concurrency N]`.
 * With DATABASE_URL set it uses PostgreSQL instead of PGlite. Prints the URLs and the development
 * project's id and keys, and shuts down cleanly on SIGINT/SIGTERM.
 */
import cluster from 'node:cluster';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createSignetServer } from './create-server.js';
import { isLocalHost } from './services/local-hosts.js';
import { defaultHashConcurrency } from './services/passwords.js';
import { RATE_LIMIT_MODES, type RateLimitMode } from './services/rate-limit/rate-limits.js';
import { seedFromEnv } from './services/seed.js';

const USAGE = `Usage: signet-server [--port 8102] [--mailbox-port 8105] [--dev-oauth-port 8104] [--host 127.0.0.1] [--mailbox-host 127.0.0.1] [--data-dir ./.signet/data] [--console-dir DIR] [--workers N] [--webhook-concurrency N]

Options:
  --port PORT          the API port (default 8102, or $PORT)
  --mailbox-port PORT  the development outbox, Inbucket REST v1 shape (default 8105; 0 = any free port):
                       GET /api/v1/mailbox/{name} and GET /api/v1/mailbox/{name}/{id}
  --dev-oauth-port PORT
                       the development identity provider that OAuth providers with shared keys sign
                       in through (default 8104; 0 = any free port; off = none). It listens on
                       127.0.0.1 only: anyone who reaches it can sign in as any email. Projects in
                       production mode never use it
  --host HOST          address the API listens on (default 127.0.0.1)
  --mailbox-host HOST  address the outbox listens on (default 127.0.0.1: this machine only, or
                       $SIGNET_MAILBOX_HOST). For development only: the outbox needs no credential;
                       it serves only emails of projects on the shared development email config
                       that are not in production mode
  --data-dir DIR       PGlite data folder when DATABASE_URL is not set (default ./.signet/data)
  --console-dir DIR    serve the admin console at /console from this build (default: the one in
                       this package, or $SIGNET_CONSOLE_DIR)
  --workers N          serve from N processes sharing the port (default 1, or $SIGNET_WORKERS);
                       needs DATABASE_URL, and REDIS_URL for rate limits counted across them.
                       Webhooks stay correct with any number of processes (and machines): each
                       delivery is claimed by one process at a time, and one that dies mid-send
                       leaves it to the others after a 60 s lease (sent again with the same id)
  --webhook-concurrency N
                       webhook deliveries each process sends at once (default 8, or
                       $SIGNET_WEBHOOK_CONCURRENCY); 0 = this process sends none (others on the
                       same database do)

Environment:
  DATABASE_URL                     use this PostgreSQL database instead of PGlite
  STACK_SERVER_SECRET              secret the access-token keys derive from (default: stored in the database)
  STACK_ACCESS_TOKEN_EXPIRATION_TIME  access-token lifetime in seconds (default 600)
  STACK_SEED_INTERNAL_PROJECT_{PUBLISHABLE_CLIENT,SECRET_SERVER,SUPER_SECRET_ADMIN}_KEY
  SIGNET_SEED_DEV_PROJECT_ID, SIGNET_SEED_DEV_PROJECT_{PUBLISHABLE_CLIENT,SECRET_SERVER,SUPER_SECRET_ADMIN}_KEY
  SIGNET_SEED_DEV_PROJECT_OWNER    first-sign-up: the next account made in the console owns the
                                   development project (npm start sets it; off by default)
  SIGNET_MAILBOX_HOST              the outbox's address when --mailbox-host is not given
  SIGNET_RATE_LIMITS               production (default: projects in production mode) | always | off
  REDIS_URL                        count rate limits in this Redis, shared by every server process
                                   (default: in this process's memory)
  SIGNET_TRUST_PROXY               trust X-Forwarded-For from this many proxies in front (true = 1;
                                   default 0: the socket's address is the client's)
  SIGNET_PUBLIC_URL                the API's public origin when a proxy serves it under another name
                                   (OAuth providers call back there; default: each request's origin)
  SIGNET_OAUTH_PROVIDER_ISSUERS    JSON {"google":{"issuer":"https://idp.example"}}: point standard
                                   providers at an OpenID Connect issuer instead of their own endpoints
  STACK_EMAIL_SENDER               the address shared-config mail comes from (default noreply@signet.localhost)
  STACK_SVIX_SERVER_URL, STACK_SVIX_API_KEY
                                   forward webhooks to this Svix server (it delivers them) instead of
                                   delivering them from signet
  SIGNET_WEBHOOK_TIMING            for tests: JSON {"retryScheduleMs":[0,100],"leaseMs":2000,
                                   "timeoutMs":1000,"pollIntervalMs":200,"svixRetryBaseMs":100}
                                   replaces the production pacing (Svix's schedule, 60 s lease, 15 s
                                   deadline, 5 s poll)
`;

function portOption(name: string, value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`${name} must be 0..65535, got ${value}`);
  return port;
}

function rateLimitModeEnv(value: string | undefined): RateLimitMode {
  if (value === undefined || value === '') return 'production';
  if (!(RATE_LIMIT_MODES as readonly string[]).includes(value)) {
    throw new Error(`SIGNET_RATE_LIMITS must be one of ${RATE_LIMIT_MODES.join(', ')}, got ${value}`);
  }
  return value as RateLimitMode;
}

function oauthIssuersEnv(value: string | undefined): Record<string, { issuer: string }> | undefined {
  if (value === undefined || value === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error(
      'SIGNET_OAUTH_PROVIDER_ISSUERS must be JSON like {"google":{"issuer":"https://idp.example"}}',
    );
  }
  const entries = typeof parsed === 'object' && parsed !== null ? Object.entries(parsed) : [];
  const issuers: Record<string, { issuer: string }> = {};
  for (const [provider, entry] of entries) {
    const issuer = (entry as { issuer?: unknown } | null)?.issuer;
    if (typeof issuer !== 'string' || !URL.canParse(issuer)) {
      throw new Error(`SIGNET_OAUTH_PROVIDER_ISSUERS: ${provider} needs an issuer URL`);
    }
    issuers[provider] = { issuer };
  }
  return issuers;
}

function trustProxyEnv(value: string | undefined): number {
  if (value === undefined || value === '' || value === 'false') return 0;
  if (value === 'true') return 1;
  const hops = Number(value);
  if (!Number.isInteger(hops) || hops < 0) {
    throw new Error(`SIGNET_TRUST_PROXY must be true, false or a number of proxies, got ${value}`);
  }
  return hops;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: process.env.PORT ?? '8102' },
      'mailbox-port': { type: 'string', default: '8105' },
      'dev-oauth-port': { type: 'string', default: '8104' },
      host: { type: 'string', default: '127.0.0.1' },
      // The outbox answers without a credential: this machine only, unless asked otherwise.
      'mailbox-host': { type: 'string', default: process.env.SIGNET_MAILBOX_HOST || '127.0.0.1' },
      'data-dir': { type: 'string', default: './.signet/data' },
      'console-dir': { type: 'string', default: process.env.SIGNET_CONSOLE_DIR || '' },
      workers: { type: 'string', default: process.env.SIGNET_WORKERS || '1' },
      'webhook-concurrency': { type: 'string', default: process.env.SIGNET_WEBHOOK_CONCURRENCY || '8' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const workers = Number(values.workers);
  if (!Number.isInteger(workers) || workers < 1 || workers > 64) {
    throw new Error(`--workers must be 1..64, got ${values.workers}`);
  }
  if (workers > 1 && cluster.isPrimary) {
    if (!process.env.DATABASE_URL) {
      throw new Error('--workers needs PostgreSQL (DATABASE_URL): a PGlite database belongs to one process');
    }
    runPrimary(workers, Boolean(process.env.REDIS_URL));
    return;
  }
  const webhookConcurrency = Number(values['webhook-concurrency']);
  if (!Number.isInteger(webhookConcurrency) || webhookConcurrency < 0 || webhookConcurrency > 256) {
    throw new Error(`--webhook-concurrency must be 0..256, got ${values['webhook-concurrency']}`);
  }
  const webhookTiming = webhookTimingEnv(process.env.SIGNET_WEBHOOK_TIMING);
  const svix = svixFromEnv(process.env);
  const port = portOption('--port', values.port);
  const mailboxPort = portOption('--mailbox-port', values['mailbox-port']);
  const devOAuthPort =
    values['dev-oauth-port'] === 'off' ? null : portOption('--dev-oauth-port', values['dev-oauth-port']);
  const oauthIssuers = oauthIssuersEnv(process.env.SIGNET_OAUTH_PROVIDER_ISSUERS);
  const lifetime = Number(process.env.STACK_ACCESS_TOKEN_EXPIRATION_TIME ?? 600);
  // Checked before the database opens, so a typo fails at once.
  const rateLimitMode = rateLimitModeEnv(process.env.SIGNET_RATE_LIMITS);
  const trustProxy = trustProxyEnv(process.env.SIGNET_TRUST_PROXY);
  const redisUrl = process.env.REDIS_URL || undefined;

  const databaseUrl = process.env.DATABASE_URL;
  let database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };
  if (databaseUrl) database = { kind: 'postgres', url: databaseUrl };
  else {
    const dataDir = resolve(values['data-dir']);
    await mkdir(dataDir, { recursive: true });
    database = { kind: 'pglite', dataDir };
  }

  const server = await createSignetServer({
    database,
    seed: seedFromEnv(process.env),
    serverSecret: process.env.STACK_SERVER_SECRET || undefined,
    accessTokenLifetimeSeconds: Number.isFinite(lifetime) && lifetime > 0 ? lifetime : 600,
    // The workers share the machine's cores: each hashes passwords on its share of them.
    passwordHashConcurrency: defaultHashConcurrency(workers),
    rateLimits: { mode: rateLimitMode, redisUrl },
    trustProxy,
    svix,
    sharedEmailSender: process.env.STACK_EMAIL_SENDER || undefined,
    webhooks: { ...webhookTiming, concurrency: webhookConcurrency },
    hardcodedPasskeyChallenge: isTruthyEnv(process.env.STACK_ENABLE_HARDCODED_PASSKEY_CHALLENGE_FOR_TESTING),
    oauthProviderEndpoints: oauthIssuers,
    publicUrl: process.env.SIGNET_PUBLIC_URL || undefined,
    console: values['console-dir'] ? { dir: resolve(values['console-dir']) } : {},
    log: (line) => process.stderr.write(`${line}\n`),
  });
  const listener = await server.listen(port, values.host);
  const mailboxHost = values['mailbox-host'];
  const mailbox = await server.listenMailbox(mailboxPort, mailboxHost);
  // Loopback only, always: this provider lets whoever reaches it be anyone.
  const devOAuth =
    devOAuthPort === null ? null : await server.listenDevIdentityProvider(devOAuthPort, '127.0.0.1');
  const dev = server.seeded.dev;
  const banner = [
    `signet-server listening on ${listener.url}${cluster.isWorker ? ` (${workers} processes)` : ''}`,
    `  development outbox (Inbucket REST v1): ${mailbox.url}/api/v1/mailbox/{name}`,
    `    for development only: no credential, ${isLocalHost(mailboxHost) ? 'this machine only' : `reachable by anyone who can reach ${mailboxHost} (--mailbox-host)`}; it serves only emails of projects on the shared email config, never of projects with their own SMTP server or in production mode`,
    devOAuth
      ? `  development identity provider (OAuth shared keys): ${devOAuth.url}, this machine only; never used in production mode`
      : '  development identity provider: off (OAuth providers with shared keys answer an error)',
    `  console: ${listener.url}/console`,
    `  database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${database.dataDir}`}`,
    `  webhooks: ${svix ? `forwarded to the Svix server at ${svix.url}` : 'delivered by signet'}, ${webhookConcurrency === 0 ? 'none sent from this process' : `up to ${webhookConcurrency} at once per process`}`,
    `  rate limits: ${rateLimitMode}${rateLimitMode === 'off' ? '' : redisUrl ? ', counted in Redis (REDIS_URL)' : ', counted in memory'}`,
    '',
    'Development project:',
    `  project id:             ${dev.projectId}`,
    `  publishable client key: ${dev.publishableClientKey}`,
    `  secret server key:      ${dev.secretServerKey}`,
    `  super secret admin key: ${dev.superSecretAdminKey}`,
    '',
  ].join('\n');
  // With --workers, the first worker to be ready speaks for all of them (through the primary).
  if (cluster.isWorker) process.send?.({ type: 'ready', banner });
  else process.stdout.write(banner);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (!cluster.isWorker) process.stderr.write(`${signal} received, shutting down\n`);
    try {
      await server.close();
      process.exit(0);
    } catch (error) {
      process.stderr.write(`shutdown failed: ${String(error)}\n`);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/**
 * The primary of `--workers N`: forks the workers (each a whole server on the shared port and the
 * one database; the change feed keeps their caches in step), prints the first one's banner,
 * replaces a worker that dies, and on SIGINT/SIGTERM stops them all before it exits.
 */
function runPrimary(count: number, sharedRateLimits: boolean): void {
  let stopping = false;
  let announced = false;
  const fork = () => {
    const worker = cluster.fork();
    worker.on('message', (message: { type?: string; banner?: string }) => {
      if (message.type !== 'ready' || announced) return;
      announced = true;
      process.stdout.write(message.banner ?? '');
      if (!sharedRateLimits) {
        process.stderr.write(
          'note: without REDIS_URL each worker counts rate limits on its own (a limit is then up to N times looser)\n',
        );
      }
    });
  };
  for (let i = 0; i < count; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    process.stderr.write(`worker ${worker.process.pid} ended (${signal ?? code}); starting another\n`);
    fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`${signal} received, shutting down ${count} workers\n`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`signet-server: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

/** The Svix server of `STACK_SVIX_SERVER_URL` and `STACK_SVIX_API_KEY`, as a Stack backend reads them. */
function svixFromEnv(env: NodeJS.ProcessEnv): { url: string; apiKey: string } | undefined {
  const url = env.STACK_SVIX_SERVER_URL;
  const apiKey = env.STACK_SVIX_API_KEY;
  return url && apiKey ? { url, apiKey } : undefined;
}

/** `SIGNET_WEBHOOK_TIMING` (tests shorten the retry schedule, lease and poll); checked at start. */
function webhookTimingEnv(value: string | undefined): Record<string, unknown> {
  if (value === undefined || value === '') return {};
  const known = ['retryScheduleMs', 'leaseMs', 'timeoutMs', 'pollIntervalMs', 'svixRetryBaseMs'];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error('SIGNET_WEBHOOK_TIMING must be JSON like {"retryScheduleMs":[0,100],"leaseMs":2000}');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('SIGNET_WEBHOOK_TIMING must be a JSON object');
  }
  const unknown = Object.keys(parsed).filter((key) => !known.includes(key));
  if (unknown.length > 0) throw new Error(`SIGNET_WEBHOOK_TIMING: unknown ${unknown.join(', ')}`);
  return parsed as Record<string, unknown>;
}

/** An environment flag: set to anything but empty, `0` or `false`. */
function isTruthyEnv(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}
