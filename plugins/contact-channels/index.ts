/**
 * The contact-channels plugin: the current user's email addresses (add, edit, remove, make primary,
 * use for sign-in) and their verification. Its list is a signal that updates after every change.
 * `createApp({ plugins: [contactChannels()] })` gives `app.contactChannels`.
 */

import type { ReadonlySignal } from '@preact/signals-core';
import {
  apiPath,
  type CacheState,
  type ContactChannel,
  cachedSignal,
  contactChannelFromJson,
  createCache,
  type ErrorCodesOf,
  type PluginContext,
  pluginFactory,
  type Result,
  toResult,
} from '../../core/index.js';
import type { ContactChannelJson } from '../../wire/index.js';

export type { ContactChannel };

/** The page an emailed verification link opens. */
export type ContactChannelsUrl = 'emailVerification';

/** Message when the user has no primary email to verify (product-spec §8). */
export const NO_PRIMARY_EMAIL_MESSAGE = 'User does not have a primary email';

/** Codes verifying a code can fail with. */
export type VerifyErrorCode = ErrorCodesOf<(typeof VERIFY_ERRORS)[number]>;
/** Codes sending a verification email can fail with. */
export type SendVerificationErrorCode = ErrorCodesOf<(typeof SEND_ERRORS)[number]>;
/** Codes adding or editing a channel can fail with. */
export type ChannelWriteErrorCode = ErrorCodesOf<(typeof WRITE_ERRORS)[number]>;

/** `app.contactChannels`. */
export interface ContactChannelsApi {
  /** The current user's channels; loads on first read, refreshes after each change here. */
  readonly list: ReadonlySignal<CacheState<ContactChannel[]>>;
  /** Loads (or reloads) the list. */
  refresh(): Promise<ContactChannel[]>;
  add(input: {
    value: string;
    usedForAuth?: boolean;
    isPrimary?: boolean;
  }): Promise<Result<ContactChannel, ChannelWriteErrorCode>>;
  update(
    id: string,
    input: { value?: string; usedForAuth?: boolean; isPrimary?: boolean },
  ): Promise<Result<ContactChannel, ChannelWriteErrorCode>>;
  remove(id: string): Promise<void>;
  /** Emails a verification link for one channel, leading to `callbackUrl` (the app's email-verification page by default). */
  sendVerification(
    id: string,
    input?: { callbackUrl?: string },
  ): Promise<Result<void, SendVerificationErrorCode>>;
  /** Emails a verification link for the user's primary email; throws when there is none. */
  sendVerificationEmail(input?: { callbackUrl?: string }): Promise<Result<void, SendVerificationErrorCode>>;
  /** Marks the channel of an emailed code verified. */
  verify(code: string): Promise<Result<void, VerifyErrorCode>>;
}

const fromJson = contactChannelFromJson;

const VERIFY_ERRORS = ['VERIFICATION_ERROR'] as const;
const WRITE_ERRORS = ['CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE'] as const;
const SEND_ERRORS = ['EMAIL_ALREADY_VERIFIED', 'REDIRECT_URL_NOT_WHITELISTED'] as const;

/** The contact-channels plugin. */
export const contactChannels = pluginFactory('contactChannels', () => {
  return {
    urls: { emailVerification: 'email-verification' },
    // The emailed verification link's page: any host can run it with `app.handle(url)`.
    callbacks: {
      emailVerification: ({ searchParams }, api: ContactChannelsApi) =>
        api.verify(searchParams.get('code') ?? ''),
    },
    setup(ctx: PluginContext<ContactChannelsUrl>): ContactChannelsApi {
      // The plugin's own cache, emptied whenever the session changes; keyed by user as well, so a
      // sign-in as someone else never shows the previous user's list.
      const cache = createCache(ctx.env);
      ctx.onDispose(ctx.events.on('session-changed', () => cache.clear()));
      const entry = () =>
        cache.entry(`contact-channels:${ctx.user.value?.id ?? 'none'}`, async () => {
          const body = await ctx.http.request<{ items: ContactChannelJson[] }>(
            '/contact-channels?user_id=me',
          );
          return body.items.map(fromJson);
        });
      const list = cachedSignal(entry);
      const refresh = () => entry().refresh();
      const callback = (url?: string) => url ?? ctx.absoluteUrl(ctx.urls.emailVerification);
      const changed = async <T>(value: T) => {
        await refresh().catch(() => {});
        // Primary email and verification show on the user too.
        await ctx.refreshUser().catch(() => {});
        return value;
      };

      return {
        list,
        refresh,
        add: ({ value, usedForAuth = false, isPrimary }) =>
          toResult(async () => {
            const json = await ctx.http.request<ContactChannelJson>('/contact-channels', {
              method: 'POST',
              body: {
                user_id: 'me',
                type: 'email',
                value,
                used_for_auth: usedForAuth,
                ...(isPrimary === undefined ? {} : { is_primary: isPrimary }),
              },
            });
            return changed(fromJson(json));
          }, WRITE_ERRORS),
        update: (id, { value, usedForAuth, isPrimary }) =>
          toResult(async () => {
            const body: Record<string, unknown> = {};
            if (value !== undefined) body.value = value;
            if (usedForAuth !== undefined) body.used_for_auth = usedForAuth;
            if (isPrimary !== undefined) body.is_primary = isPrimary;
            const json = await ctx.http.request<ContactChannelJson>(apiPath`/contact-channels/me/${id}`, {
              method: 'PATCH',
              body,
            });
            return changed(fromJson(json));
          }, WRITE_ERRORS),
        async remove(id) {
          await ctx.http.request(apiPath`/contact-channels/me/${id}`, { method: 'DELETE' });
          await changed(undefined);
        },
        sendVerification: (id, { callbackUrl } = {}) =>
          toResult(async () => {
            await ctx.http.request(apiPath`/contact-channels/me/${id}/send-verification-code`, {
              method: 'POST',
              body: { callback_url: callback(callbackUrl) },
            });
          }, SEND_ERRORS),
        async sendVerificationEmail({ callbackUrl } = {}) {
          const user = ctx.user.value ?? (await ctx.refreshUser());
          if (!user?.primaryEmail) throw new Error(NO_PRIMARY_EMAIL_MESSAGE);
          return toResult(async () => {
            await ctx.http.request('/contact-channels/send-verification-code', {
              method: 'POST',
              body: { email: user.primaryEmail, callback_url: callback(callbackUrl) },
            });
          }, SEND_ERRORS);
        },
        verify: (code) =>
          toResult(async () => {
            await ctx.http.request('/contact-channels/verify', { method: 'POST', body: { code } });
            if (ctx.user.value) await changed(undefined);
          }, VERIFY_ERRORS),
      };
    },
  };
});
