/**
 * The fast lane's request (server/src/http/node-request.ts) is a Fetch API `Request` to whatever
 * reads it: a handler, a helper or a library may read any member of it, not only the method, URL
 * and headers the pipeline reads.
 */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { requestFromNode } from '../../server/src/http/node-request.js';

/** Node's request as far as the lane's request reads it: the raw header list. */
const incoming = (rawHeaders: string[]) => ({ rawHeaders }) as unknown as IncomingMessage;

describe("the fast lane's request", () => {
  const make = () =>
    requestFromNode(
      incoming([
        'Host',
        'api.example.com:8102',
        'X-Stack-Access-Type',
        'client',
        'Accept',
        'application/json',
        'accept',
        'text/html',
      ]),
      'GET',
      'http://api.example.com:8102/api/v1/users/me',
    );

  it('is a Request, with the method and URL it was given', () => {
    const request = make();
    expect(request).toBeInstanceOf(Request);
    expect(request.method).toBe('GET');
    expect(request.url).toBe('http://api.example.com:8102/api/v1/users/me');
    expect(Object.prototype.toString.call(request)).toBe('[object Request]');
  });

  it('reads headers as the client sent them, in any case, a repeated one joined', () => {
    const request = make();
    expect(request.headers).toBeInstanceOf(Headers);
    expect(request.headers.get('x-stack-access-type')).toBe('client');
    expect(request.headers.get('X-STACK-ACCESS-TYPE')).toBe('client');
    expect(request.headers.get('accept')).toBe('application/json, text/html');
    expect(request.headers.get('host')).toBe('api.example.com:8102');
    // The same object every time: a handler that sets a header reads it back.
    expect(request.headers).toBe(request.headers);
  });

  it('answers every other member as the real request does', async () => {
    const request = make();
    const real = new Request(request.url, { headers: request.headers });
    expect(request.body).toBeNull();
    expect(request.bodyUsed).toBe(false);
    expect(request.signal).toBeInstanceOf(AbortSignal);
    expect(request.signal.aborted).toBe(false);
    expect(request.cache).toBe(real.cache);
    expect(request.mode).toBe(real.mode);
    expect(request.redirect).toBe(real.redirect);
    expect(request.credentials).toBe(real.credentials);
    expect(await request.text()).toBe('');
    const copy = request.clone();
    expect(copy).toBeInstanceOf(Request);
    expect(copy.url).toBe(request.url);
    expect(copy.headers.get('accept')).toBe('application/json, text/html');
  });

  it("reads Node's header list only when the headers are read, and once", () => {
    let reads = 0;
    const node = {
      get rawHeaders() {
        reads++;
        return ['x-stack-project-id', 'internal'];
      },
    } as unknown as IncomingMessage;
    const request = requestFromNode(node, 'GET', 'http://localhost/api/v1');
    expect([request.method, request.url]).toEqual(['GET', 'http://localhost/api/v1']);
    expect(reads).toBe(0);
    expect(request.headers.get('x-stack-project-id')).toBe('internal');
    expect(request.headers.get('x-stack-project-id')).toBe('internal');
    expect(reads).toBe(1);
  });
});
