/**
 * The server-contact-channels plugin, for backend code with the secret server key: any user's
 * email addresses — list, add (verified if the backend vouches for it), change, remove, and send
 * a verification link. `createApp({ secretServerKey, plugins: [serverContactChannels()] })` gives
 * `app.serverContactChannels`; a client app refuses it.
 */
import {
  type ContactChannel,
  type ErrorCodesOf,
  loadedCalls,
  loadOnce,
  pluginFactory,
  type Result,
} from '../../core/index.js';
import type { WRITE_ERRORS } from './calls.js';

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

/** The server-contact-channels plugin (server access). */
export const serverContactChannels = pluginFactory('serverContactChannels', () => {
  return {
    access: 'server',
    setup: (ctx): ServerContactChannelsApi => {
      // Each call's request and conversions are loaded on the first call.
      const loaded = loadOnce(async () => (await import('./calls.js')).serverContactChannelsCalls(ctx));
      return loadedCalls(loaded, ['list', 'add', 'update', 'remove', 'sendVerification']);
    },
  };
});
