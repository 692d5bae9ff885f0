/**
 * The third-party plugin of examples/custom-plugin (sign-in tickets), against the real signet
 * server and its own backend on loopback: its calls, its own error codes decoded as its errors,
 * its page's callback route run by `app.handle`, and the attacks a ticket invites — replay, a
 * race of two redeems, a forged or expired ticket, a ticket asked for without a session or by a
 * user of another project.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../core/index.js';
import { startTicketBackend } from '../../examples/custom-plugin/src/backend.js';
import { tickets } from '../../examples/custom-plugin/src/ticket-plugin.js';
import { TICKET_ERROR_MESSAGES, type TicketErrorCode } from '../../examples/custom-plugin/src/wire.js';
import { password } from '../../plugins/password/index.js';
import { freshEmail } from '../support/raw-api.js';
import { backends } from '../support/server.js';

const PAGE = 'http://localhost:5173/';

/** What a host tells the user for each of the plugin's codes: a switch the compiler checks. */
function advice(code: TicketErrorCode): 'ask again' | 'expired' | 'used' {
  switch (code) {
    case 'TICKET_UNKNOWN':
      return 'ask again';
    case 'TICKET_EXPIRED':
      return 'expired';
    case 'TICKET_USED':
      return 'used';
  }
}

describe.each(backends())('custom plugin (sign-in tickets) on $name', (backend) => {
  let running: Awaited<ReturnType<typeof backend.create>>;
  let ticketBackend: Awaited<ReturnType<typeof startTicketBackend>>;
  let clock = Date.now();
  beforeAll(async () => {
    running = await backend.create();
    const keys = running.server.seeded.dev;
    ticketBackend = await startTicketBackend({
      signetUrl: running.url,
      projectId: keys.projectId,
      publishableClientKey: keys.publishableClientKey,
      secretServerKey: keys.secretServerKey,
      now: () => clock,
    });
  });
  afterAll(async () => {
    await ticketBackend?.close();
    await running?.close();
  });

  const makeApp = () => {
    const keys = running.server.seeded.dev;
    return createApp({
      projectId: keys.projectId,
      publishableClientKey: keys.publishableClientKey,
      baseUrl: running.url,
      tokenStore: 'memory',
      redirectMethod: 'none',
      env: { currentUrl: () => PAGE },
      plugins: [password(), tickets({ endpoint: ticketBackend.url })],
    });
  };

  async function signedIn() {
    const app = makeApp();
    const result = await app.password.signUp({
      email: freshEmail(),
      password: 'correct horse 1',
      noRedirect: true,
    });
    if (result.status !== 'ok') throw new Error('sign-up failed');
    return { app, userId: result.data.userId };
  }

  it('declares its page under the handler base and signs another device in through app.handle', async () => {
    const { app, userId } = await signedIn();
    expect(app.urls.ticketSignIn).toBe('/handler/ticket');
    const created = await app.tickets.create();
    if (created.status !== 'ok') throw created.error;
    expect(created.data.url).toMatch(/^http:\/\/localhost:5173\/handler\/ticket\?ticket=/);

    const other = makeApp();
    const handled = await other.handle(created.data.url);
    expect(handled).toMatchObject({ urlName: 'ticketSignIn', pluginId: 'tickets', result: { status: 'ok' } });
    expect((await other.getUser())?.id).toBe(userId);
    expect(other.lastSignInMethod.value).toBe('ticket');
  });

  it('decodes its own error codes as its errors, not as "update the client"', async () => {
    const app = makeApp();
    const result = await app.tickets.redeem({ ticket: 'forged', noRedirect: true });
    if (result.status !== 'error') throw new Error('a forged ticket signed in');
    expect(result.error.code).toBe('TICKET_UNKNOWN');
    expect(result.error.plugin).toBe('tickets');
    expect(result.error.status).toBe(404);
    expect(result.error.message).toBe(TICKET_ERROR_MESSAGES.TICKET_UNKNOWN);
    expect(await app.getUser()).toBeNull();
  });

  it('refuses a replayed ticket, and lets exactly one of two racing redeems in', async () => {
    const { app } = await signedIn();
    const created = await app.tickets.create();
    if (created.status !== 'ok') throw created.error;
    const ticket = created.data.ticket;
    const [a, b] = await Promise.all([
      makeApp().tickets.redeem({ ticket, noRedirect: true }),
      makeApp().tickets.redeem({ ticket, noRedirect: true }),
    ]);
    expect([a.status, b.status].sort()).toEqual(['error', 'ok']);
    const replay = await makeApp().tickets.redeem({ ticket, noRedirect: true });
    expect(replay.status === 'error' && replay.error.code).toBe('TICKET_USED');
  });

  it('refuses an expired ticket in its own words, a code the host can switch on', async () => {
    const { app } = await signedIn();
    const created = await app.tickets.create();
    if (created.status !== 'ok') throw created.error;
    clock += 6 * 60_000;
    try {
      const other = makeApp();
      const late = await other.tickets.redeem({ ticket: created.data.ticket, noRedirect: true });
      if (late.status !== 'error') throw new Error('an expired ticket signed in');
      expect(late.error.plugin).toBe('tickets');
      expect(late.error.status).toBe(410);
      expect(advice(late.error.code)).toBe('expired');
      expect(late.error.message).toBe(TICKET_ERROR_MESSAGES.TICKET_EXPIRED);
      expect(await other.getUser()).toBeNull();
      // Still unused: once in time, the same ticket works.
      clock -= 6 * 60_000;
      const inTime = await other.tickets.redeem({ ticket: created.data.ticket, noRedirect: true });
      expect(inTime.status).toBe('ok');
    } finally {
      clock = Date.now();
    }
  });

  it('sends the plugin’s own backend none of signet’s headers or tokens', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const recorder = createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(409, { 'content-type': 'application/json', 'x-stack-known-error': 'TICKET_USED' });
      res.end(JSON.stringify({ code: 'TICKET_USED', error: TICKET_ERROR_MESSAGES.TICKET_USED }));
    });
    await new Promise<void>((done) => recorder.listen(0, '127.0.0.1', done));
    try {
      const keys = running.server.seeded.dev;
      const { port } = recorder.address() as AddressInfo;
      const spy = createApp({
        projectId: keys.projectId,
        publishableClientKey: keys.publishableClientKey,
        baseUrl: running.url,
        tokenStore: 'memory',
        redirectMethod: 'none',
        env: { currentUrl: () => PAGE },
        plugins: [password(), tickets({ endpoint: `http://127.0.0.1:${port}` })],
      });
      // Signed in, so there are tokens the kit could wrongly attach.
      const signUp = await spy.password.signUp({
        email: freshEmail(),
        password: 'correct horse 1',
        noRedirect: true,
      });
      expect(signUp.status).toBe('ok');
      const result = await spy.tickets.redeem({ ticket: 'any', noRedirect: true });
      expect(result.status === 'error' && [result.error.code, result.error.plugin]).toEqual([
        'TICKET_USED',
        'tickets',
      ]);
      expect(seen).toHaveLength(1);
      const names = Object.keys(seen[0]!);
      expect(names.filter((name) => name.startsWith('x-stack'))).toEqual([]);
      expect(names).not.toContain('authorization');
      expect(names).not.toContain('cookie');
    } finally {
      await new Promise<void>((done) => recorder.close(() => done()));
    }
  });

  it('makes no ticket for a user of another project on the same server', async () => {
    const keys = running.server.seeded.internal;
    const foreign = createApp({
      projectId: keys.projectId,
      publishableClientKey: keys.publishableClientKey,
      baseUrl: running.url,
      tokenStore: 'memory',
      redirectMethod: 'none',
      env: { currentUrl: () => PAGE },
      plugins: [password(), tickets({ endpoint: ticketBackend.url })],
    });
    const signUp = await foreign.password.signUp({
      email: freshEmail(),
      password: 'correct horse 1',
      noRedirect: true,
    });
    if (signUp.status !== 'ok') throw new Error('sign-up failed');
    // Signed in, but in another project: the backend asks its own project, which knows no such session.
    const created = await foreign.tickets.create();
    if (created.status !== 'error') throw new Error('a ticket was made for another project’s user');
    expect(created.error.code).toBe('USER_AUTHENTICATION_REQUIRED');
    expect(created.error.message).toBe('Sign in to create a ticket.');
    expect(created.error.plugin).toBeUndefined();
  });

  it('makes no ticket without a session, nor for a revoked one', async () => {
    const anonymous = await makeApp()
      .tickets.create()
      .catch((error: Error) => error);
    expect(anonymous).toBeInstanceOf(Error);
    const { app } = await signedIn();
    await app.signOut({ noRedirect: true });
    await expect(app.tickets.create()).rejects.toThrow('Sign in to create a ticket.');
  });
});
