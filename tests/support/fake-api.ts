/**
 * A fake `fetch` answering as the wire does, for unit and DOM tests of the kit: routes by
 * `METHOD /path` below /api/v1, JSON answers, known errors with their header, and every request
 * recorded. (The real server is used by the integration and e2e tests.)
 */
import { vi } from 'vitest';
import type { ClientProjectJson } from '../../wire/project.js';
import { clientUserJson, tokenExpiringIn } from './fake-wire.js';

/** One route's answer to a request. */
export type Route = (request: Request) => Response | Promise<Response>;

/** A JSON answer. */
export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** A known error of the wire (wire.md §2). */
export const knownError = (code: string, message: string, details?: Record<string, unknown>, status = 400) =>
  json({ code, error: message, details }, status, { 'x-stack-known-error': code });

/** A sign-in answer for `userId`. */
export const signInAnswer = (userId: string, extra: Record<string, unknown> = {}) =>
  json({ access_token: tokenExpiringIn(600), refresh_token: `refresh-${userId}`, user_id: userId, ...extra });

/** The client view of a project with password and magic link on. */
export function projectJson(config: Partial<ClientProjectJson['config']> = {}): ClientProjectJson {
  return {
    id: 'p',
    display_name: 'Example',
    config: {
      sign_up_enabled: true,
      credential_enabled: true,
      magic_link_enabled: true,
      passkey_enabled: false,
      client_team_creation_enabled: false,
      client_user_deletion_enabled: false,
      enabled_oauth_providers: [],
      ...config,
    },
  };
}

/** A fetch answering by `METHOD /path`, recording every request (a 404 text for anything else). */
export function fakeApi(routes: Record<string, Route>) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request.clone());
    const path = new URL(request.url).pathname.replace('/api/v1', '');
    const route = routes[`${request.method} ${path}`];
    if (!route) return new Response(`no route for ${request.method} ${path}`, { status: 404 });
    return route(request);
  });
  return { fetch, requests };
}

export { clientUserJson };
