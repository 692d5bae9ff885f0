/**
 * Pre-registered account takeover, the ways around the proof. The attacker signs up the victim's
 * address with a password and, before the victim proves it with an emailed code, prepares other
 * ways back in: an address of their own (even verified) made primary and used for sign-in, and a
 * reset link sent to it. After the proof none of them opens the account. And the boundary of the
 * rule: an owner who verified by the sign-up's link keeps the password a later code finds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import {
  codeFromLink,
  emailedSignInCode,
  latestMessage,
  patchConfig,
  readMailbox,
} from '../support/outbox.js';
import { freshEmail, raw } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

const CALLBACK = 'http://localhost:5173/handler/magic-link-callback';
const PASSWORD = 'attacker-knows-this-1';

describe.each(backends())('account takeover paths on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  let dev: ProjectKeys;
  let mailbox: string;
  beforeAll(async () => {
    running = await backend.create({ resetCodeResponseTimeMs: { min: 0, max: 0 } });
    url = running.url;
    dev = running.server.seeded.dev;
    mailbox = (await running.server.listenMailbox(0)).url;
    await patchConfig(url, dev, { magic_link_enabled: true });
  });
  afterAll(async () => {
    await running?.close();
  });

  const sendCode = (email: string) =>
    emailedSignInCode({ url, keys: dev, mailboxUrl: mailbox }, email, CALLBACK);
  const signInByCode = (code: string) => raw(url, '/auth/otp/sign-in', { keys: dev, body: { code } });
  const signUp = (email: string, password = PASSWORD) =>
    raw(url, '/auth/password/sign-up', {
      keys: dev,
      body: { email, password, verification_callback_url: CALLBACK },
    });
  const passwordSignIn = (email: string, password = PASSWORD) =>
    raw(url, '/auth/password/sign-in', { keys: dev, body: { email, password } });
  const sendReset = async (email: string) => {
    const before = (await readMailbox(mailbox, email)).length;
    const sent = await raw(url, '/auth/password/send-reset-code', {
      keys: dev,
      body: { email, callback_url: CALLBACK },
    });
    expect(sent.status, sent.text).toBe(200);
    const after = await readMailbox(mailbox, email);
    return after.length > before ? codeFromLink(after.at(-1)!) : undefined;
  };
  const channelsOf = async (userId: string) => {
    const list = await raw(url, `/contact-channels?user_id=${userId}`, { keys: dev, access: 'server' });
    expect(list.status, list.text).toBe(200);
    return list.json.items as { id: string; value: string; is_primary: boolean; used_for_auth: boolean }[];
  };

  it("the attacker's own verified primary address and its reset link stop opening the account", async () => {
    const victimEmail = freshEmail();
    const code = await sendCode(victimEmail);
    const attacker = await signUp(victimEmail);
    expect(attacker.status, attacker.text).toBe(200);
    const token = attacker.json.access_token as string;

    // An address of the attacker's own, verified through its link, primary and used for sign-in.
    const ownEmail = freshEmail();
    const added = await raw(url, '/contact-channels', {
      keys: dev,
      accessToken: token,
      body: { user_id: 'me', type: 'email', value: ownEmail, used_for_auth: true, is_primary: true },
    });
    expect(added.status, added.text).toBe(201);
    const sentVerification = await raw(url, `/contact-channels/me/${added.json.id}/send-verification-code`, {
      keys: dev,
      accessToken: token,
      body: { callback_url: CALLBACK },
    });
    expect(sentVerification.status, sentVerification.text).toBe(200);
    const verified = await raw(url, '/contact-channels/verify', {
      keys: dev,
      body: { code: codeFromLink(await latestMessage(mailbox, ownEmail)) },
    });
    expect(verified.status, verified.text).toBe(200);
    expect((await passwordSignIn(ownEmail)).status).toBe(200);
    // A reset link kept for later.
    const resetCode = await sendReset(ownEmail);
    expect(resetCode).toBeDefined();

    const victim = await signInByCode(code);
    expect(victim.status, victim.text).toBe(200);
    expect(victim.json.user_id).toBe(attacker.json.user_id);

    const reset = await raw(url, '/auth/password/reset', {
      keys: dev,
      body: { code: resetCode, password: 'attacker-resets-this-1' },
    });
    expect(reset.headers.get('x-stack-known-error'), reset.text).toBe('VERIFICATION_CODE_EXPIRED');
    for (const [email, password] of [
      [victimEmail, PASSWORD],
      [ownEmail, PASSWORD],
      [victimEmail, 'attacker-resets-this-1'],
    ] as const) {
      expect((await passwordSignIn(email, password)).status, `${email} / ${password}`).not.toBe(200);
    }
    // The attacker's address no longer reaches the account: no new reset link is sent, and a
    // sign-in code for it makes an account of its own.
    expect(await sendReset(ownEmail)).toBeUndefined();
    const elsewhere = await signInByCode(await sendCode(ownEmail));
    expect(elsewhere.status, elsewhere.text).toBe(200);
    expect(elsewhere.json.user_id).not.toBe(victim.json.user_id);

    const channels = await channelsOf(victim.json.user_id);
    expect(channels.filter((c) => c.used_for_auth).map((c) => c.value)).toEqual([victimEmail]);
    expect(channels.filter((c) => c.is_primary).map((c) => c.value)).toEqual([victimEmail]);
    const me = await raw(url, '/users/me', { keys: dev, accessToken: victim.json.access_token });
    expect(me.json).toMatchObject({
      primary_email: victimEmail,
      primary_email_verified: true,
      has_password: false,
    });
  });

  it("a victim's sign-in by code ends the attacker's session, answered from memory until then", async () => {
    const victimEmail = freshEmail();
    const code = await sendCode(victimEmail);
    const attacker = await signUp(victimEmail);
    expect(attacker.status, attacker.text).toBe(200);
    const attackerView = () => raw(url, '/users/me', { keys: dev, accessToken: attacker.json.access_token });
    // Asked again and again: the attacker's user and session are kept in memory.
    for (let i = 0; i < 3; i++) expect((await attackerView()).status).toBe(200);

    const victim = await signInByCode(code);
    expect(victim.status, victim.text).toBe(200);
    expect(victim.json.user_id).toBe(attacker.json.user_id);
    // The proof ended every session of the unproven sign-up: the very next request is refused.
    expect((await attackerView()).status).not.toBe(200);
    const mine = await raw(url, '/users/me', { keys: dev, accessToken: victim.json.access_token });
    expect(mine.json).toMatchObject({ primary_email: victimEmail, primary_email_verified: true });
  });

  it('a reset through the unproven address takes the account back from a sign-up made first', async () => {
    const email = freshEmail();
    const attacker = await signUp(email);
    expect(attacker.status).toBe(200);
    // The wire refuses a sign-in code for the unproven address; Forgot password is the way back.
    const refused = await raw(url, '/auth/otp/send-sign-in-code', {
      keys: dev,
      body: { email, callback_url: CALLBACK },
    });
    expect(refused.headers.get('x-stack-known-error'), refused.text).toBe('USER_EMAIL_ALREADY_EXISTS');
    const reset = await raw(url, '/auth/password/reset', {
      keys: dev,
      body: { code: await sendReset(email), password: 'victims-own-password-1' },
    });
    expect(reset.status, reset.text).toBe(200);
    expect((await passwordSignIn(email)).status).not.toBe(200);
    const attackerView = await raw(url, '/users/me', { keys: dev, accessToken: attacker.json.access_token });
    expect(attackerView.status).not.toBe(200);
    const refreshed = await raw(url, '/auth/sessions/current/refresh', {
      keys: dev,
      refreshToken: attacker.json.refresh_token,
      body: {},
    });
    expect(refreshed.status).not.toBe(200);
    const victim = await passwordSignIn(email, 'victims-own-password-1');
    expect(victim.status, victim.text).toBe(200);
    // Now proven, the address takes sign-in codes, into the same account, password kept.
    const byCode = await signInByCode(await sendCode(email));
    expect(byCode.json.user_id).toBe(victim.json.user_id);
    expect((await passwordSignIn(email, 'victims-own-password-1')).status).toBe(200);
  });

  it('an owner who verified by the sign-up link keeps the password when signing in by code', async () => {
    const email = freshEmail();
    const owner = await signUp(email, 'owners-password-1');
    expect(owner.status).toBe(200);
    const verified = await raw(url, '/contact-channels/verify', {
      keys: dev,
      body: { code: codeFromLink(await latestMessage(mailbox, email)) },
    });
    expect(verified.status, verified.text).toBe(200);
    const byCode = await signInByCode(await sendCode(email));
    expect(byCode.status, byCode.text).toBe(200);
    expect(byCode.json.user_id).toBe(owner.json.user_id);
    expect((await passwordSignIn(email, 'owners-password-1')).status).toBe(200);
    const first = await raw(url, '/users/me', { keys: dev, accessToken: owner.json.access_token });
    expect(first.status).toBe(200);
  });
});
