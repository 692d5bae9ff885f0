/**
 * The server-sessions plugin, for backend code with the secret server key: create a session for
 * any user of the project (to sign a user in from the host's own auth, or to impersonate one),
 * list a user's sessions and revoke one. `createApp({ secretServerKey, plugins: [serverSessions()] })`
 * gives `app.serverSessions`; a client app refuses it, in the types and at run time.
 */
import { apiPath, pluginFactory, type Result, toResult } from '../../core/index.js';

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

interface SessionJson {
  id: string;
  user_id: string;
  created_at: number;
  last_used_at?: number | null;
  is_impersonation: boolean;
}

/** How long an impersonation session lasts unless asked otherwise: one hour. */
export const IMPERSONATION_LIFETIME_MS = 3600_000;

/** The server-sessions plugin (server access). */
export const serverSessions = pluginFactory('serverSessions', () => {
  return {
    access: 'server',
    setup: (ctx): ServerSessionsApi => {
      const api: ServerSessionsApi = {
        create: ({ userId, expiresInMillis, isImpersonation }) =>
          toResult(async () => {
            const json = await ctx.call<{ refresh_token: string; access_token: string }>('/auth/sessions', {
              method: 'POST',
              body: {
                user_id: userId,
                ...(expiresInMillis === undefined ? {} : { expires_in_millis: expiresInMillis }),
                ...(isImpersonation === undefined ? {} : { is_impersonation: isImpersonation }),
              },
            });
            return { refreshToken: json.refresh_token, accessToken: json.access_token };
          }, ['USER_ID_DOES_NOT_EXIST', 'SCHEMA_ERROR']),
        async list(userId) {
          const json = await ctx.call<{ items: SessionJson[] }>(apiPath`/auth/sessions?user_id=${userId}`);
          return json.items.map((s) => ({
            id: s.id,
            userId: s.user_id,
            createdAt: s.created_at,
            lastUsedAt: s.last_used_at ?? null,
            isImpersonation: s.is_impersonation,
          }));
        },
        async revoke({ userId, sessionId }) {
          await ctx.call(apiPath`/auth/sessions/${sessionId}?user_id=${userId}`, { method: 'DELETE' });
        },
        impersonate: (userId, options = {}) =>
          api.create({
            userId,
            expiresInMillis: options.expiresInMillis ?? IMPERSONATION_LIFETIME_MS,
            isImpersonation: true,
          }),
      };
      return api;
    },
  };
});
