/**
 * Rate-limit modes and stores on the real server: `off` lets everything through, `always` limits
 * projects outside production mode too, X-Forwarded-For is ignored unless a proxy is trusted (the
 * socket's peer address is what counts), and two server instances on one Redis count together. On
 * every database backend.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { patchConfig } from '../support/outbox.js';
import {
  expectTooManyRequests,
  mailCount,
  PRODUCTION_ORIGIN,
  setProductionMode,
  trustProductionOrigin,
} from '../support/rate-limits.js';
import { freshEmail, projectHeaders, raw } from '../support/raw-api.js';
import { rawRequest } from '../support/raw-socket.js';
import { deleteRedisPrefix, REDIS_URL, redisAvailable, uniqueRedisPrefix } from '../support/redis.js';
import { type Backend, backends, type RunningServer } from '../support/server.js';

const CALLBACK = `${PRODUCTION_ORIGIN}/handler/magic-link-callback`;

/** A server whose development project has magic link on, and its outbox. */
async function start(backend: Backend, options: Parameters<Backend['create']>[0]) {
  const running = await backend.create(options);
  const dev = running.server.seeded.dev;
  const mailbox = { url: running.url, keys: dev };
  await patchConfig(running.url, dev, { magic_link_enabled: true });
  await trustProductionOrigin(running.url, dev);
  return { running, mailbox, dev };
}

const sendCode = (url: string, keys: ProjectKeys, email: string, headers: Record<string, string> = {}) =>
  raw(url, '/auth/otp/send-sign-in-code', { keys, headers, body: { email, callback_url: CALLBACK } });

const redisPrefix = uniqueRedisPrefix('server');
afterAll(async () => {
  if (redisAvailable()) await deleteRedisPrefix(redisPrefix);
});

describe.each(backends())('server rate-limit modes on $name', (backend) => {
  const running: RunningServer[] = [];
  afterAll(async () => {
    await Promise.all(running.map((server) => server.close()));
  });

  it("'off' lets everything through, even on a project in production mode", async () => {
    const { running: server, mailbox, dev } = await start(backend, { rateLimits: { mode: 'off' } });
    running.push(server);
    await setProductionMode(server.url, dev, true);
    const email = freshEmail();
    for (let i = 0; i < 8; i++) expect((await sendCode(server.url, dev, email)).status).toBe(200);
    expect(await mailCount(mailbox, email)).toBe(8);
  });

  it("'always' limits a project outside production mode; X-Forwarded-For is ignored without trustProxy", async () => {
    const { running: server, mailbox, dev } = await start(backend, { rateLimits: { mode: 'always' } });
    running.push(server);
    const email = freshEmail();
    for (let i = 0; i < 5; i++) expect((await sendCode(server.url, dev, email)).status).toBe(200);
    expectTooManyRequests(await sendCode(server.url, dev, email), 600);
    expect(await mailCount(mailbox, email)).toBe(5);

    // 44 more sends from "different" forwarded addresses: all count against the one socket address.
    for (let i = 0; i < 44; i++) {
      const response = await sendCode(server.url, dev, freshEmail(), {
        'x-forwarded-for': `203.0.113.${i + 1}`,
      });
      expect(response.status, response.text).toBe(200);
    }
    expectTooManyRequests(
      await sendCode(server.url, dev, freshEmail(), { 'x-forwarded-for': '198.51.100.1' }),
    );
    // Another socket address is another client: the limit is read from the socket's peer.
    const fromElsewhere = await rawRequest(
      server.url,
      [
        'POST /api/v1/auth/otp/send-sign-in-code HTTP/1.1',
        'content-type: application/json',
        ...Object.entries(projectHeaders(dev)).map(([name, value]) => `${name}: ${value}`),
      ],
      { body: JSON.stringify({ email: freshEmail(), callback_url: CALLBACK }), localAddress: '127.0.0.2' },
    );
    expect(fromElsewhere.status, fromElsewhere.body).toBe(200);
  });

  it("fails to start when REDIS_URL's Redis does not answer", async () => {
    await expect(
      backend.create({ rateLimits: { redisUrl: 'redis://127.0.0.1:1', redisKeyPrefix: redisPrefix } }),
    ).rejects.toThrow(/cannot connect to Redis at redis:\/\/127\.0\.0\.1:1/);
  });

  describe.runIf(redisAvailable())('two server instances on one Redis', () => {
    // Separate databases, one project id: the counts are keyed by project, not by database.
    const projectId = randomUUID();
    const options = {
      seed: { dev: { projectId } },
      rateLimits: { redisUrl: REDIS_URL, redisKeyPrefix: `${redisPrefix}${backend.name}:` },
    };
    const instances: Array<Awaited<ReturnType<typeof start>>> = [];
    const both = async () => {
      if (instances.length === 0) {
        for (let i = 0; i < 2; i++) {
          const instance = await start(backend, options);
          running.push(instance.running);
          await setProductionMode(instance.running.url, instance.dev, true);
          instances.push(instance);
        }
      }
      return instances as [(typeof instances)[0], (typeof instances)[0]];
    };
    const sentBoth = async (email: string) => {
      const [a, b] = await both();
      return (await mailCount(a.mailbox, email)) + (await mailCount(b.mailbox, email));
    };

    it('share one count per address', async () => {
      const [a, b] = await both();
      const email = freshEmail();
      for (let i = 0; i < 3; i++) expect((await sendCode(a.running.url, a.dev, email)).status).toBe(200);
      for (let i = 0; i < 2; i++) expect((await sendCode(b.running.url, b.dev, email)).status).toBe(200);
      const refused = await sendCode(b.running.url, b.dev, email);
      expectTooManyRequests(refused);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(590);
      expectTooManyRequests(await sendCode(a.running.url, a.dev, email));
      expect(await sentBoth(email)).toBe(5);
    });

    it('let exactly five of 30 concurrent sends, split between them, through', async () => {
      const [a, b] = await both();
      const email = freshEmail();
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => {
          const instance = i % 2 ? a : b;
          return sendCode(instance.running.url, instance.dev, email);
        }),
      );
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
      for (const answer of answers.filter((a) => a.status !== 200)) expectTooManyRequests(answer);
      expect(await sentBoth(email)).toBe(5);
    });
  });
});
