/**
 * The API's fast lane on a real Node HTTP server, in front of a stand-in for the adapter that
 * records what reached it: a ready, finished answer to an exact GET is written by the lane with
 * every header and its length; anything else reaches the adapter, and an answer the app already
 * gave is handed over with it, so the app never runs twice for one request. Requests are written
 * byte for byte on a raw socket so that the host and the request line come as written.
 */
import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Connection, HttpApp } from '../../server/src/http/app.js';
import { givenAnswer, isPlainHost, withFastLane } from '../../server/src/http/fast-lane.js';
import { finishedResponse, textResponse } from '../../server/src/http/responses.js';
import { rawRequest } from '../support/raw-socket.js';

/** What the app saw, and what the stand-in adapter was handed. */
let appCalls: Array<{ method: string; url: string; connection?: Connection }>;
let adapterCalls: Array<{ target: string | undefined; given: unknown }>;
/** What the app answers next. */
let answer: () => Response | Promise<Response>;

const app: HttpApp = Object.assign(
  (request: Request, connection?: Connection) => {
    appCalls.push({ method: request.method, url: request.url, connection });
    return answer();
  },
  { takesExactly: (_method: 'GET', target: string) => target === '/api/v1/users/me' },
);

/** The adapter's stand-in: answers what the lane handed over, or 299 "adapter" when nothing. */
const adapter: RequestListener = (incoming, outgoing) => {
  let given: unknown;
  try {
    given = givenAnswer(incoming as IncomingMessage);
  } catch (error) {
    given = error;
  }
  adapterCalls.push({ target: incoming.url, given });
  const send = (status: number, body: string) => {
    outgoing.writeHead(status, { 'x-from': 'adapter', 'content-length': Buffer.byteLength(body) });
    outgoing.end(body);
  };
  void Promise.resolve(given).then(
    async (response) => {
      if (response instanceof Response) send(response.status, await response.text());
      else if (response instanceof Error) send(500, response.message);
      else send(299, 'adapter');
    },
    (error: Error) => send(500, error.message),
  );
};

let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer(withFastLane(app, adapter));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  appCalls = [];
  adapterCalls = [];
  answer = () => finishedResponse(200, '{"name":"Ünïcode ✓"}', 'json', '0123456789abcdef');
});

/** The answer's header lines as name → value (names lowercased). */
function headersOf(head: string): Record<string, string> {
  return Object.fromEntries(
    head
      .split('\r\n')
      .slice(1)
      .map((line) => [
        line.slice(0, line.indexOf(':')).toLowerCase(),
        line.slice(line.indexOf(':') + 1).trim(),
      ]),
  );
}

