/** What every handler can reach: the database, the clock, token and password services, hooks. */
import type { AccessTokenService } from '../crypto/access-tokens.js';
import type { ProjectSigningKey } from '../crypto/signing-keys.js';
import type { Database } from '../db/database.js';
import type { PasswordService } from './passwords.js';

/** Called after a password sign-up, to send the verification email (next issue). */
export type SignUpHook = (event: {
  projectId: string;
  userId: string;
  email: string;
  verificationCallbackUrl: string;
}) => Promise<void> | void;

/** Extension points for features that arrive later. */
export interface ServerHooks {
  /** Sends the email-verification message after a password sign-up. Failures never fail the sign-up. */
  sendSignUpVerificationEmail?: SignUpHook;
}

/** The per-server dependencies handlers receive (never module-level state). */
export interface ServerContext {
  db: Database;
  now: () => number;
  tokens: AccessTokenService;
  keyOf: (projectId: string) => ProjectSigningKey;
  passwords: PasswordService;
  hooks: ServerHooks;
  log: (line: string) => void;
}
