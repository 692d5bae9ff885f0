/**
 * The local Redis of the tests (127.0.0.1:6379, or SIGNET_TEST_REDIS_URL): whether it answers,
 * a key prefix unique to one test file's run, and removing that prefix's keys afterwards.
 */
import { Redis } from 'ioredis';

/** The Redis the tests use. */
export const REDIS_URL = process.env.SIGNET_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function probeRedis(): Promise<boolean> {
  const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1500 });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

const redisReachable = process.env.SIGNET_TEST_SKIP_REDIS ? false : await probeRedis();

/** True when Redis is part of this run. */
export function redisAvailable(): boolean {
  return redisReachable;
}

/** A key prefix no other test file or run shares, so parallel files never count together. */
export function uniqueRedisPrefix(name: string): string {
  return `signet-test:${name}:${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}:`;
}

/** A fresh connection to the test Redis (the caller closes it). */
export function connectRedis(): Redis {
  return new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
}

/** Deletes every key under `prefix`; returns how many there were. */
export async function deleteRedisPrefix(prefix: string): Promise<number> {
  const client = connectRedis();
  try {
    let deleted = 0;
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) deleted += await client.del(...keys);
    } while (cursor !== '0');
    return deleted;
  } finally {
    client.disconnect();
  }
}
