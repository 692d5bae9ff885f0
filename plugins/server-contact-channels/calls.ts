/**
 * The server-contact-channels plugin's calls: each request and the conversion of its answer.
 * `serverContactChannels()` loads this module on the first call.
 */
import { apiPath, contactChannelFromJson, type PluginContext, toResult } from '../../core/index.js';
import type { ContactChannelJson } from '../../wire/index.js';
import type { ServerContactChannelsApi } from './index.js';

/** Codes adding or changing a channel expects. */
export const WRITE_ERRORS = [
  'CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE',
  'USER_ID_DOES_NOT_EXIST',
  'SCHEMA_ERROR',
] as const;

/** Only the fields given, in wire form. */
const changeToJson = (change: {
  value?: string;
  usedForAuth?: boolean;
  isVerified?: boolean;
  isPrimary?: boolean;
}) =>
  Object.fromEntries(
    Object.entries({
      value: change.value,
      used_for_auth: change.usedForAuth,
      is_verified: change.isVerified,
      is_primary: change.isPrimary,
    }).filter(([, v]) => v !== undefined),
  );

/** `ServerContactChannelsApi` for one app. */
export function serverContactChannelsCalls(ctx: PluginContext): ServerContactChannelsApi {
  return {
    async list(userId) {
      const { items } = await ctx.call<{ items: ContactChannelJson[] }>(
        apiPath`/contact-channels?user_id=${userId}`,
      );
      return items.map(contactChannelFromJson);
    },
    add: (userId, channel) =>
      toResult(
        async () =>
          contactChannelFromJson(
            await ctx.call<ContactChannelJson>('/contact-channels', {
              method: 'POST',
              body: { user_id: userId, type: 'email', used_for_auth: false, ...changeToJson(channel) },
            }),
          ),
        WRITE_ERRORS,
      ),
    update: (userId, channelId, change) =>
      toResult(
        async () =>
          contactChannelFromJson(
            await ctx.call<ContactChannelJson>(apiPath`/contact-channels/${userId}/${channelId}`, {
              method: 'PATCH',
              body: changeToJson(change),
            }),
          ),
        WRITE_ERRORS,
      ),
    async remove(userId, channelId) {
      await ctx.call(apiPath`/contact-channels/${userId}/${channelId}`, { method: 'DELETE' });
    },
    sendVerification: (userId, channelId, callbackUrl) =>
      toResult(async () => {
        await ctx.call(apiPath`/contact-channels/${userId}/${channelId}/send-verification-code`, {
          method: 'POST',
          body: { callback_url: callbackUrl },
        });
      }, ['EMAIL_ALREADY_VERIFIED', 'REDIRECT_URL_NOT_WHITELISTED']),
  };
}
