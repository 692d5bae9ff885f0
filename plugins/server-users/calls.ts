/**
 * The server-users plugin's calls: each request, the wire body of a change and the conversion of
 * each answer. `serverUsers()` loads this module on the first call.
 */
import { apiPath, type PluginContext, serverUserFromJson, toResult } from '../../core/index.js';
import type { ServerUserJson, UserListJson } from '../../wire/index.js';
import type { ServerUsersApi, ServerUserUpdate, UserWriteErrorCode } from './index.js';

const FIELDS: Record<keyof ServerUserUpdate, string> = {
  displayName: 'display_name',
  profileImageUrl: 'profile_image_url',
  clientMetadata: 'client_metadata',
  clientReadOnlyMetadata: 'client_read_only_metadata',
  serverMetadata: 'server_metadata',
  primaryEmail: 'primary_email',
  primaryEmailVerified: 'primary_email_verified',
  primaryEmailAuthEnabled: 'primary_email_auth_enabled',
  password: 'password',
  passwordHash: 'password_hash',
  otpAuthEnabled: 'otp_auth_enabled',
  totpSecretBase64: 'totp_secret_base64',
};

/** The wire body of an update: only the fields given. */
function updateToJson(update: ServerUserUpdate): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, wire] of Object.entries(FIELDS)) {
    const value = update[key as keyof ServerUserUpdate];
    if (value !== undefined) body[wire] = value;
  }
  return body;
}

const WRITE_CODES: UserWriteErrorCode[] = [
  'USER_EMAIL_ALREADY_EXISTS',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
  'SCHEMA_ERROR',
];

/** `ServerUsersApi` for one app. */
export function serverUsersCalls(ctx: PluginContext): ServerUsersApi {
  return {
    async list(options = {}) {
      const params = new URLSearchParams();
      if (options.limit !== undefined) params.set('limit', String(options.limit));
      if (options.cursor) params.set('cursor', options.cursor);
      if (options.desc !== undefined) {
        params.set('order_by', 'signed_up_at');
        params.set('desc', String(options.desc));
      }
      if (options.query) params.set('query', options.query);
      if (options.teamId) params.set('team_id', options.teamId);
      if (options.primaryEmailVerified !== undefined) {
        params.set('primary_email_verified', String(options.primaryEmailVerified));
      }
      if (options.hasPassword !== undefined) params.set('has_password', String(options.hasPassword));
      if (options.oauthProvider !== undefined) params.set('oauth_provider', options.oauthProvider);
      const query = params.size > 0 ? `?${params}` : '';
      const json = await ctx.call<UserListJson>(`/users${query}`);
      return { items: json.items.map(serverUserFromJson), nextCursor: json.pagination.next_cursor };
    },
    async get(userId) {
      const result = await toResult(
        () => ctx.call<ServerUserJson>(apiPath`/users/${userId}`),
        ['USER_NOT_FOUND'],
      );
      return result.status === 'ok' ? serverUserFromJson(result.data) : null;
    },
    create: (input) =>
      toResult(
        async () =>
          serverUserFromJson(
            await ctx.call<ServerUserJson>('/users', { method: 'POST', body: updateToJson(input) }),
          ),
        WRITE_CODES,
      ),
    update: (userId, update) =>
      toResult(
        async () =>
          serverUserFromJson(
            await ctx.call<ServerUserJson>(apiPath`/users/${userId}`, {
              method: 'PATCH',
              body: updateToJson(update),
            }),
          ),
        [...WRITE_CODES, 'USER_NOT_FOUND'],
      ),
    async delete(userId) {
      await ctx.call(apiPath`/users/${userId}`, { method: 'DELETE', body: {} });
    },
  };
}
