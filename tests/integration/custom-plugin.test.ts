/**
 * The third-party plugin of examples/custom-plugin (sign-in tickets), against the real signet
 * server and its own backend on loopback: its calls, its own error codes decoded as its errors,
 * its page's callback route run by `app.handle`, and the attacks a ticket invites — replay, a
 * race of two redeems, a forged or expired ticket, a ticket asked for without a session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../core/index.js';
import { startTicketBackend } from '../../examples/custom-plugin/src/backend.js';
import { tickets } from '../../examples/custom-plugin/src/ticket-plugin.js';
import { TICKET_ERROR_MESSAGES } from '../../examples/custom-plugin/src/wire.js';
import { password } from '../../plugins/password/index.js';
import { freshEmail } from '../support/raw-api.js';
import { backends } from '../support/server.js';

const PAGE = 'http://localhost:5173/';

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

  it('refuses an expired ticket', async () => {
    const { app } = await signedIn();
    const created = await app.tickets.create();
    if (created.status !== 'ok') throw created.error;
    clock += 6 * 60_000;
    try {
      const late = await makeApp().tickets.redeem({ ticket: created.data.ticket, noRedirect: true });
      expect(late.status === 'error' && late.error.code).toBe('TICKET_EXPIRED');
    } finally {
      clock -= 6 * 60_000;
    }
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