describe('the fast lane', () => {
  it("writes a ready, finished answer itself, with every header and the body's length in bytes", async () => {
    const { port } = new URL(url);
    const response = await rawRequest(url, ['GET /api/v1/users/me HTTP/1.1']);
    expect(response.status).toBe(200);
    expect(response.body).toBe('{"name":"Ünïcode ✓"}');
    const headers = headersOf(response.head);
    expect(headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'x-stack-request-id': '0123456789abcdef',
      'cache-control': 'no-store, max-age=0',
      'access-control-allow-origin': '*',
      'content-length': String(Buffer.byteLength(response.body)),
    });
    expect(headers['access-control-expose-headers']).toContain('x-stack-known-error');
    expect(headers['x-from']).toBeUndefined();
    expect(adapterCalls).toEqual([]);
    // The app saw the URL the adapter would have made, and Node's request as the connection.
    expect(appCalls).toHaveLength(1);
    expect(appCalls[0]!.method).toBe('GET');
    expect(appCalls[0]!.url).toBe(`http://127.0.0.1:${port}/api/v1/users/me`);
    expect(appCalls[0]!.connection?.url).toBe('/api/v1/users/me');
  });

  it('serves many answers on one kept-alive connection, each complete', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`${url}/api/v1/users/me`).then((r) => r.text())),
    );
    expect(new Set(answers)).toEqual(new Set(['{"name":"Ünïcode ✓"}']));
    expect(adapterCalls).toEqual([]);
  });

  it.each([
    {
      what: 'an answer that is a promise',
      app: () =>
        new Promise<Response>((resolve) =>
          setTimeout(() => resolve(finishedResponse(200, 'later', 'text', 'fedcba9876543210')), 5),
        ),
      status: 200,
      body: 'later',
    },
    {
      what: 'an answer that needs finishing (an error)',
      app: () => textResponse(401, 'not you'),
      status: 401,
      body: 'not you',
    },
    {
      what: 'an error the app threw',
      app: () => {
        throw new Error('broken');
      },
      status: 500,
      body: 'broken',
    },
  ])('hands $what to the adapter, which writes it; the app runs once', async ({ app, status, body }) => {
    answer = app;
    const response = await rawRequest(url, ['GET /api/v1/users/me HTTP/1.1']);
    expect(response.status).toBe(status);
    expect(response.body).toBe(body);
    expect(appCalls).toHaveLength(1);
    expect(adapterCalls).toHaveLength(1);
    expect(response.head).toContain('x-from: adapter');
  });

  it('leaves every other request to the adapter without running the app', async () => {
    const requests: Array<{ lines: string[]; host?: string | null }> = [
      { lines: ['POST /api/v1/users/me HTTP/1.1'] },
      { lines: ['HEAD /api/v1/users/me HTTP/1.1'] },
      { lines: ['GET /api/v1/users/me?x=1 HTTP/1.1'] },
      { lines: ['GET /api/v1/users/../users/me HTTP/1.1'] },
      { lines: ['GET /api/v1/users/ME HTTP/1.1'] },
      { lines: [`GET /api/v1/users/me${'x'.repeat(10_000)} HTTP/1.1`] },
      // Hosts the adapter parses or refuses: the lane does not guess the URL it would make.
      { lines: ['GET /api/v1/users/me HTTP/1.1'], host: 'LOCALHOST' },
      { lines: ['GET /api/v1/users/me HTTP/1.1'], host: 'localhost:80' },
      { lines: ['GET /api/v1/users/me HTTP/1.1'], host: 'localhost:0080' },
      { lines: ['GET /api/v1/users/me HTTP/1.1'], host: 'localhost:99999' },
      { lines: ['GET /api/v1/users/me HTTP/1.1'], host: 'evil.example/..' },
      { lines: ['GET /api/v1/users/me HTTP/1.1'], host: 'user@evil.example' },
      { lines: ['GET /api/v1/users/me HTTP/1.1'], host: '[::1]:3000' },
      { lines: ['GET /api/v1/users/me HTTP/1.0'], host: null },
    ];
    for (const { lines, host } of requests) {
      adapterCalls = [];
      const response = await rawRequest(url, lines, { host });
      const label = `${lines[0]!.slice(0, 60)} host ${host}`;
      expect(adapterCalls, label).toHaveLength(1);
      expect(adapterCalls[0]!.given, label).toBeUndefined();
      if (!lines[0]!.startsWith('HEAD')) expect(response.body, label).toBe('adapter');
    }
    expect(appCalls).toEqual([]);
  });

  it('leaves a request line of 70,000 characters to Node, which refuses it before any listener', async () => {
    const response = await rawRequest(url, [`GET /api/v1/users/me${'x'.repeat(70_000)} HTTP/1.1`]);
    expect(response.status).toBe(431);
    expect(appCalls).toEqual([]);
    expect(adapterCalls).toEqual([]);
  });
});

describe('plain hosts (the adapter puts them into the URL as they are)', () => {
  // The adapter's own rule (@hono/node-server's reValidHost), which the lane's loop must match.
  const adapterRule = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

  it('agrees with the adapter on hosts a client sends', () => {
    for (const host of [
      'localhost',
      '127.0.0.1',
      'localhost:3000',
      'api.example.com:8102',
      'a_b-c.d:59999',
      'x:6000',
      'x:60000',
      'x:1000',
      'x:999',
      'x:0999',
      'x:',
      ':3000',
      '',
      'Example.com',
      'a b',
      'ex\u00e4mple.com',
      'a:3000:3000',
      'a:3a00',
    ]) {
      expect(isPlainHost(host), host).toBe(adapterRule.test(host));
    }
  });

  it('agrees with the adapter on random strings of host characters', () => {
    const alphabet = 'az09._-:AZ/@[]% ';
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 20_000; i++) {
      const length = random(12);
      let host = '';
      for (let j = 0; j < length; j++) host += alphabet[random(alphabet.length)];
      // Ports: digits after a colon are what the rule is about; add some.
      if (random(2) === 0) host += `:${random(100_000)}`;
      expect(isPlainHost(host), host).toBe(adapterRule.test(host));
    }
  });
});
