/** Helpers for tests of the Svix API signet serves: a token for a project, and an error's status. */
import { ApiException } from 'svix';
import { expect } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { raw } from './raw-api.js';

/** A Svix API token for `keys`' project, from signet's Stack endpoint. */
export async function svixToken(url: string, keys: ProjectKeys): Promise<string> {
  const answer = await raw(url, '/webhooks/svix-token', { keys, access: 'admin', body: {} });
  expect(answer.status, answer.text).toBe(201);
  return answer.json.token as string;
}

/** The HTTP status of the Svix API error `promise` rejects with. */
export async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiException) return error.code;
    throw error;
  }
  throw new Error('expected the call to fail');
}
