/**
 * Reading the development outbox of a test server over its Inbucket-shaped HTTP API, and the
 * project switches the email tests need.
 */
import { expect } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { raw } from './raw-api.js';

/** One message as the outbox serves it. */
export interface OutboxMessage {
  id: string;
  subject: string;
  from: string;
  to: string[];
  body: { text: string; html: string };
}

/** Every message to `address`, oldest first, with bodies. */
export async function readMailbox(mailboxUrl: string, address: string): Promise<OutboxMessage[]> {
  const list = await fetch(`${mailboxUrl}/api/v1/mailbox/${encodeURIComponent(address)}`);
  expect(list.status).toBe(200);
  const headers = (await list.json()) as Array<{ id: string }>;
  return Promise.all(
    headers.map(async ({ id }) => {
      const one = await fetch(`${mailboxUrl}/api/v1/mailbox/${encodeURIComponent(address)}/${id}`);
      expect(one.status).toBe(200);
      return (await one.json()) as OutboxMessage;
    }),
  );
}

/** The newest message to `address` (fails the test when there is none). */
export async function latestMessage(mailboxUrl: string, address: string): Promise<OutboxMessage> {
  const all = await readMailbox(mailboxUrl, address);
  expect(all.length, `no email to ${address}`).toBeGreaterThan(0);
  return all.at(-1)!;
}

/** The 45-character `code` of the first emailed link in `message`. */
export function codeFromLink(message: OutboxMessage): string {
  const match = /[?&]code=([0-9a-z]{45})\b/.exec(message.body.text);
  expect(match, message.body.text).not.toBeNull();
  return match![1]!;
}

/** Sets admin project config switches (wire.md §5.10). */
export async function patchConfig(base: string, keys: ProjectKeys, config: Record<string, unknown>) {
  const response = await raw(base, '/projects/current', {
    method: 'PATCH',
    keys,
    access: 'admin',
    body: { config },
  });
  expect(response.status, response.text).toBe(200);
  return response.json;
}

/** Asks the server to email a sign-in code to `email` and returns the full code from the emailed link. */
export async function emailedSignInCode(
  server: { url: string; keys: ProjectKeys; mailboxUrl: string },
  email: string,
  callbackUrl: string,
): Promise<string> {
  const sent = await raw(server.url, '/auth/otp/send-sign-in-code', {
    keys: server.keys,
    body: { email, callback_url: callbackUrl },
  });
  expect(sent.status, sent.text).toBe(200);
  return codeFromLink(await latestMessage(server.mailboxUrl, email));
}
