/**
 * Raw HTTP against a signet server, for tests that check bytes on the wire: headers in, status,
 * headers and body out, and an assertion for the known-error format of wire.md §2.
 */
import { expect } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { type KnownErrorCode, statusOfCode } from '../../wire/errors/codes.js';
import { messageOf } from '../../wire/errors/messages.js';

/** A response with its body read as text and, when it parses, as JSON. */
export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

/** Request options: `keys` + `access` add the X-Stack project headers. */
export interface RawRequest {
  method?: string;
  keys?: ProjectKeys;
  access?: 'client' | 'server' | 'admin';
  accessToken?: string;
  refreshToken?: string;
  headers?: Record<string, string>;
  /** JSON-encoded unless a string (sent as is). */
  body?: unknown;
}

/** The X-Stack headers for `keys` with access type `access`. */
export function projectHeaders(keys: ProjectKeys, access: 'client' | 'server' | 'admin' = 'client') {
  const headers: Record<string, string> = {
    'x-stack-project-id': keys.projectId,
    'x-stack-access-type': access,
  };
  if (access === 'client') headers['x-stack-publishable-client-key'] = keys.publishableClientKey;
  if (access === 'server') headers['x-stack-secret-server-key'] = keys.secretServerKey;
  if (access === 'admin') headers['x-stack-super-secret-admin-key'] = keys.superSecretAdminKey;
  return headers;
}

/** Sends one request to `base + /api/v1 + path`. */
export async function raw(base: string, path: string, options: RawRequest = {}): Promise<RawResponse> {
  const headers: Record<string, string> = {};
  if (options.keys) Object.assign(headers, projectHeaders(options.keys, options.access ?? 'client'));
  if (options.accessToken) headers['x-stack-access-token'] = options.accessToken;
  if (options.refreshToken) headers['x-stack-refresh-token'] = options.refreshToken;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  Object.assign(headers, options.headers);
  const response = await fetch(`${base}/api/v1${path}`, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
  });
  return readRaw(response);
}

/** Reads a response as a {@link RawResponse}: its text and, when it parses, its JSON. */
export async function readRaw(response: Response): Promise<RawResponse> {
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** Asserts `response` is exactly the known error `code` with `details` (wire.md §2.1). */
export function expectKnownError(
  response: RawResponse,
  code: KnownErrorCode,
  details?: Record<string, unknown>,
  options: { overridden?: boolean; messageDetails?: Record<string, unknown> } = {},
): void {
  const status = statusOfCode(code);
  const body =
    details === undefined
      ? { code, error: messageOf(code, options.messageDetails) }
      : { code, details, error: messageOf(code, details) };
  expect({ status: response.status, body: response.json }).toEqual({
    status: options.overridden ? 200 : status,
    body,
  });
  expect(response.text).toBe(JSON.stringify(body, null, 2));
  expect(response.headers.get('x-stack-known-error')).toBe(code);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(response.headers.get('x-stack-actual-status')).toBe(options.overridden ? String(status) : null);
}

let counter = 0;

/** A unique sign-in email. */
export function freshEmail(): string {
  return `user-${Date.now().toString(36)}-${counter++}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** Signs a new user up with password and returns the tokens. */
export async function signUp(
  base: string,
  keys: ProjectKeys,
  email = freshEmail(),
  password = 'correct horse battery',
): Promise<{ email: string; password: string; accessToken: string; refreshToken: string; userId: string }> {
  const response = await raw(base, '/auth/password/sign-up', {
    keys,
    body: { email, password, verification_callback_url: 'http://localhost:5173/handler/email-verification' },
  });
  expect(response.status, response.text).toBe(200);
  return {
    email,
    password,
    accessToken: response.json.access_token,
    refreshToken: response.json.refresh_token,
    userId: response.json.user_id,
  };
}
