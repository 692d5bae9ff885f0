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

/**
 * The origin tests use for callback URLs on projects that go into production mode, where
 * localhost may not be trusted (product-spec §5).
 */
export const PRODUCTION_ORIGIN = 'https://app.example.com';

/** Trusts {@link PRODUCTION_ORIGIN}, so callbacks there work in and out of production mode. */
export async function trustProductionOrigin(base: string, keys: ProjectKeys): Promise<void> {
  const response = await raw(base, '/projects/current', {
    method: 'PATCH',
    keys,
    access: 'admin',
    body: { config: { domains: [{ domain: PRODUCTION_ORIGIN, handler_path: '/handler' }] } },
  });
  expect(response.status, response.text).toBe(200);
}

/**
 * Switches the project's production mode (admin PATCH of projects/current), with localhost
 * untrusted while it is on, as production mode requires.
 */
export async function setProductionMode(base: string, keys: ProjectKeys, on: boolean): Promise<void> {
  const response = await raw(base, '/projects/current', {
    method: 'PATCH',
    keys,
    access: 'admin',
    body: { is_production_mode: on, config: { allow_localhost: !on } },
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

/** Where a test reads the emails a project sent: its admin API, which sees production mode too. */
export interface SentMail {
  url: string;
  keys: ProjectKeys;
}

/**
 * How many emails the project sent to `address` (its newest 100, as `/internal/emails` lists them).
 * Not the outbox: a project in production mode has nothing served there.
 */
export async function mailCount(sent: SentMail, address: string): Promise<number> {
  const response = await raw(sent.url, '/internal/emails', { keys: sent.keys, access: 'admin' });
  expect(response.status, response.text).toBe(200);
  const wanted = address.toLowerCase();
  return (response.json.items as { to: string[] }[]).filter((item) =>
    item.to.some((to) => to.toLowerCase().includes(wanted)),
  ).length;
}
