/** What every handler can reach: the database, the clock, token and password services, the outbox. */
import type { AccessTokenService } from '../crypto/access-tokens.js';
import type { SecretBox } from '../crypto/secret-box.js';
import type { ProjectSigningKey } from '../crypto/signing-keys.js';
import type { Database } from '../db/database.js';
import type { MailStore } from '../email/mail-store.js';
import type { AuthCache } from './auth-cache/auth-cache.js';
import type { PasswordService } from './passwords.js';
import type { RateLimits } from './rate-limit/rate-limits.js';
import type { WebhookDeliveryOptions } from './webhooks/delivery-options.js';
import type { DeliveryHandoff } from './webhooks/handoff.js';

/** The per-server dependencies handlers receive (never module-level state). */
export interface ServerContext {
  db: Database;
  now: () => number;
  tokens: AccessTokenService;
  keyOf: (projectId: string) => ProjectSigningKey;
  passwords: PasswordService;
  /** Where sent emails are recorded (the development outbox reads it). */
  mail: MailStore;
  /**
   * The least and most time `send-reset-code` takes, whether or not the email exists, so its
   * timing does not tell (wire.md §4.2 delays unknown emails 2–3 s).
   */
  resetCodeResponseTimeMs: { min: number; max: number };
  /** Limits on sign-in, sign-up and code sending (design.md "Security defaults"). */
  rateLimits: RateLimits;
  /** How many proxies in front of the server append to `X-Forwarded-For`; 0 ignores it. */
  trustedProxies: number;
  /** Seals TOTP secrets at rest (key derived from the server secret). */
  totpSecrets: SecretBox;
  /** Seals webhook endpoints' signing secrets at rest. */
  webhookSecrets: SecretBox;
  /** Seals the refresh token a confirmed CLI login holds until its poll collects it. */
  cliRefreshTokens: SecretBox;
  /** What request authentication keeps in memory (services/auth-cache). */
  authCache: AuthCache;
  /** The address shared-config mail comes from (`STACK_EMAIL_SENDER`); the default when unset. */
  sharedEmailSender?: string;
  /** The Svix server webhooks go through, when one is configured. */
  svix: SvixOptions | undefined;
  /** How webhook deliveries are paced (retry schedule, lease, deadline; services/webhooks). */
  webhookDelivery: WebhookDeliveryOptions;
  /**
   * Hands this process's events to its own webhook worker (services/webhooks/handoff.ts); absent,
   * or closed while no worker listens, events are written due for any process's worker.
   */
  webhookHandoff?: DeliveryHandoff;
  /** Passkey ceremonies use the fixed test challenge (never in production mode). */
  hardcodedPasskeyChallenge: boolean;
  /** What OAuth sign-ins need beyond the database (services/oauth). */
  oauth: OAuthContext;
  log: (line: string) => void;
}

/** Where a Svix server answers, and the API key it accepts. */
export interface SvixOptions {
  url: string;
  apiKey: string;
}

/** An OpenID Connect issuer that stands in for a provider's own endpoints. */
export interface OAuthEndpointOverride {
  issuer: string;
}

/** What OAuth sign-ins need beyond the database. */
export interface OAuthContext {
  /** Seals provider access and refresh tokens at rest (key derived from the server secret). */
  tokenBox: SecretBox;
  /** Providers whose standard endpoints are replaced by an OpenID Connect issuer (tests, self-hosted IdPs). */
  endpointOverrides: Readonly<Record<string, OAuthEndpointOverride | undefined>>;
  /** The development identity provider shared keys sign in through, while it listens. */
  devIdentityProvider(): { url: string; secret: string } | undefined;
  /** The API's public origin when it differs from what requests say (a proxy in front). */
  publicUrl: string | undefined;
}
