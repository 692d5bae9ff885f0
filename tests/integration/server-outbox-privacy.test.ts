/**
 * The development outbox answers without a credential, so it must hold nothing worth stealing:
 * only emails a project sent through the shared (development) config while not in production
 * mode. A project's own SMTP mail (a real user's reset link) is never listed nor readable by id,
 * even after the project switches back to the shared config; a project in production mode has
 * nothing served at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { patchConfig, readMailbox } from '../support/outbox.js';
import { PRODUCTION_ORIGIN, setProductionMode, trustProductionOrigin } from '../support/rate-limits.js';
import { raw } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp.js';

const CALLBACK = `${PRODUCTION_ORIGIN}/handler/password-reset`;

describe.each(backends())('outbox privacy on $name', (backend) => {
  let running: RunningServer;
  let dev: ProjectKeys;
  let mailbox: string;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    running = await backend.create({ resetCodeResponseTimeMs: { min: 0, max: 0 } });
    dev = running.server.seeded.dev;
    mailbox = (await running.server.listenMailbox(0)).url;
    await trustProductionOrigin(running.url, dev);
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await running?.close();
    await smtp?.stop();
  });

  /** Asks for a password reset of `local@example.com` (signing it up first) and returns the address. */
  async function resetEmailTo(local: string) {
    const email = `${local}-${Date.now()}@example.com`;
    const signUp = await raw(running.url, '/auth/password/sign-up', {
      keys: dev,
      body: { email, password: 'correct horse 1', verification_callback_url: CALLBACK },
    });
    expect(signUp.status, signUp.text).toBe(200);
    const sent = await raw(running.url, '/auth/password/send-reset-code', {
      keys: dev,
      body: { email, callback_url: CALLBACK },
    });
    expect(sent.status, sent.text).toBe(200);
    return email;
  }

  /** The ids of the project's recorded emails to `email`, as its admin sees them. */
  async function recordedIds(email: string) {
    const list = await raw(running.url, '/internal/emails', { keys: dev, access: 'admin' });
    expect(list.status, list.text).toBe(200);
    return (list.json.items as { id: string; to: string[] }[])
      .filter((item) => item.to.some((to) => to.includes(email)))
      .map((item) => item.id);
  }

  const fetchById = (address: string, id: string) =>
    fetch(`${mailbox}/api/v1/mailbox/${encodeURIComponent(address)}/${id}`);

  it('never lists or serves mail sent through the project’s own SMTP server, before or after switching back', async () => {
    await patchConfig(running.url, dev, { email_config: smtp.emailConfig() });
    const victim = await resetEmailTo('smtp-victim');
    // It really went out, through the project's SMTP server.
    expect(smtp.received.some((m) => m.to.includes(victim))).toBe(true);
    const ids = await recordedIds(victim);
    expect(ids.length).toBeGreaterThan(0);

    await patchConfig(running.url, dev, { email_config: { type: 'shared' } });
    for (const name of [victim, victim.split('@')[0]!]) expect(await readMailbox(mailbox, name)).toEqual([]);
    for (const id of ids) expect((await fetchById(victim, id)).status).toBe(404);
  });

  it('serves shared-config mail only while the project is out of production mode', async () => {
    const developer = await resetEmailTo('dev-mail');
    const messages = await readMailbox(mailbox, developer);
    expect(messages.length).toBeGreaterThan(0);
    const id = messages[0]!.id;

    await setProductionMode(running.url, dev, true);
    try {
      const later = await resetEmailTo('prod-mail');
      expect(await readMailbox(mailbox, later)).toEqual([]);
      expect(await readMailbox(mailbox, developer)).toEqual([]);
      expect((await fetchById(developer, id)).status).toBe(404);
    } finally {
      await setProductionMode(running.url, dev, false);
    }
    expect((await fetchById(developer, id)).status).toBe(200);
  });

  it('never serves mail sent while in production mode, even after the project leaves it', async () => {
    await setProductionMode(running.url, dev, true);
    let victim: string;
    try {
      victim = await resetEmailTo('prod-victim');
    } finally {
      await setProductionMode(running.url, dev, false);
    }
    // Kept for the admin's list, decided at send time to be no outbox mail.
    const ids = await recordedIds(victim);
    expect(ids.length).toBeGreaterThan(0);
    for (const name of [victim, victim.split('@')[0]!]) expect(await readMailbox(mailbox, name)).toEqual([]);
    for (const id of ids) expect((await fetchById(victim, id)).status).toBe(404);
    // Mail sent after leaving production mode is served as before.
    const developer = await resetEmailTo('back-in-dev');
    expect((await readMailbox(mailbox, developer)).length).toBeGreaterThan(0);
  });

  it('answers mailbox names no address can have with a 400, never a 500', async () => {
    for (const path of ['%00', 'a%00b', 'a%00b/00000000-0000-0000-0000-000000000000', 'x/%00']) {
      const response = await fetch(`${mailbox}/api/v1/mailbox/${path}`);
      expect(response.status, path).toBe(400);
      expect(await response.text()).toMatch(/^mailbox (name|id) must not contain NUL characters$/);
    }
    // Undecodable bytes stay as they came, and no address is that.
    const undecodable = await fetch(`${mailbox}/api/v1/mailbox/%ED%A0%80`);
    expect(undecodable.status).toBe(200);
    expect(await undecodable.json()).toEqual([]);
  });

  it('listens on this machine only unless told otherwise', async () => {
    expect(new URL(mailbox).hostname).toBe('127.0.0.1');
  });
});
