/**
 * The kit's email calls against the real server, in process, on every reachable database backend:
 * magic-link sign-in (typed code and link code), password reset and first password, and the
 * contact-channels plugin with its list signal and verification emails. Emails are read from the
 * server's development outbox, as a user would read their inbox.
 */
import { effect } from '@preact/signals-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BaseAppOptions, createApp } from '../../core/app.js';
import { contactChannels, NO_PRIMARY_EMAIL_MESSAGE } from '../../plugins/contact-channels/index.js';
import { magicLink } from '../../plugins/magic-link/index.js';
import { password } from '../../plugins/password/index.js';
import {
  codeFromLink,
  latestMessage,
  type OutboxMessage,
  patchConfig,
  readMailbox,
} from '../support/outbox.js';
import { freshEmail } from '../support/raw-api.js';
import { backends } from '../support/server.js';

const ORIGIN = 'http://localhost:5173';
// A page deep in the app, so a callback resolved against it must use the origin, not the path.
const PAGE = `${ORIGIN}/settings/profile?tab=1`;
const PASSWORD = 'correct horse battery';

/** The 6 characters the sign-in email shows on a line of their own (wire.md §6.4). */
function typedCode(message: OutboxMessage): string {
  const match = /^([0-9A-HJKMNP-TV-Z]{6})$/m.exec(message.body.text);
  expect(match, message.body.text).not.toBeNull();
  return match![1]!;
}

