/**
 * The server-contact-channels plugin, for backend code with the secret server key: any user's
 * email addresses — list, add (verified if the backend vouches for it), change, remove, and send
 * a verification link. `createApp({ secretServerKey, plugins: [serverContactChannels()] })` gives
 * `app.serverContactChannels`; a client app refuses it.
 */
import {
  apiPath,
  type ContactChannel,
  contactChannelFromJson,
  type ErrorCodesOf,
  pluginFactory,
  type Result,
  toResult,
} from '../../core/index.js';
import type { ContactChannelJson } from '../../wire/index.js';

export type { ContactChannel };

/** Codes a write can fail with that a backend would handle. */
export type ServerChannelErrorCode = ErrorCodesOf<(typeof WRITE_ERRORS)[number]>;

/** `app.serverContactChannels`. */
export interface ServerContactChannelsApi {
  /** Every email address of a user. */
  list(userId: string): Promise<ContactChannel[]>;
  /** Adds an address; `isVerified` when the backend already knows the user owns it. */
  add(
    userId: string,
    channel: { value: string; usedForAuth?: boolean; isVerified?: boolean; isPrimary?: boolean },
  ): Promise<Result<ContactChannel, ServerChannelErrorCode>>;
  /** Changes an address (a new value is unverified unless `isVerified` says otherwise). */
  update(
    userId: string,
    channelId: string,
    change: { value?: string; usedForAuth?: boolean; isVerified?: boolean; isPrimary?: boolean },
  ): Promise<Result<ContactChannel, ServerChannelErrorCode>>;
  /** Removes an address. */
  remove(userId: string, channelId: string): Promise<void>;
  /** Emails a verification link that leads to `callbackUrl` (a trusted domain of the project). */
  sendVerification(
    userId: string,
    channelId: string,
    callbackUrl: string,
  ): Promise<Result<void, 'EMAIL_ALREADY_VERIFIED' | 'REDIRECT_URL_NOT_WHITELISTED'>>;
}

const WRITE_ERRORS = [
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

/** The server-contact-channels plugin (server access). */
export const serverContactChannels = pluginFactory('serverContactChannels', () => {
  return {
    access: 'server',
    setup: (ctx): ServerContactChannelsApi => {
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
    },
  };
});
