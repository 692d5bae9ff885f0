/**
 * The server-users plugin, for backend code with the secret server key: list the project's users
 * a page at a time (with search), read, create, update and delete any of them.
 * `createApp({ secretServerKey, plugins: [serverUsers()] })` gives `app.serverUsers`; a client app
 * refuses it, in the types and at run time.
 */
import { loadedCalls, loadOnce, pluginFactory, type Result, type ServerUser } from '../../core/index.js';

export type { ServerUser };

/** One page of users. */
export interface UserPage {
  items: ServerUser[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/** What `list` may ask for. */
export interface ListUsersOptions {
  /** Page size; without it every user comes in one page. */
  limit?: number;
  /** The `nextCursor` of the previous page. */
  cursor?: string;
  /** Newest sign-ups first. */
  desc?: boolean;
  /** An exact user id, or part of a display name or an email (case-insensitive). */
  query?: string;
  /** Only members of this team. */
  teamId?: string;
  /**
   * Only users whose primary email is verified (`true`), or those without a verified primary
   * email, including users with no email at all (`false`). A signet server addition, which a
   * Stack Auth backend does not know.
   */
  primaryEmailVerified?: boolean;
  /** Only users with a password (`true`) or without one (`false`). A signet server addition. */
  hasPassword?: boolean;
  /**
   * Only users with an account at this OAuth provider: its id in the project's config
   * (`github`). A signet server addition.
   */
  oauthProvider?: string;
}

/** Fields server code may set on a user; every one optional. */
export interface ServerUserUpdate {
  displayName?: string | null;
  profileImageUrl?: string | null;
  clientMetadata?: unknown;
  clientReadOnlyMetadata?: unknown;
  serverMetadata?: unknown;
  /** null removes the primary email. */
  primaryEmail?: string | null;
  primaryEmailVerified?: boolean;
  primaryEmailAuthEnabled?: boolean;
  /** A new password (ends the user's sessions); null removes it. */
  password?: string | null;
  /** An imported bcrypt hash (`$2a$`/`$2b$`/`$2y$`, cost ≤ 16) instead of a password. */
  passwordHash?: string;
  otpAuthEnabled?: boolean;
  /** A TOTP secret (standard base64) to require as a second factor; null removes two-factor. */
  totpSecretBase64?: string | null;
}

/** Codes a create or update can fail with that a form would show. */
export type UserWriteErrorCode =
  | 'USER_EMAIL_ALREADY_EXISTS'
  | 'PASSWORD_TOO_SHORT'
  | 'PASSWORD_TOO_LONG'
  | 'SCHEMA_ERROR';

/** `app.serverUsers`. */
export interface ServerUsersApi {
  /** A page of the project's users in sign-up order. */
  list(options?: ListUsersOptions): Promise<UserPage>;
  /** A user by id, or null when the project has none with that id. */
  get(userId: string): Promise<ServerUser | null>;
  /** Creates a user. */
  create(input: ServerUserUpdate): Promise<Result<ServerUser, UserWriteErrorCode>>;
  /** Updates a user. */
  update(
    userId: string,
    update: ServerUserUpdate,
  ): Promise<Result<ServerUser, UserWriteErrorCode | 'USER_NOT_FOUND'>>;
  /** Deletes a user with its emails, password and sessions. */
  delete(userId: string): Promise<void>;
}

/** The server-users plugin (server access). */
export const serverUsers = pluginFactory('serverUsers', () => {
  return {
    access: 'server',
    setup: (ctx): ServerUsersApi => {
      // Each call's request and conversions are loaded on the first call.
      const loaded = loadOnce(async () => (await import('./calls.js')).serverUsersCalls(ctx));
      return loadedCalls(loaded, ['list', 'get', 'create', 'update', 'delete']);
    },
  };
});
