/**
 * The server-sessions plugin, for backend code with the secret server key: create a session for
 * any user of the project (to sign a user in from the host's own auth, or to impersonate one),
 * list a user's sessions and revoke one. `createApp({ secretServerKey, plugins: [serverSessions()] })`
 * gives `app.serverSessions`; a client app refuses it, in the types and at run time.
 */
import { loadedCalls, loadOnce, pluginFactory, type Result } from '../../core/index.js';

/** One session of a user (wire.md §4.6). */
export interface UserSession {
  id: string;
  userId: string;
  /** Epoch milliseconds. */
  createdAt: number;
  /** When its refresh token was last used, in epoch milliseconds, if ever. */
  lastUsedAt: number | null;
  isImpersonation: boolean;
}

/** The tokens of a created session, to hand to the user's browser or use server-side. */
export interface CreatedSession {
  refreshToken: string;
  accessToken: string;
}

/** `app.serverSessions`. */
export interface ServerSessionsApi {
  /** Creates a session for `userId` (default lifetime one year; at most 367 days). */
  create(input: {
    userId: string;
    expiresInMillis?: number;
    isImpersonation?: boolean;
  }): Promise<Result<CreatedSession, 'USER_ID_DOES_NOT_EXIST' | 'SCHEMA_ERROR'>>;
  /**
   * A session to act as `userId` (support staff seeing what the user sees): marked as
   * impersonation, so the user's own session list leaves it out; one hour unless given.
   */
  impersonate(
    userId: string,
    options?: { expiresInMillis?: number },
  ): Promise<Result<CreatedSession, 'USER_ID_DOES_NOT_EXIST' | 'SCHEMA_ERROR'>>;
  /** The user's sessions, newest first. */
  list(userId: string): Promise<UserSession[]>;
  /** Ends session `sessionId` of `userId`; its tokens stop working at once. */
  revoke(input: { userId: string; sessionId: string }): Promise<void>;
}

/** How long an impersonation session lasts unless asked otherwise: one hour. */
export const IMPERSONATION_LIFETIME_MS = 3600_000;

/** The server-sessions plugin (server access). */
export const serverSessions = pluginFactory('serverSessions', () => {
  return {
    access: 'server',
    setup: (ctx): ServerSessionsApi => {
      // Each call's request and conversions are loaded on the first call.
      const loaded = loadOnce(async () => (await import('./calls.js')).serverSessionsCalls(ctx));
      return loadedCalls(loaded, ['create', 'impersonate', 'list', 'revoke']);
    },
  };
});
