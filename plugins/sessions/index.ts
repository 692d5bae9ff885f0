/**
 * The sessions plugin: the signed-in user's sessions (this browser and the others), for the
 * account-settings page or a host's own UI. `createApp({ plugins: [sessions()] })` gives
 * `app.sessions`; `sessionsScreens()` adds the 'Active sessions' section to account settings.
 */
import { apiPath, HttpStatusError, pluginFactory, type Result, toResult } from '../../core/index.js';

/** One session of the current user (wire.md §5.8). */
export interface ActiveSession {
  id: string;
  /** Epoch milliseconds. */
  createdAt: number;
  /** When it was last used to get a fresh access token, in epoch milliseconds, if known. */
  lastUsedAt: number | null;
  /** The session this app is using. */
  isCurrent: boolean;
}

interface SessionJson {
  id: string;
  created_at: number;
  last_used_at?: number;
  is_current_session: boolean;
}

/** `app.sessions`. */
export interface SessionsApi {
  /** The current user's sessions, newest first. */
  list(): Promise<ActiveSession[]>;
  /**
   * Ends another session of the user; its next request is refused. A session that has ended
   * already counts as ended. This browser's own session is refused: sign out instead.
   */
  revoke(id: string): Promise<Result<void, 'CANNOT_DELETE_CURRENT_SESSION'>>;
  /** Ends every session of the user but this one; resolves how many were ended. */
  revokeOthers(): Promise<number>;
}

/** The sessions plugin. */
export const sessions = pluginFactory('sessions', () => {
  return {
    setup(ctx): SessionsApi {
      const list = async () => {
        const json = await ctx.http.request<{ items: SessionJson[] }>('/auth/sessions?user_id=me');
        return json.items.map((s) => ({
          id: s.id,
          createdAt: s.created_at,
          lastUsedAt: s.last_used_at ?? null,
          isCurrent: s.is_current_session,
        }));
      };
      const revoke = (id: string) =>
        toResult(async () => {
          try {
            await ctx.http.request(apiPath`/auth/sessions/${id}?user_id=me`, {
              method: 'DELETE',
              body: {},
            });
          } catch (error) {
            // 'Session not found.': it ended already (signed out, expired, revoked from another
            // tab), which is what was asked for.
            if (!(error instanceof HttpStatusError && error.status === 404)) throw error;
          }
        }, ['CANNOT_DELETE_CURRENT_SESSION']);
      return {
        list,
        revoke,
        async revokeOthers() {
          const others = (await list()).filter((s) => !s.isCurrent);
          // One at a time: a user has a handful of sessions, and the server is spared a burst.
          for (const session of others) await revoke(session.id);
          return others.length;
        },
      };
    },
  };
});
