/**
 * The retention sweep (`server.sweep()`): on the server's clock it deletes verification codes dead
 * for more than 7 days, sessions expired more than 7 days ago and emails older than 30 days, and
 * nothing else; a late code still answers EXPIRED / ALREADY_USED within the grace. Ages are
 * options, and `retention: false` keeps everything. On every database backend.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { codeFromLink, patchConfig, readMailbox } from '../support/outbox.js';
import { expectKnownError, freshEmail, raw } from '../support/raw-api.js';
import { type Backend, backends, type TestServerOptions } from '../support/server.js';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
const CALLBACK = 'http://localhost:5173/handler/magic-link-callback';
const VERIFY_CALLBACK = 'http://localhost:5173/handler/email-verification';
const NOTHING = { verificationCodes: 0, refreshTokens: 0, sentEmails: 0, cliAuthAttempts: 0 };

/** A test server on a clock that moves only when told, with magic-link codes on. */
async function startServer(backend: Backend, options: TestServerOptions = {}) {
  const start = Date.now();
  let clock = start;
  const running = await backend.create({ ...options, now: () => clock });
  const url = running.url;
  const mailbox = (await running.server.listenMailbox(0)).url;
  const dev = running.server.seeded.dev;
  await patchConfig(url, dev, { magic_link_enabled: true });
  return {
    running,
    dev,
    mailbox,
    /** Sets the clock to `offset` ms after start. */
    at: (offset: number) => {
      clock = start + offset;
    },
    /** Sends a sign-in code to `email` (a fresh one by default); returns the code from the link. */
    async sendCode(email = freshEmail()) {
      const sent = await raw(url, '/auth/otp/send-sign-in-code', {
        keys: dev,
        body: { email, callback_url: CALLBACK },
      });
      expect(sent.status, sent.text).toBe(200);
      const messages = await readMailbox(mailbox, email);
      return { email, code: codeFromLink(messages.at(-1)!), messageId: messages.at(-1)!.id };
    },
    signIn: (code: string) => raw(url, '/auth/otp/sign-in', { keys: dev, body: { code } }),
    /** Adds an email channel to `userId` and returns its verification code (valid 7 days). */
    async sendVerification(userId: string) {
      const server = { keys: dev, access: 'server' as const };
      const value = freshEmail();
      const channel = await raw(url, '/contact-channels', {
        ...server,
        body: { user_id: userId, value, type: 'email', used_for_auth: false },
      });
      expect(channel.status, channel.text).toBe(201);
      const sent = await raw(url, `/contact-channels/${userId}/${channel.json.id}/send-verification-code`, {
        ...server,
        body: { callback_url: VERIFY_CALLBACK },
      });
      expect(sent.status, sent.text).toBe(200);
      return codeFromLink((await readMailbox(mailbox, value)).at(-1)!);
    },
    verify: (code: string) => raw(url, '/contact-channels/verify', { keys: dev, body: { code } }),
    /** A session for `userId` that expires `lifetime` ms after the clock's now. */
    async createSession(userId: string, lifetime: number) {
      const created = await raw(url, '/auth/sessions', {
        keys: dev,
        access: 'server',
        body: { user_id: userId, expires_in_millis: lifetime },
      });
      expect(created.status, created.text).toBe(200);
      return created.json.refresh_token as string;
    },
    refresh: (refreshToken: string) =>
      raw(url, '/auth/sessions/current/refresh', { keys: dev, refreshToken, body: {} }),
    adminEmailIds: async (keys: ProjectKeys = dev) =>
      ((await raw(url, '/internal/emails', { keys, access: 'admin' })).json.items as { id: string }[]).map(
        (e) => e.id,
      ),
  };
}

