/**
 * Authentication reads the X-Stack headers as Node's HTTP server parsed them when a request comes
 * from a socket, and through `Request.headers` when it comes in process. Both must read the same
 * request the same way: any case in a name, whitespace around a value, an empty value, a header sent
 * twice, and bytes the parser refuses. The path is read from the request line when it names a route
 * exactly, and from the request's URL otherwise: both must route every path the same way. Requests
 * are written byte by byte on a raw socket so that no client tidies them first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { projectHeaders, signUp } from '../support/raw-api.js';
import { rawRequest } from '../support/raw-socket.js';
import { backends, type RunningServer } from '../support/server.js';

describe.each(backends())('X-Stack headers from a socket and in process, on $name', (backend) => {
  let running: RunningServer;
  let dev: ProjectKeys;

  beforeAll(async () => {
    running = await backend.create();
    ({ dev } = running.server.seeded);
  });
  afterAll(async () => {
    await running?.close();
  });

  /** The same request from a socket and in process: both answers' status and body. */
  async function both(headers: Array<[string, string]>, path = '/api/v1') {
    const fromSocket = await rawRequest(running.url, [
      `GET ${path} HTTP/1.1`,
      ...headers.map(([name, value]) => `${name}:${value}`),
    ]);
    const inProcessHeaders = new Headers();
    for (const [name, value] of headers) inProcessHeaders.append(name, value);
    const inProcess = await running.server.fetch(
      new Request(`http://localhost${path}`, { headers: inProcessHeaders }),
    );
    return [fromSocket, { status: inProcess.status, body: await inProcess.text() }];
  }

  it('reads names in any case and values without their surrounding whitespace', async () => {
    for (const answer of await both([
      ['X-STACK-ACCESS-TYPE', '  client  '],
      ['X-Stack-Project-Id', ` ${dev.projectId}`],
      ['x-stack-PUBLISHABLE-client-key', `${dev.publishableClientKey}\t`],
    ])) {
      expect(answer.status).toBe(200);
      expect(answer.body).toContain(`Authentication: Client\n  Project: ${dev.projectId}`);
    }
  });

  it('takes an empty value as no header', async () => {
    for (const answer of await both([['x-stack-access-type', '']])) {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatch(/Authentication: None$/);
    }
  });

  it('joins a header sent twice, and refuses the joined access type', async () => {
    for (const answer of await both([
      ['x-stack-access-type', 'client'],
      ['x-stack-access-type', 'server'],
      ['x-stack-project-id', dev.projectId],
      ['x-stack-publishable-client-key', dev.publishableClientKey],
    ])) {
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body).code).toBe('INVALID_ACCESS_TYPE');
    }
  });

  it('refuses a key sent twice as a wrong key, never as the first or the second', async () => {
    for (const answer of await both([
      ['x-stack-access-type', 'client'],
      ['x-stack-project-id', dev.projectId],
      ['x-stack-publishable-client-key', dev.publishableClientKey],
      ['x-stack-publishable-client-key', dev.publishableClientKey],
    ])) {
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body).code).toBe('INVALID_PUBLISHABLE_CLIENT_KEY');
    }
  });

  it('pretty-prints JSON for an Accept naming HTML, in any case or sent twice, and only then', async () => {
    const client: Array<[string, string]> = [
      ['x-stack-access-type', 'client'],
      ['x-stack-project-id', dev.projectId],
      ['x-stack-publishable-client-key', dev.publishableClientKey],
    ];
    const answers = async (accept: Array<[string, string]>) =>
      (await both([...client, ...accept], '/api/v1/projects/current')).map((answer) => {
        expect(answer.status).toBe(200);
        expect(JSON.parse(answer.body).id).toBe(dev.projectId);
        return answer.body.startsWith('{\n  "');
      });
    expect(await answers([['ACCEPT', ' text/html,application/xhtml+xml ']])).toEqual([true, true]);
    expect(
      await answers([
        ['accept', 'application/json'],
        ['Accept', 'text/html'],
      ]),
    ).toEqual([true, true]);
    expect(await answers([['accept', 'application/json']])).toEqual([false, false]);
    expect(await answers([])).toEqual([false, false]);
  });

  it('reads each request on its own, whatever other headers come and in whatever order', async () => {
    // Authentication reads each header at a place of its own in the code, and V8 remembers the
    // layouts it saw there: requests of several layouts in turn must never be read as another's.
    const client: Array<[string, string]> = [
      ['x-stack-access-type', 'client'],
      ['x-stack-project-id', dev.projectId],
      ['x-stack-publishable-client-key', dev.publishableClientKey],
    ];
    const server: Array<[string, string]> = [
      ['x-stack-project-id', dev.projectId],
      ['x-stack-secret-server-key', dev.secretServerKey],
      ['x-stack-access-type', 'server'],
    ];
    const browser: Array<[string, string]> = [
      ['user-agent', 'Mozilla/5.0'],
      ['accept-language', 'en'],
      ['origin', 'http://localhost:3000'],
    ];
    const layouts: Array<{ headers: Array<[string, string]>; expected: string | number }> = [
      { headers: client, expected: 'Authentication: Client' },
      { headers: [...browser, ...server], expected: 'Authentication: Server' },
      { headers: [...client].reverse(), expected: 'Authentication: Client' },
      { headers: [client[1]!, ...browser, client[0]!], expected: 401 },
      { headers: [...server.slice(0, 2), ['x-stack-access-type', 'client']], expected: 401 },
      { headers: [], expected: 'Authentication: None' },
      { headers: [...browser.slice(1), ...server].reverse(), expected: 'Authentication: Server' },
    ];
    for (let round = 0; round < 3; round++) {
      for (const { headers, expected } of layouts) {
        for (const answer of await both(headers)) {
          if (typeof expected === 'number') expect(answer.status).toBe(expected);
          else expect(answer.body).toContain(expected);
        }
      }
    }
  });

  it('routes a request line as its URL resolves, whatever the line spells', async () => {
    const client: Array<[string, string]> = [
      ['x-stack-access-type', 'client'],
      ['x-stack-project-id', dev.projectId],
      ['x-stack-publishable-client-key', dev.publishableClientKey],
    ];
    for (const path of [
      '/api/v1/projects/current',
      '/api/latest/projects/current',
      '/api/v1/projects/../projects/current',
      '/api/v1/./projects/current',
      '/api/v1/teams/../projects/current',
      '/api/latest/../v1/projects/current',
    ]) {
      for (const answer of await both(client, path)) {
        expect(answer.status, path).toBe(200);
        expect(JSON.parse(answer.body).id, path).toBe(dev.projectId);
      }
    }
    // A query the route does not take, a path that resolves to another route or to none: answered
    // alike from either side, and none of them as the project.
    for (const path of [
      '/api/v1/projects/current?x=1',
      '/api/v1/projects/current/..',
      '/api/v1/projects/currenT',
      '/api/v1/projects/current/',
    ]) {
      const [fromSocket, inProcess] = await both(client, path);
      expect(fromSocket!.status, path).toBe(inProcess!.status);
      expect(fromSocket!.status, path).not.toBe(200);
      // The 404's text names the URL, whose host differs between the two.
      const alike = (body: string) => body.replace(/https?:\/\/[^/]+/g, '');
      expect(alike(fromSocket!.body), path).toBe(alike(inProcess!.body));
    }
  });

  it('answers alike from the fast lane and through the adapter, headers, length and body', async () => {
    // A plain host takes the fast lane for an exact GET; an upper-case one the adapter (it parses
    // the URL), as does the same path with an empty query. Nothing but the date and the request id
    // may differ.
    const { accessToken } = await signUp(running.url, dev);
    const client = Object.entries({ ...projectHeaders(dev), 'x-stack-access-token': accessToken });
    const { port } = new URL(running.url);
    const comparable = (head: string) =>
      head
        .split('\r\n')
        .slice(1)
        .map((line) => line.replace(/^[^:]+/, (name) => name.toLowerCase()))
        .filter((line) => !/^(date|x-stack-request-id):/.test(line))
        .sort();
    for (const path of ['/api/v1', '/api/v1/projects/current', '/api/v1/users/me', '/api/latest/users/me']) {
      const lines = [`GET ${path} HTTP/1.1`, ...client.map(([name, value]) => `${name}: ${value}`)];
      // The first read of a token or key waits for the database, and the adapter writes answers
      // that come later; once they are kept, the answer is ready at once and takes the lane.
      await rawRequest(running.url, lines);
      const fast = await rawRequest(running.url, lines);
      const adapted = [
        await rawRequest(running.url, lines, { host: `LOCALHOST:${port}` }),
        await rawRequest(running.url, [`GET ${path}? HTTP/1.1`, ...lines.slice(1)]),
      ];
      expect(fast.status, path).toBe(200);
      // Which side wrote it shows in the length's spelling (the adapter leaves it to Node, which
      // writes "Content-Length"): the comparison below is between the two lanes, not one twice.
      expect(fast.head, path).toContain('\r\ncontent-length: ');
      for (const other of adapted) expect(other.head, path).toContain('\r\nContent-Length: ');
      expect(fast.head, path).toMatch(/\r\nx-stack-request-id: [0-9a-f]{16}\r\n/);
      expect(Number(/\r\ncontent-length: (\d+)/i.exec(fast.head)?.[1]), path).toBe(
        Buffer.byteLength(fast.body),
      );
      for (const other of adapted) {
        expect(other.status, path).toBe(200);
        expect(comparable(fast.head), path).toEqual(comparable(other.head));
        expect(fast.body.replace(/"last_active_at_millis":\d+/, ''), path).toBe(
          other.body.replace(/"last_active_at_millis":\d+/, ''),
        );
      }
    }
  });

  it('never reaches authentication with a NUL or a control byte in a header value', async () => {
    const answer = await rawRequest(running.url, [
      'GET /api/v1 HTTP/1.1',
      'x-stack-access-type: cli\u0000ent',
      `x-stack-project-id: ${dev.projectId}`,
    ]);
    expect(answer.status).toBe(400);
    const control = await rawRequest(running.url, ['GET /api/v1 HTTP/1.1', 'x-stack-project-id: a\u0001b']);
    expect(control.status).toBe(400);
  });
});
