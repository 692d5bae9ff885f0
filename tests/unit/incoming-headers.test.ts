/**
 * signet's builder of a request's header object (server/src/http/incoming-message.ts) against
 * Node's own, on the Node these tests run on: for every list below, both must make the same
 * object, in the same key order. A Node release that changes its rules fails here.
 */
import { createServer, request as httpRequest, IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { headersOfRaw, SignetIncomingMessage } from '../../server/src/http/incoming-message.js';

/** The object Node's own `headers` accessor makes of `raw`. */
function nodeHeadersOf(raw: string[], joinDuplicateHeaders = false): unknown {
  const message = new IncomingMessage(null as never) as IncomingMessage & {
    _addHeaderLines(headers: string[], n: number): void;
    joinDuplicateHeaders: boolean;
  };
  message.joinDuplicateHeaders = joinDuplicateHeaders;
  message._addHeaderLines(raw, raw.length);
  return message.headers;
}

/** Both builders' objects for `raw`, with their keys in order (a plain `toEqual` ignores order). */
function both(raw: string[], join = false) {
  const ours = headersOfRaw(raw, join);
  const node = nodeHeadersOf(raw, join) as Record<string, unknown>;
  return { ours: [Object.keys(ours), { ...ours }], node: [Object.keys(node), { ...node }] };
}

/** Every name Node's HTTP server treats apart, and some it does not. */
const KNOWN = [
  'age',
  'host',
  'from',
  'etag',
  'date',
  'vary',
  'server',
  'cookie',
  'origin',
  'expect',
  'accept',
  'referer',
  'expires',
  'upgrade',
  'location',
  'if-match',
  'user-agent',
  'set-cookie',
  'connection',
  'retry-after',
  'content-type',
  'max-forwards',
  'authorization',
  'last-modified',
  'cache-control',
  'if-none-match',
  'content-length',
  'accept-encoding',
  'accept-language',
  'x-forwarded-for',
  'content-encoding',
  'x-forwarded-host',
  'if-modified-since',
  'transfer-encoding',
  'x-forwarded-proto',
  'proxy-authorization',
  'if-unmodified-since',
];
const UNKNOWN = [
  'x-stack-access-token',
  'x-stack-project-id',
  'x-stack-publishable-client-key',
  'x-stack-super-secret-admin-key',
  'a',
  'dnt',
  'x-agent',
  'hosts',
  'cookies',
  'set-cookie2',
  'content-types',
];
/** Names an object literal already has, or that set its prototype. */
const PROTOTYPE_NAMES = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__defineGetter__',
];

/** `name` as clients may spell it: lower case, Capitalised-Words, UPPER CASE, and mixed. */
function spellings(name: string): string[] {
  const title = name.replace(
    /(^|-)([a-z])/g,
    (_, dash: string, letter: string) => dash + letter.toUpperCase(),
  );
  const mixed = [...name].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join('');
  return [name, title, name.toUpperCase(), mixed];
}

describe("a request's header object", () => {
  it('is the object Node makes for one, two and three of every name, however it is spelled', () => {
    for (const name of [...KNOWN, ...UNKNOWN, ...PROTOTYPE_NAMES]) {
      for (const spelled of spellings(name)) {
        for (const join of [false, true]) {
          const once = [spelled, 'one'];
          const twice = [...once, name, 'two'];
          const thrice = [...twice, spelled.toUpperCase(), 'three'];
          for (const raw of [once, twice, thrice]) {
            const { ours, node } = both(raw, join);
            expect(ours, `${JSON.stringify(raw)} join=${join}`).toEqual(node);
          }
        }
      }
    }
  });

  it('is the object Node makes for the requests signet receives, repeats interleaved', () => {
    const token = `eyJ${'a'.repeat(600)}`;
    const lists = [
      [
        'Host',
        '127.0.0.1:8102',
        'x-stack-access-type',
        'client',
        'x-stack-project-id',
        'internal',
        'x-stack-publishable-client-key',
        'pck_x',
        'x-stack-access-token',
        token,
        'Content-Type',
        'application/json',
        'User-Agent',
        'kit',
        'Connection',
        'keep-alive',
      ],
      // Repeats of every kind between other headers, values empty and spaced.
      [
        'Cookie',
        'a=1',
        'Set-Cookie',
        's=1',
        'Host',
        'first',
        'cookie',
        'b=2',
        'x-stack-access-type',
        'client',
        'host',
        'second',
        'SET-COOKIE',
        's=2',
        'X-Stack-Access-Type',
        'server',
        'accept',
        '',
        'Accept',
        'text/html',
        'content-length',
        '0',
        'Content-Length',
        '5',
      ],
      [],
    ];
    for (const raw of lists) {
      for (const join of [false, true]) {
        const { ours, node } = both(raw, join);
        expect(ours).toEqual(node);
      }
    }
  });

  it('is made by Node itself past forty headers, and by signet on a real socket otherwise', async () => {
    const seen: { headers: unknown; raw: string[] }[] = [];
    const server = createServer({ IncomingMessage: SignetIncomingMessage }, (request, response) => {
      expect(request).toBeInstanceOf(SignetIncomingMessage);
      seen.push({ headers: { ...request.headers }, raw: request.rawHeaders });
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const send = (headers: [string, string][]) =>
      new Promise<void>((resolve, reject) => {
        // A list of headers goes as it is: Node adds no `host` to it, and refuses a request without.
        const flat = [['Host', `127.0.0.1:${port}`], ...headers].flat();
        const req = httpRequest({ host: '127.0.0.1', port, path: '/', headers: flat }, (res) => {
          expect(res.statusCode).toBe(200);
          res.resume();
          res.on('end', resolve);
        });
        req.on('error', reject);
        req.end();
      });
    try {
      const few: [string, string][] = [
        ['X-Stack-Access-Type', 'client'],
        ['x-stack-access-type', 'server'],
        ['Cookie', 'a=1'],
        ['cookie', 'b=2'],
        ['User-Agent', 'one'],
        ['user-agent', 'two'],
      ];
      const many: [string, string][] = Array.from({ length: 45 }, (_, i) => [`x-extra-${i % 7}`, String(i)]);
      await send(few);
      await send(many);
      for (const { headers, raw } of seen) expect(headers).toEqual(nodeHeadersOf(raw));
      expect(seen[0]!.headers).toMatchObject({
        'x-stack-access-type': 'client, server',
        cookie: 'a=1; b=2',
        'user-agent': 'one',
      });
      expect(seen[1]!.raw.length).toBeGreaterThan(80);
      expect((seen[1]!.headers as Record<string, string>)['x-extra-0']).toBe('0, 7, 14, 21, 28, 35, 42');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
