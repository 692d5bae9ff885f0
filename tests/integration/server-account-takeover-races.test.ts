/**
 * Pre-registered account takeover under races. The victim's code use is started at spread
 * moments across the attacker's sign-up (before it, during it, after it), and from the moment the
 * sign-up answers the attacker keeps trying every way in at once: password sign-ins, new sign-in
 * addresses, and reset links to an address of their own. Whatever lands before the proof is
 * revoked with it and whatever lands after it is refused: afterwards no password, session or
 * address of the attacker's opens the victim's account.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { codeFromLink, latestMessage, patchConfig, readMailbox } from '../support/outbox.js';
import { freshEmail, type RawResponse, raw } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

const CALLBACK = 'http://localhost:5173/handler/magic-link-callback';
const PASSWORD = 'attacker-knows-this-1';
const RESET_PASSWORD = 'attacker-reset-this-1';
const ROUNDS = 12;

interface Tokens {
  access_token: string;
  refresh_token: string;
}

describe.each(backends())('account takeover races on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  let dev: ProjectKeys;
  let mailbox: string;
  beforeAll(async () => {
    running = await backend.create({
      resetCodeResponseTimeMs: { min: 0, max: 0 },
      rateLimits: { mode: 'off' },
    });
    url = running.url;
    dev = running.server.seeded.dev;
    mailbox = (await running.server.listenMailbox(0)).url;
    await patchConfig(url, dev, { magic_link_enabled: true });
  });
  afterAll(async () => {
    await running?.close();
  });

  const signUp = (email: string) =>
    raw(url, '/auth/password/sign-up', {
      keys: dev,
      body: { email, password: PASSWORD, verification_callback_url: CALLBACK },
    });
  const passwordSignIn = (email: string, password = PASSWORD) =>
    raw(url, '/auth/password/sign-in', { keys: dev, body: { email, password } });
  const sendReset = async (email: string) => {
    const sent = await raw(url, '/auth/password/send-reset-code', {
      keys: dev,
      body: { email, callback_url: CALLBACK },
    });
    expect(sent.status, sent.text).toBe(200);
  };

  /** Runs `step` over and over until `done()`, then once more. */
  async function keepTrying(done: () => boolean, step: () => Promise<unknown>) {
    do await step();
    while (!done());
    await step();
  }

  /**
   * The attacker: signs the victim's address up, adds an address of their own for sign-in with
   * reset links to it, then tries every way in until the victim is through. Collects every pair
   * of tokens that was handed out and every address added.
   */
  async function attack(email: string, victimDone: () => boolean) {
    const tokens: Tokens[] = [];
    const addresses: string[] = [];
    const up = await signUp(email);
    if (up.status !== 200) return { up, tokens, addresses };
    tokens.push(up.json);
    const keep = (response: RawResponse) => {
      if (response.status === 200) tokens.push(response.json);
    };
    const addAddress = async () => {
      const value = freshEmail();
      const added = await raw(url, '/contact-channels', {
        keys: dev,
        accessToken: up.json.access_token,
        body: { user_id: 'me', type: 'email', value, used_for_auth: true },
      });
      if (added.status === 201) addresses.push(value);
      return added.status === 201 ? value : undefined;
    };
    const own = await addAddress();
    const resetCodes: string[] = [];
    if (own) {
      for (let i = 0; i < 3; i++) await sendReset(own);
      for (const message of await readMailbox(mailbox, own)) resetCodes.push(codeFromLink(message));
    }
    await Promise.all([
      keepTrying(victimDone, async () => keep(await passwordSignIn(email))),
      keepTrying(victimDone, async () => keep(await passwordSignIn(email))),
      keepTrying(victimDone, addAddress),
      keepTrying(victimDone, async () => {
        const code = resetCodes.shift();
        // Nothing left to try: wait a little rather than spin (a resolved promise never yields).
        if (!code) return sleep(5);
        await raw(url, '/auth/password/reset', { keys: dev, body: { code, password: RESET_PASSWORD } });
        for (const address of [email, ...addresses]) keep(await passwordSignIn(address, RESET_PASSWORD));
      }),
    ]);
    return { up, tokens, addresses };
  }

  it('the attacker never keeps a way in, whichever lands first', async () => {
    const timed = performance.now();
    expect((await signUp(freshEmail())).status).toBe(200);
    const signUpMs = performance.now() - timed;
    let overruled = 0;
    let released = 0;
    let lost = 0;

    for (let round = 0; round < ROUNDS; round++) {
      const email = freshEmail();
      const sent = await raw(url, '/auth/otp/send-sign-in-code', {
        keys: dev,
        body: { email, callback_url: CALLBACK },
      });
      expect(sent.status, sent.text).toBe(200);
      const code = codeFromLink(await latestMessage(mailbox, email));
      let victimDone = false;
      // The code is used from well before the sign-up starts to well after it answered.
      const offset = (round / (ROUNDS - 1)) * 3 * signUpMs - signUpMs;
      const [attacker, victim] = await Promise.all([
        sleep(Math.max(0, -offset)).then(() => attack(email, () => victimDone)),
        (async () => {
          await sleep(Math.max(0, offset));
          try {
            return await raw(url, '/auth/otp/sign-in', { keys: dev, body: { code } });
          } finally {
            victimDone = true;
          }
        })(),
      ]);
      expect(victim.status, victim.text).toBe(200);
      const victimId = victim.json.user_id as string;
      if (attacker.up.status !== 200) {
        lost++;
        expect(attacker.up.headers.get('x-stack-known-error'), attacker.up.text).toBe(
          'USER_EMAIL_ALREADY_EXISTS',
        );
      } else if (attacker.up.json.user_id === victimId) overruled++;
      // Otherwise the attacker's reset through their own address proved it first, which took the
      // unproven sign-up address off their account: the victim's code made an account of its own.
      else released++;

      // No password of the attacker's opens the account, by any address.
      for (const address of [email, ...attacker.addresses]) {
        for (const password of [PASSWORD, RESET_PASSWORD]) {
          const signIn = await passwordSignIn(address, password);
          if (signIn.status === 200)
            expect(signIn.json.user_id, `${address} / ${password}`).not.toBe(victimId);
        }
      }
      // No session handed out to the attacker works, by access token or by refresh token.
      const userOf = async (accessToken: string) => {
        const me = await raw(url, '/users/me', { keys: dev, accessToken });
        return me.status === 200 ? (me.json.id as string) : undefined;
      };
      for (const tokens of attacker.tokens) {
        expect(await userOf(tokens.access_token), `round ${round}: access token`).not.toBe(victimId);
        const refreshed = await raw(url, '/auth/sessions/current/refresh', {
          keys: dev,
          refreshToken: tokens.refresh_token,
          body: {},
        });
        if (refreshed.status === 200) {
          expect(await userOf(refreshed.json.access_token), `round ${round}: refresh`).not.toBe(victimId);
        }
      }
      // Only the proven address signs in to the account; the victim is in, verified, passwordless.
      const channels = await raw(url, `/contact-channels?user_id=${victimId}`, {
        keys: dev,
        access: 'server',
      });
      const auth = (channels.json.items as { value: string; used_for_auth: boolean }[]).filter(
        (c) => c.used_for_auth,
      );
      expect(auth.map((c) => c.value)).toEqual([email]);
      const me = await raw(url, '/users/me', { keys: dev, accessToken: victim.json.access_token });
      expect(me.status, me.text).toBe(200);
      expect(me.json).toMatchObject({
        primary_email: email,
        primary_email_verified: true,
        has_password: false,
      });
    }
    // Both orders really happened: the sign-up lost to the code, and the proof overruled it.
    expect(lost, 'rounds where the code came first').toBeGreaterThan(0);
    expect(overruled, `rounds where the sign-up came first (${released} released)`).toBeGreaterThan(0);
  }, 120_000);
});
