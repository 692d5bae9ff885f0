/**
 * The request path answers at once when it has nothing to wait for (no body, nothing to look up):
 * the HTTP server then writes the answer in the turn the request arrived. Errors found at once are
 * still the wire's errors, and the status override still applies to them.
 */
import { describe, expect, it } from 'vitest';
import { welcomeRoute } from '../../server/src/features/index.js';
import { createHttpApp } from '../../server/src/http/app.js';
import { isPromise } from '../../server/src/http/maybe-promise.js';
import { defineRoute } from '../../server/src/http/route.js';
import { createAuthCache } from '../../server/src/services/auth-cache/auth-cache.js';
import type { ServerContext } from '../../server/src/services/context.js';

const logged: string[] = [];
// The API root needs no database: authentication without headers stops before any lookup.
const ctx = { log: (line: string) => logged.push(line), authCache: createAuthCache(), now: Date.now };
/** A route with a body: reading it is I/O, so its answer comes later. */
const echoRoute = defineRoute({
  method: 'POST',
  path: '/echo',
  summary: 'Echoes its body (test only)',
  response: 'text',
  access: 'optional',
  async handler({ rawBody, text }) {
    return text(JSON.stringify(rawBody));
  },
});
const fetch = createHttpApp(ctx as unknown as ServerContext, [welcomeRoute, echoRoute]);
const request = (headers: Record<string, string> = {}, method = 'GET') =>
  new Request('http://127.0.0.1/api/v1', { method, headers });

describe('the synchronous request path', () => {
  it('answers the API root at once, with every header of the wire', async () => {
    const answer = fetch(request());
    expect(isPromise(answer)).toBe(false);
    const response = answer as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get('x-stack-request-id')).toMatch(/^[0-9a-z]{16}$/);
    expect(response.headers.get('cache-control')).toBe('no-store, max-age=0');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.text()).toMatch(/Authentication: None$/);
  });

  it('turns an error found at once into the wire error, at once', async () => {
    const answer = fetch(request({ 'x-stack-access-type': 'nobody' }));
    expect(isPromise(answer)).toBe(false);
    const response = answer as Response;
    expect(response.status).toBe(400);
    expect(response.headers.get('x-stack-known-error')).toBe('INVALID_ACCESS_TYPE');
    expect(response.headers.get('x-stack-request-id')).toMatch(/^[0-9a-z]{16}$/);
    expect((await response.json()).code).toBe('INVALID_ACCESS_TYPE');
    expect(logged).toEqual([]);
  });

  it('still applies the status override to an error found at once', async () => {
    const response = await fetch(
      request({ 'x-stack-access-type': 'client', 'x-stack-override-error-status': 'true' }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('x-stack-actual-status')).toBe('400');
    expect(response.headers.get('x-stack-known-error')).toBe('ACCESS_TYPE_WITHOUT_PROJECT_ID');
  });

  it('waits for a body before it authenticates, and refuses a bad one first, as before', async () => {
    const post = (body: string) =>
      fetch(
        new Request('http://127.0.0.1/api/v1/echo', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-stack-access-type': 'nobody' },
          body,
        }),
      );
    const bad = post('{"not json');
    expect(isPromise(bad)).toBe(true);
    expect((await bad).headers.get('x-stack-known-error')).toBe('BODY_PARSING_ERROR');
    // A good body is read, then the access type is refused.
    expect((await post('{"a":1}')).headers.get('x-stack-known-error')).toBe('INVALID_ACCESS_TYPE');
  });
});
