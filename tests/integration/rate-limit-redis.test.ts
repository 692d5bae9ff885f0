/**
 * The Redis rate-limit store: the shared contract, and what only a shared store can show: two
 * limiters on separate connections count together, exactly, and every key expires.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { RateLimiter } from '../../server/src/services/rate-limit/rate-limiter.js';
import { createRedisRateLimiter } from '../../server/src/services/rate-limit/redis-rate-limiter.js';
import { describeRateLimiterContract } from '../support/rate-limiter-contract.js';
import {
  connectRedis,
  deleteRedisPrefix,
  REDIS_URL,
  redisAvailable,
  uniqueRedisPrefix,
} from '../support/redis.js';

const prefix = uniqueRedisPrefix('store');
const open: RateLimiter[] = [];
const create = async () => {
  const limiter = await createRedisRateLimiter({ redis: REDIS_URL, keyPrefix: prefix });
  open.push(limiter);
  return limiter;
};

afterAll(async () => {
  await Promise.all(open.map((limiter) => limiter.close()));
  if (redisAvailable()) await deleteRedisPrefix(prefix);
});

describe.runIf(redisAvailable())('Redis rate limiter', () => {
  describeRateLimiterContract('redis', {
    create,
    // Redis keeps its own time; expiry can only be waited for.
    advance: (ms) => sleep(ms),
    shortWindowMs: 300,
  });

  it('counts hits from two limiters on separate connections together, exactly', async () => {
    const [first, second] = [await create(), await create()];
    const window = { limit: 5, windowMs: 60_000 };
    const verdicts = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? first : second).hit('shared-race', window)),
    );
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(5);
    expect((await first.hit('shared-race', window)).allowed).toBe(false);
  });

  it('gives every key an expiry, under the prefix', async () => {
    const limiter = await create();
    await limiter.hit('expiring', { limit: 1, windowMs: 45_000 });
    const client = connectRedis();
    try {
      const ttl = await client.pttl(`${prefix}expiring`);
      expect(ttl).toBeGreaterThan(40_000);
      expect(ttl).toBeLessThanOrEqual(45_000);
    } finally {
      client.disconnect();
    }
  });

  it('leaves a client it was given open on close', async () => {
    const client = connectRedis();
    try {
      const limiter = await createRedisRateLimiter({ redis: client, keyPrefix: prefix });
      expect((await limiter.hit('given', { limit: 1, windowMs: 1000 })).allowed).toBe(true);
      await limiter.close();
      expect(await client.ping()).toBe('PONG');
    } finally {
      client.disconnect();
    }
  });

  it('fails to start, naming the URL without its password, when Redis does not answer', async () => {
    await expect(
      createRedisRateLimiter({ redis: 'redis://:hunter2@127.0.0.1:1', keyPrefix: prefix }),
    ).rejects.toThrow(/cannot connect to Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1/);
  });
});
