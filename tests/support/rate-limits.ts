/** Helpers for the rate-limit tests: the exact 429, production mode, client addresses, mail counts. */
import { expect } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { type RawResponse, raw } from './raw-api.js';

/** Asserts the 429 of a limited request: Retry-After in whole seconds, short text body, no known error. */
export function expectTooManyRequests(response: RawResponse, retryAfterSeconds?: number): void {
  expect(response.status, response.text).toBe(429);
  expect(response.text).toBe('Too many requests. Please try again later.');
  expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  expect(response.headers.get('x-stack-known-error')).toBeNull();
  const retryAfter = response.headers.get('retry-after');
  expect(retryAfter).toMatch(/^[1-9]\d*$/);
  if (retryAfterSeconds !== undefined) expect(Number(retryAfter)).toBe(retryAfterSeconds);
}

/** Switches the project's production mode (admin PATCH of projects/current). */
export async function setProductionMode(base: string, keys: ProjectKeys, on: boolean): Promise<void> {
  const response = await raw(base, '/projects/current', {
    method: 'PATCH',
    keys,
    access: 'admin',
    body: { is_production_mode: on },
  });
  expect(response.status, response.text).toBe(200);
  expect(response.json.is_production_mode).toBe(on);
}

let lastOctet = 0;

/** A client address no other test in this file uses, as X-Forwarded-For (servers with trustProxy). */
export function freshClient(): { 'x-forwarded-for': string } {
  lastOctet += 1;
  return { 'x-forwarded-for': `198.18.${Math.floor(lastOctet / 250)}.${(lastOctet % 250) + 1}` };
}

/** How many emails the outbox holds for `address`. */
export async function mailCount(mailboxUrl: string, address: string): Promise<number> {
  const response = await fetch(`${mailboxUrl}/api/v1/mailbox/${encodeURIComponent(address)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as unknown[]).length;
}