describe.each(backends())('kit email plugins on $name', (backend) => {
  let running: Awaited<ReturnType<typeof backend.create>>;
  let mailbox: string;
  // A running clock, not a frozen one: the server orders channels by creation time.
  let clockOffset = 0;
  const now = () => Date.now() + clockOffset;

  beforeAll(async () => {
    running = await backend.create({
      now,
      // Unknown addresses would otherwise answer after 2-3 s (wire.md §6.3).
      resetCodeResponseTimeMs: { min: 0, max: 0 },
    });
    mailbox = (await running.server.listenMailbox(0)).url;
    await patchConfig(running.url, running.server.seeded.dev, { magic_link_enabled: true });
  });
  afterAll(async () => {
    await running?.close();
  });

  function makeApp(options: Partial<BaseAppOptions> = {}) {
    const keys = running.server.seeded.dev;
    return createApp({
      projectId: keys.projectId,
      publishableClientKey: keys.publishableClientKey,
      baseUrl: running.url,
      tokenStore: 'memory',
      redirectMethod: 'none',
      ...options,
      env: { currentUrl: () => PAGE, now, ...options.env },
      plugins: [password(), magicLink(), contactChannels()],
    });
  }
  type App = ReturnType<typeof makeApp>;

  /** Sends a sign-in code to `email`; returns the nonce and the email that arrived. */
  async function sendSignInCode(app: App, email: string) {
    const before = (await readMailbox(mailbox, email)).length;
    const sent = await app.magicLink.sendCode({ email });
    if (sent.status !== 'ok') throw sent.error;
    const messages = await readMailbox(mailbox, email);
    expect(messages).toHaveLength(before + 1);
    return { nonce: sent.data.nonce, message: messages.at(-1)! };
  }

  /** A new user signed in by magic link, so without a password and with a verified email. */
  async function magicLinkUser(app = makeApp()) {
    const email = freshEmail();
    const { message } = await sendSignInCode(app, email);
    const result = await app.magicLink.signInWithLinkCode({ code: codeFromLink(message) });
    expect(result.status).toBe('ok');
    return { app, email };
  }

  /** Keeps `app.contactChannels.list` watched, as a mounted component would. */
  function watchChannels(app: App) {
    const stop = effect(() => void app.contactChannels.list.value);
    const channels = () => {
      const state = app.contactChannels.list.value;
      return state.status === 'ok' ? state.data : null;
    };
    return { stop, channels };
  }

  describe('magic link', () => {
    it('emails a code whose 6 typed characters, in any case, complete the returned nonce', async () => {
      const app = makeApp();
      const email = freshEmail();
      const { nonce, message } = await sendSignInCode(app, email);
      expect(nonce).toHaveLength(39);
      expect(message.to).toEqual([`<${email}>`]);
      // The link carries the same code the user could type.
      expect(codeFromLink(message)).toBe(typedCode(message).toLowerCase() + nonce);

      // Lower case, with the stray spaces of a pasted code.
      const first = await app.magicLink.signInWithCode({
        code: ` ${typedCode(message).toLowerCase()} `,
        nonce,
      });
      expect(first).toMatchObject({ status: 'ok', data: { isNewUser: true } });
      expect(app.status.value).toBe('signed-in');
      expect(app.user.value).toMatchObject({
        primaryEmail: email,
        primaryEmailVerified: true,
        otpAuthEnabled: true,
        hasPassword: false,
      });
      const userId = app.user.value!.id;
      if (first.status === 'ok') expect(first.data.userId).toBe(userId);

      // Upper case, as printed in the email, signs the same user in again (another app, so a new sign-in).
      const other = makeApp();
      const again = await sendSignInCode(other, email);
      const second = await other.magicLink.signInWithCode({
        code: typedCode(again.message),
        nonce: again.nonce,
      });
      expect(second).toEqual({ status: 'ok', data: { userId, isNewUser: false } });
      expect(other.user.value?.id).toBe(userId);
    });

    it('signs in with the code of the emailed link', async () => {
      const app = makeApp();
      const email = freshEmail();
      const { message } = await sendSignInCode(app, email);
      const result = await app.magicLink.signInWithLinkCode({ code: codeFromLink(message) });
      expect(result).toMatchObject({ status: 'ok', data: { isNewUser: true } });
      expect(app.user.value?.primaryEmail).toBe(email);
    });

    it('a wrong code is VERIFICATION_CODE_NOT_FOUND and a used one VERIFICATION_CODE_ALREADY_USED, as results', async () => {
      const app = makeApp();
      const { nonce, message } = await sendSignInCode(app, freshEmail());
      const typed = typedCode(message);
      // Same nonce, different 6 characters: the guess a brute-forcer would make.
      const wrongTyped = typed === '000000' ? '111111' : '000000';
      const wrong = await app.magicLink.signInWithCode({ code: wrongTyped, nonce });
      expect(wrong).toMatchObject({
        status: 'error',
        error: { code: 'VERIFICATION_CODE_NOT_FOUND', status: 404 },
      });
      expect(app.user.value).toBeNull();

      expect((await app.magicLink.signInWithCode({ code: typed, nonce })).status).toBe('ok');
      const reused = await makeApp().magicLink.signInWithLinkCode({ code: codeFromLink(message) });
      expect(reused).toMatchObject({
        status: 'error',
        error: { code: 'VERIFICATION_CODE_ALREADY_USED', status: 409 },
      });
    });

    it('refuses a callback URL on an untrusted domain, and sends nothing', async () => {
      const email = freshEmail();
      const result = await makeApp().magicLink.sendCode({
        email,
        callbackUrl: 'https://evil.example/handler/magic-link-callback',
      });
      expect(result).toMatchObject({ status: 'error', error: { code: 'REDIRECT_URL_NOT_WHITELISTED' } });
      expect(await readMailbox(mailbox, email)).toEqual([]);
    });

    it("links to the app's magic-link page on the current origin by default, under a custom handler path too", async () => {
      const email = freshEmail();
      const byDefault = await sendSignInCode(makeApp(), email);
      expect(byDefault.message.body.text).toContain(`${ORIGIN}/handler/magic-link-callback?code=`);

      const custom = await sendSignInCode(makeApp({ urls: { handler: '/auth' } }), email);
      expect(custom.message.body.text).toContain(`${ORIGIN}/auth/magic-link-callback?code=`);

      const explicit = await makeApp().magicLink.sendCode({ email, callbackUrl: `${ORIGIN}/done` });
      expect(explicit.status).toBe('ok');
      expect((await latestMessage(mailbox, email)).body.text).toContain(`${ORIGIN}/done?code=`);
    });

    it('will not sign in by code to an account whose email is not verified yet', async () => {
      // Otherwise whoever reads the inbox of an unverified sign-up address could take the account.
      const email = freshEmail();
      await makeApp().password.signUp({ email, password: PASSWORD });
      const result = await makeApp().magicLink.sendCode({ email });
      expect(result).toMatchObject({ status: 'error', error: { code: 'USER_EMAIL_ALREADY_EXISTS' } });
    });
  });

  describe('password reset and set', () => {
    it('resets the password with the emailed code: the new one signs in, the old one no longer does', async () => {
      const email = freshEmail();
      const before = makeApp();
      await before.password.signUp({ email, password: PASSWORD });

      const app = makeApp();
      expect(await app.password.sendResetCode({ email })).toEqual({ status: 'ok', data: undefined });
      const message = await latestMessage(mailbox, email);
      expect(message.subject).toMatch(/^Reset your password at /);
      expect(message.body.text).toContain(`${ORIGIN}/handler/password-reset?code=`);
      const code = codeFromLink(message);

      // Checking does not use the code up.
      expect((await app.password.checkResetCode(code)).status).toBe('ok');
      expect((await app.password.checkResetCode(code)).status).toBe('ok');
      expect(await app.password.resetPassword({ code, password: 'a brand new secret' })).toEqual({
        status: 'ok',
        data: undefined,
      });
      expect(await app.password.checkResetCode(code)).toMatchObject({
        status: 'error',
        error: { code: 'VERIFICATION_CODE_ALREADY_USED' },
      });
      expect(app.user.value).toBeNull(); // resetting does not sign anyone in

      expect(await app.password.signIn({ email, password: PASSWORD })).toMatchObject({
        status: 'error',
        error: { code: 'EMAIL_PASSWORD_MISMATCH' },
      });
      expect((await app.password.signIn({ email, password: 'a brand new secret' })).status).toBe('ok');
      expect(app.user.value?.primaryEmail).toBe(email);

      // The reset ended the session signed in before it: once its access token expires, it is out.
      clockOffset += 11 * 60 * 1000;
      expect(await before.refreshUser()).toBeNull();
      expect(before.status.value).toBe('signed-out');
    });

    it('a made-up reset code is VERIFICATION_CODE_NOT_FOUND; a short new password is a result too', async () => {
      const app = makeApp();
      expect(await app.password.checkResetCode('0'.repeat(45))).toMatchObject({
        status: 'error',
        error: { code: 'VERIFICATION_CODE_NOT_FOUND' },
      });
      const email = freshEmail();
      await makeApp().password.signUp({ email, password: PASSWORD });
      await app.password.sendResetCode({ email });
      const code = codeFromLink(await latestMessage(mailbox, email));
      expect(await app.password.resetPassword({ code, password: 'short' })).toMatchObject({
        status: 'error',
        error: { code: 'PASSWORD_TOO_SHORT' },
      });
    });

    it('answers the same for an address without an account, and emails nothing', async () => {
      const email = freshEmail();
      expect(await makeApp().password.sendResetCode({ email })).toEqual({ status: 'ok', data: undefined });
      expect(await readMailbox(mailbox, email)).toEqual([]);
    });

    it('refuses a reset link to an untrusted domain', async () => {
      const email = freshEmail();
      await makeApp().password.signUp({ email, password: PASSWORD });
      const result = await makeApp().password.sendResetCode({
        email,
        callbackUrl: 'https://evil.example/handler/password-reset',
      });
      expect(result).toMatchObject({ status: 'error', error: { code: 'REDIRECT_URL_NOT_WHITELISTED' } });
    });

    it('gives a magic-link user a first password, which then signs in', async () => {
      const { app, email } = await magicLinkUser();
      expect(app.user.value?.hasPassword).toBe(false);
      // A password user could sign in with nothing before.
      expect((await makeApp().password.signIn({ email, password: PASSWORD })).status).toBe('error');

      expect(await app.password.setPassword({ password: PASSWORD })).toEqual({
        status: 'ok',
        data: undefined,
      });
      expect(app.user.value?.hasPassword).toBe(true);

      const other = makeApp();
      expect(await other.password.signIn({ email, password: PASSWORD })).toMatchObject({ status: 'ok' });
      expect(other.user.value?.id).toBe(app.user.value?.id);

      // A second "first" password is refused; changing it is updatePassword's job.
      await expect(app.password.setPassword({ password: 'another password' })).rejects.toThrow();
      expect((await makeApp().password.signIn({ email, password: PASSWORD })).status).toBe('ok');
    });

    it('setPassword returns a too-short password as a result and sets nothing', async () => {
      const { app } = await magicLinkUser();
      expect(await app.password.setPassword({ password: 'short' })).toMatchObject({
        status: 'error',
        error: { code: 'PASSWORD_TOO_SHORT' },
      });
      expect((await app.refreshUser())?.hasPassword).toBe(false);
    });
  });

  describe('contact channels', () => {
    it('lists, adds, makes primary, verifies by email and removes, with the list signal current after each call', async () => {
      const app = makeApp();
      const email = freshEmail();
      await app.password.signUp({ email, password: PASSWORD });
      const { stop, channels } = watchChannels(app);
      try {
        await vi.waitFor(() => expect(channels()).not.toBeNull());
        expect(channels()).toEqual([
          {
            id: expect.any(String),
            type: 'email',
            value: email,
            usedForAuth: true,
            isVerified: false,
            isPrimary: true,
          },
        ]);
        const firstId = channels()![0]!.id;

        const second = freshEmail();
        const added = await app.contactChannels.add({ value: second });
        expect(added).toMatchObject({
          status: 'ok',
          data: { value: second, usedForAuth: false, isVerified: false, isPrimary: false },
        });
        if (added.status !== 'ok') return;
        const secondId = added.data.id;
        // The list has already reloaded when the call resolves.
        expect(channels()?.map((c) => c.value)).toEqual([email, second]);

        const updated = await app.contactChannels.update(secondId, { usedForAuth: true, isPrimary: true });
        expect(updated).toMatchObject({ status: 'ok', data: { usedForAuth: true, isPrimary: true } });
        expect(channels()?.map((c) => [c.value, c.isPrimary])).toEqual([
          [email, false],
          [second, true],
        ]);
        // The user reflects the new primary email at once.
        expect(app.user.value).toMatchObject({ primaryEmail: second, primaryEmailVerified: false });

        expect(await app.contactChannels.sendVerification(secondId)).toEqual({
          status: 'ok',
          data: undefined,
        });
        const message = await latestMessage(mailbox, second);
        expect(message.subject).toMatch(/^Verify your email at /);
        expect(message.body.text).toContain(`${ORIGIN}/handler/email-verification?code=`);
        const code = codeFromLink(message);
        expect(await app.contactChannels.verify(code)).toEqual({ status: 'ok', data: undefined });
        expect(channels()?.find((c) => c.id === secondId)?.isVerified).toBe(true);
        expect(channels()?.find((c) => c.id === firstId)?.isVerified).toBe(false);
        expect(app.user.value?.primaryEmailVerified).toBe(true);

        expect(await app.contactChannels.verify(code)).toMatchObject({
          status: 'error',
          error: { code: 'VERIFICATION_CODE_ALREADY_USED' },
        });
        expect(await app.contactChannels.sendVerification(secondId)).toMatchObject({
          status: 'error',
          error: { code: 'EMAIL_ALREADY_VERIFIED' },
        });

        await app.contactChannels.remove(firstId);
        expect(channels()?.map((c) => c.id)).toEqual([secondId]);
        // The removed address no longer signs in; the new primary one does.
        expect((await makeApp().password.signIn({ email, password: PASSWORD })).status).toBe('error');
        expect((await makeApp().password.signIn({ email: second, password: PASSWORD })).status).toBe('ok');
      } finally {
        stop();
      }
    });

    it('refuses to use for sign-in an address someone else signs in with', async () => {
      const taken = freshEmail();
      await makeApp().password.signUp({ email: taken, password: PASSWORD });
      const app = makeApp();
      await app.password.signUp({ email: freshEmail(), password: PASSWORD });
      expect(await app.contactChannels.add({ value: taken, usedForAuth: true })).toMatchObject({
        status: 'error',
        error: { code: 'CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE' },
      });
      expect((await app.contactChannels.refresh()).map((c) => c.value)).not.toContain(taken);
    });

    it("sendVerificationEmail verifies the current user's primary email; a link opened signed out works too", async () => {
      const app = makeApp();
      const email = freshEmail();
      await app.password.signUp({ email, password: PASSWORD });
      const afterSignUp = (await readMailbox(mailbox, email)).length;

      expect(await app.contactChannels.sendVerificationEmail()).toEqual({ status: 'ok', data: undefined });
      const messages = await readMailbox(mailbox, email);
      expect(messages).toHaveLength(afterSignUp + 1);
      // The link may be opened in another browser where nobody is signed in.
      const result = await makeApp().contactChannels.verify(codeFromLink(messages.at(-1)!));
      expect(result.status).toBe('ok');

      expect((await app.refreshUser())?.primaryEmailVerified).toBe(true);
      expect(await app.contactChannels.sendVerificationEmail()).toMatchObject({
        status: 'error',
        error: { code: 'EMAIL_ALREADY_VERIFIED' },
      });
    });

    it('sendVerificationEmail throws "User does not have a primary email" once the user has none', async () => {
      // The client API cannot create a user without an email, but a user may remove their only one.
      const app = makeApp();
      const email = freshEmail();
      await app.password.signUp({ email, password: PASSWORD });
      const [only] = await app.contactChannels.refresh();
      await app.contactChannels.remove(only!.id);
      expect(app.user.value?.primaryEmail).toBeNull();

      const before = (await readMailbox(mailbox, email)).length;
      await expect(app.contactChannels.sendVerificationEmail()).rejects.toThrow(NO_PRIMARY_EMAIL_MESSAGE);
      expect(await readMailbox(mailbox, email)).toHaveLength(before);
    });

    it("shows the signed-in user's own channels after switching users in one app", async () => {
      const app = makeApp();
      const first = freshEmail();
      await app.password.signUp({ email: first, password: PASSWORD });
      const { stop, channels } = watchChannels(app);
      try {
        await vi.waitFor(() => expect(channels()?.map((c) => c.value)).toEqual([first]));
        await app.signOut();
        const { email: second } = await magicLinkUser(app);
        await vi.waitFor(() => expect(channels()?.map((c) => c.value)).toEqual([second]));
        expect(channels()?.[0]).toMatchObject({ isVerified: true, usedForAuth: true, isPrimary: true });
      } finally {
        stop();
      }
    });
  });
});
