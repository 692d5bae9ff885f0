/**
 * Pre-registered account takeover, from the attacker's side. The attacker signs up the victim's
 * address with a password (nobody proves the address); the victim then signs in with an emailed
 * code, which proves it. The proof wins: the victim is in, the address is verified, and the
 * attacker's password, sessions and unproven addresses no longer open the account — whichever
 * came first, and when both race.
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
const ATTACKER_PASSWORD = 'attacker-knows-this-1';

describe.each(backends())('email ownership proof on $name', (backend) => {
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
  const attackerSignUp = (email: string) =>
    raw(url, '/auth/password/sign-up', {
      keys: dev,
      body: { email, password: ATTACKER_PASSWORD, verification_callback_url: CALLBACK },
    });
  const passwordSignIn = (email: string) =>
    raw(url, '/auth/password/sign-in', { keys: dev, body: { email, password: ATTACKER_PASSWORD } });
  const me = (accessToken: string, refreshToken?: string) =>
    raw(url, '/users/me', { keys: dev, accessToken, refreshToken });

  /** Everything the attacker could still use is refused; the victim's session is the account's. */
  async function expectAttackerLockedOut(
    email: string,
    attacker: { access_token: string; refresh_token: string },
    victim: { access_token: string; user_id: string },
  ) {
    const signIn = await passwordSignIn(email);
    expect(signIn.headers.get('x-stack-known-error'), signIn.text).toBe('EMAIL_PASSWORD_MISMATCH');
    expect((await me(attacker.access_token)).status).not.toBe(200);
    const refresh = await raw(url, '/auth/sessions/current/refresh', {
      keys: dev,
      refreshToken: attacker.refresh_token,
      body: {},
    });
    expect(refresh.status, refresh.text).not.toBe(200);
    const victimView = await me(victim.access_token);
    expect(victimView.status, victimView.text).toBe(200);
    expect(victimView.json).toMatchObject({
      id: victim.user_id,
      primary_email: email,
      primary_email_verified: true,
      has_password: false,
    });
  }

  it('code sent, attacker signs up, victim uses the code: the victim is in and the attacker is out', async () => {
    const email = freshEmail();
    const code = await sendCode(email);
    const attacker = await attackerSignUp(email);
    expect(attacker.status, attacker.text).toBe(200);
    expect((await me(attacker.json.access_token)).json.primary_email_verified).toBe(false);

    const victim = await raw(url, '/auth/otp/sign-in', { keys: dev, body: { code } });
    expect(victim.status, victim.text).toBe(200);
    expect(victim.json.user_id).toBe(attacker.json.user_id);
    await expectAttackerLockedOut(email, attacker.json, victim.json);
  });

  it('attacker signs up first: a code for the unproven address is refused (the wire), nothing is sent', async () => {
    const email = freshEmail();
    expect((await attackerSignUp(email)).status).toBe(200);
    const sent = await raw(url, '/auth/otp/send-sign-in-code', {
      keys: dev,
      body: { email, callback_url: CALLBACK },
    });
    expect(sent.headers.get('x-stack-known-error'), sent.text).toBe('USER_EMAIL_ALREADY_EXISTS');
    // Only the sign-up's own verification email is there; no sign-in code joined it.
    const messages = await readMailbox(mailbox, email);
    expect(messages.map((m) => m.subject).filter((s) => /sign in/i.test(s))).toEqual([]);
  });

  it('a password reset proves the address the same way, and unproven addresses stop signing in', async () => {
    const email = freshEmail();
    const attacker = await attackerSignUp(email);
    // A second unproven address the attacker adds for sign-in stops working too.
    const extra = freshEmail();
    const added = await raw(url, '/contact-channels', {
      keys: dev,
      accessToken: attacker.json.access_token,
      body: { user_id: 'me', type: 'email', value: extra, used_for_auth: true },
    });
    expect(added.status, added.text).toBe(201);
    const sent = await raw(url, '/auth/password/send-reset-code', {
      keys: dev,
      body: { email, callback_url: CALLBACK },
    });
    expect(sent.status, sent.text).toBe(200);
    const reset = await raw(url, '/auth/password/reset', {
      keys: dev,
      body: { code: codeFromLink(await latestMessage(mailbox, email)), password: 'victims-own-password-1' },
    });
    expect(reset.status, reset.text).toBe(200);
    expect((await passwordSignIn(email)).headers.get('x-stack-known-error')).toBe('EMAIL_PASSWORD_MISMATCH');
    expect((await me(attacker.json.access_token)).status).not.toBe(200);
    const victim = await raw(url, '/auth/password/sign-in', {
      keys: dev,
      body: { email, password: 'victims-own-password-1' },
    });
    expect(victim.status, victim.text).toBe(200);
    expect((await me(victim.json.access_token)).json.primary_email_verified).toBe(true);
    const channels = await raw(url, '/contact-channels?user_id=me', {
      keys: dev,
      accessToken: victim.json.access_token,
    });
    const extraChannel = (channels.json.items as { value: string; used_for_auth: boolean }[]).find(
      (c) => c.value === extra,
    );
    expect(extraChannel?.used_for_auth).toBe(false);
  });

  it('a proven account keeps its password and sessions when its owner signs in with a code', async () => {
    const email = freshEmail();
    const owner = await raw(url, '/auth/otp/sign-in', { keys: dev, body: { code: await sendCode(email) } });
    const setPassword = await raw(url, '/auth/password/set', {
      keys: dev,
      accessToken: owner.json.access_token,
      body: { password: ATTACKER_PASSWORD },
    });
    expect(setPassword.status, setPassword.text).toBe(200);
    const again = await raw(url, '/auth/otp/sign-in', { keys: dev, body: { code: await sendCode(email) } });
    expect(again.status).toBe(200);
    expect((await passwordSignIn(email)).status).toBe(200);
    expect((await me(owner.json.access_token)).status).toBe(200);
  });

  it('when sign-up and code use race, the attacker never keeps a way in', async () => {
    for (let round = 0; round < 6; round++) {
      const email = freshEmail();
      const code = await sendCode(email);
      const [attacker, victim] = await Promise.all([
        attackerSignUp(email),
        raw(url, '/auth/otp/sign-in', { keys: dev, body: { code } }),
      ]);
      expect(victim.status, victim.text).toBe(200);
      // The attacker's sign-up either lost (the address was taken) or was overruled by the proof.
      if (attacker.status === 200) await expectAttackerLockedOut(email, attacker.json, victim.json);
      else
        expect(attacker.headers.get('x-stack-known-error'), attacker.text).toBe('USER_EMAIL_ALREADY_EXISTS');
      expect((await passwordSignIn(email)).status).not.toBe(200);
      expect((await me(victim.json.access_token)).status).toBe(200);
      expect((await readMailbox(mailbox, email)).length).toBeGreaterThan(0);
    }
  });
});