describe.each(backends())('server retention on $name', (backend) => {
  let s: Awaited<ReturnType<typeof startServer>>;
  // The final sweep happens at T: 31 days and an hour after the server started.
  const T = 31 * DAY + 60 * MINUTE;
  const codes = {} as Record<
    'usedLongAgo' | 'expiredLongAgo' | 'expired8d' | 'expired6d' | 'used8d' | 'usedYesterday' | 'live',
    string
  >;
  const old = { email: '', messageIds: [] as string[] };
  const recentMessageIds: string[] = [];
  let recentEmail = '';
  let longSession = '';
  let expired8dSession = '';
  let expired6dSession = '';

  beforeAll(async () => {
    s = await startServer(backend);
    // Day 0: two codes to one address, one used (which signs the user up), one never.
    const first = await s.sendCode();
    const second = await s.sendCode(first.email);
    old.email = first.email;
    old.messageIds = [first.messageId, second.messageId];
    codes.usedLongAgo = first.code;
    const signIn = await s.signIn(first.code);
    expect(signIn.status, signIn.text).toBe(200);
    codes.expiredLongAgo = second.code;
    longSession = signIn.json.refresh_token;
    const userId = signIn.json.user_id as string;

    // Sessions that expired 8 and 6 days before T (each lived one day).
    s.at(T - 9 * DAY);
    expired8dSession = await s.createSession(userId, DAY);
    s.at(T - 7 * DAY);
    expired6dSession = await s.createSession(userId, DAY);

    // Codes that expired (10 minutes after sending) 8 and 6 days before T.
    s.at(T - 8 * DAY - 10 * MINUTE);
    const expired8d = await s.sendCode();
    codes.expired8d = expired8d.code;
    recentEmail = expired8d.email;
    recentMessageIds.push(expired8d.messageId);
    s.at(T - 6 * DAY - 10 * MINUTE);
    codes.expired6d = (await s.sendCode()).code;

    // Email verification codes live 7 days: one used 8 days before T (expired only 2 days
    // before T, so its use is what retires it), and one used yesterday (still unexpired).
    s.at(T - 9 * DAY);
    codes.used8d = await s.sendVerification(userId);
    s.at(T - 8 * DAY);
    expect((await s.verify(codes.used8d)).status).toBe(200);
    s.at(T - 2 * DAY);
    codes.usedYesterday = await s.sendVerification(userId);
    s.at(T - DAY);
    expect((await s.verify(codes.usedYesterday)).status).toBe(200);

    // A sign-in code sent five minutes before T.
    s.at(T - 5 * MINUTE);
    codes.live = (await s.sendCode()).code;
    s.at(T);
  });
  afterAll(async () => {
    await s?.running.close();
  });

  it('deletes exactly the dead rows, once, even with two sweeps at once', async () => {
    // Before the sweep the codes dead for 8 days are still known.
    expectKnownError(await s.signIn(codes.expired8d), 'VERIFICATION_CODE_EXPIRED');
    expectKnownError(await s.verify(codes.used8d), 'VERIFICATION_CODE_EXPIRED');
    const [a, b] = await Promise.all([s.running.server.sweep(), s.running.server.sweep()]);
    // Two codes from day 0, the ones expired or used 8 days ago; one session; the two day-0 emails.
    expect({
      verificationCodes: a.verificationCodes + b.verificationCodes,
      refreshTokens: a.refreshTokens + b.refreshTokens,
      sentEmails: a.sentEmails + b.sentEmails,
    }).toEqual({ verificationCodes: 4, refreshTokens: 1, sentEmails: 2 });
    expect(await s.running.server.sweep()).toEqual(NOTHING);
  });

  it('codes: dead over 7 days are NOT_FOUND; within the grace EXPIRED / ALREADY_USED; live ones work', async () => {
    expectKnownError(await s.signIn(codes.usedLongAgo), 'VERIFICATION_CODE_NOT_FOUND');
    expectKnownError(await s.signIn(codes.expiredLongAgo), 'VERIFICATION_CODE_NOT_FOUND');
    expectKnownError(await s.signIn(codes.expired8d), 'VERIFICATION_CODE_NOT_FOUND');
    expectKnownError(await s.verify(codes.used8d), 'VERIFICATION_CODE_NOT_FOUND');
    expectKnownError(await s.signIn(codes.expired6d), 'VERIFICATION_CODE_EXPIRED');
    expectKnownError(await s.verify(codes.usedYesterday), 'VERIFICATION_CODE_ALREADY_USED');
    const live = await s.signIn(codes.live);
    expect(live.status, live.text).toBe(200);
  });

  it('sessions: a live one still refreshes; expired ones stay refused', async () => {
    expect((await s.refresh(longSession)).status).toBe(200);
    expectKnownError(await s.refresh(expired8dSession), 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
    expectKnownError(await s.refresh(expired6dSession), 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
  });

  it('emails: the outbox and /internal/emails drop a 31-day-old email and keep recent ones', async () => {
    expect(await readMailbox(s.mailbox, old.email)).toEqual([]);
    expect((await readMailbox(s.mailbox, recentEmail)).map((m) => m.id)).toEqual(recentMessageIds);
    const listed = await s.adminEmailIds();
    expect(listed).toEqual(expect.arrayContaining(recentMessageIds));
    for (const id of old.messageIds) expect(listed).not.toContain(id);
  });
});

describe.each(backends())('server retention options on $name', (backend) => {
  it('retention: false deletes nothing', async () => {
    const s = await startServer(backend, { retention: false });
    try {
      const { email, code } = await s.sendCode();
      s.at(400 * DAY);
      expect(await s.running.server.sweep()).toEqual(NOTHING);
      expect(await readMailbox(s.mailbox, email)).toHaveLength(1);
      expectKnownError(await s.signIn(code), 'VERIFICATION_CODE_EXPIRED');
    } finally {
      await s.running.close();
    }
  });

  it('each age is an option: emails kept 1 day go after 2, codes keep the 7-day default', async () => {
    const s = await startServer(backend, { retention: { sentEmailsDays: 1 } });
    try {
      const { email, code } = await s.sendCode();
      s.at(2 * DAY);
      expect(await s.running.server.sweep()).toEqual({ ...NOTHING, sentEmails: 1 });
      expect(await readMailbox(s.mailbox, email)).toEqual([]);
      expectKnownError(await s.signIn(code), 'VERIFICATION_CODE_EXPIRED');
    } finally {
      await s.running.close();
    }
  });
});
