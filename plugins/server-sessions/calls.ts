/**
 * The server-sessions plugin's calls: each request and the conversion of its answer.
 * `serverSessions()` loads this module on the first call.
 */
import { apiPath, type PluginContext, toResult } from '../../core/index.js';
import { IMPERSONATION_LIFETIME_MS, type ServerSessionsApi } from './index.js';

interface SessionJson {
  id: string;
  user_id: string;
  created_at: number;
  last_used_at?: number | null;
  is_impersonation: boolean;
}

/** `app.serverSessions` for one app. */
export function serverSessionsCalls(ctx: PluginContext): ServerSessionsApi {
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
}
