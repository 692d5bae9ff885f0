/**
 * Bad input never breaks the server: every route of the API, called with every access type and a
 * set of malformed bodies, path parameters, query strings and header values, answers with a 4xx (or a success where the input
 * happens to be acceptable), never a 5xx, and every error carries a readable body. The routes come
 * from the server's own route table, so a new endpoint is covered the day it is added.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../server/src/features/routes.js';
import type { ProjectKeys } from '../../server/src/index.js';
import { patchConfig } from '../support/outbox.js';
import { createOwnedProject, signUpOwner } from '../support/owner.js';
import { raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

/** Bodies a careless or hostile client might send, as raw strings. */
const BAD_BODIES: Record<string, string> = {
  'truncated JSON': '{"email": "a@example.com", "code":',
  'a JSON array': '[1, 2, 3]',
  'JSON null': 'null',
  'a JSON string': '"hello"',
  'wrong types': JSON.stringify({
    email: 123,
    password: ['x'],
    code: { a: 1 },
    callback_url: 5,
    value: null,
    type: 7,
    used_for_auth: 'yes',
    is_primary: 'no',
    user_id: 42,
    recipient_email: false,
    email_config: 'smtp',
    subject: [],
    content: 3,
    display_name: { x: 1 },
    config: 'on',
  }),
  'huge strings': JSON.stringify({
    email: `${'a'.repeat(70_000)}@example.com`,
    password: 'p'.repeat(70_000),
    code: 'c'.repeat(70_000),
    callback_url: `http://localhost/${'x'.repeat(70_000)}`,
    value: `${'v'.repeat(70_000)}@example.com`,
    subject: 's'.repeat(70_000),
  }),
  'NUL characters': JSON.stringify({
    email: 'a\u0000@example.com',
    code: '\u0000'.repeat(45),
    password: 'ab\u0000cdefgh',
  }),
  // Right shapes, hostile values: these get past validation into the handlers.
  'hostile values': JSON.stringify({
    email: 'ünï+tag@exämple.com',
    password: 'pässwörd-😀-long-enough',
    old_password: 'nope-nope-nope',
    new_password: 'another-long-one',
    code: 'z'.repeat(45),
    callback_url: 'javascript:alert(1)',
    verification_callback_url: '//evil.example/x',
    value: 'second+address@example.com',
    type: 'email',
    used_for_auth: true,
    is_primary: true,
    user_id: 'me',
    recipient_email: 'ünï@example.com',
    // Loopback only: a closed port, so the test email fails fast and locally.
    email_config: {
      type: 'standard',
      host: '127.0.0.1',
      port: 1,
      username: 'u',
      password: 'p',
      sender_name: '{{ evil }}',
      sender_email: 'sender@example.com',
    },
    subject: '{{ otp }} {{ nope }} {% raw %}',
    content: { root: { type: 'EmailLayout', data: { childrenIds: ['missing'] } } },
    display_name: '',
    config: { domains: [{ domain: 'not a url', handler_path: 'relative' }] },
  }),
  'odd URLs': JSON.stringify({
    email: 'odd@example.com',
    callback_url: 'http://localhost:99999/handler',
    verification_callback_url: 'http://[::1/handler',
  }),
  // JSON.stringify writes a lone surrogate as a \ud800 escape, which JSON.parse turns back into
  // a string PostgreSQL cannot store: in values, in object keys, in emails and metadata.
  'lone surrogates': JSON.stringify({
    email: 'a\ud800@example.com',
    recipient_email: '\udfffz@example.com',
    code: '\ud800'.repeat(45),
    password: 'ab\ud800cdefgh',
    callback_url: 'http://localhost/\ud800',
    display_name: 'x\udc00',
    value: 'b\ud800@example.com',
    client_metadata: { '\ud800': 1, ok: 'v\udfff' },
    server_metadata: { nested: ['\ud800'] },
    subject: '\ud800',
  }),
  'unknown fields only': JSON.stringify({ totally: 'unexpected', nested: { deeper: [1, { x: 2 }] } }),
};

/**
 * Query strings as sent: a NUL in a known parameter, in a name and in a value, the bytes of a
 * lone surrogate (no UTF-8, decoded to U+FFFD), and a URL over Node's 16 KB header limit.
 */
const BAD_QUERIES = [
  '?user_id=%00',
  '?%00=1',
  '?user_id=me&type=a%00b',
  '?user_id=%ED%A0%80',
  `?user_id=${'q'.repeat(20_000)}`,
];

/** The surrogate bytes once more, as a header carries them (Latin-1), plus other odd values. */
const HOSTILE_HEADER_VALUES = ['\u00ed\u00a0\u0080', '\u00ff\u00fe', 'x'.repeat(8000)];

/** Headers the server reads; every one gets each hostile value in turn. */
const READ_HEADERS = [
  'x-stack-project-id',
  'x-stack-access-type',
  'x-stack-access-token',
  'x-stack-refresh-token',
  'x-stack-publishable-client-key',
  'x-stack-secret-server-key',
  'x-stack-super-secret-admin-key',
  'x-stack-admin-access-token',
  'x-forwarded-for',
  'authorization',
  'content-type',
];

/** HTTP Basic credentials (OAuth client id and secret) that decode to a NUL or to nothing. */
const BAD_BASIC = [
  `Basic ${Buffer.from('%00:%00').toString('base64')}`,
  `Basic ${Buffer.from('\u0000:\u0000').toString('base64')}`,
  `Basic ${Buffer.from('%ED%A0%80:x').toString('base64')}`,
  'Basic !!!',
];

/** Routes that end the test's session; they run last so the rest run signed in. */
const SESSION_ENDING = new Set(['DELETE /users/me', 'DELETE /auth/sessions/current']);
/** The route that deletes its project: walked with a project of its own, made for it. */
const PROJECT_DELETION = 'DELETE /projects/current';

describe.each(backends())('every route refuses bad input without a 5xx on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  let dev: ProjectKeys;
  let accessToken: string;
  let channelId: string;
  let doomed: ProjectKeys;
  /** The keys a route is walked with: the deletion gets a project of its own. */
  const keysOf = (route: { method: string; path: string }) =>
    `${route.method} ${route.path}` === PROJECT_DELETION ? doomed : dev;

  beforeAll(async () => {
    running = await backend.create({ resetCodeResponseTimeMs: { min: 0, max: 0 } });
    url = running.url;
    dev = running.server.seeded.dev;
    // A standard email config, so template edits reach their handlers (shared config refuses them);
    // a closed loopback port, so every delivery fails fast, locally, and is only recorded.
    await patchConfig(url, dev, {
      magic_link_enabled: true,
      client_user_deletion_enabled: true,
      email_config: {
        type: 'standard',
        host: '127.0.0.1',
        port: 1,
        username: 'mailer',
        password: 'secret',
        sender_name: 'Bad input',
        sender_email: 'sender@example.com',
      },
    });
    doomed = await createOwnedProject(
      url,
      running.server.seeded.internal,
      await signUpOwner(url, running.server.seeded.internal),
    );
    const user = await signUp(url, dev);
    accessToken = user.accessToken;
    const channels = await raw(url, '/contact-channels?user_id=me', { keys: dev, accessToken });
    channelId = channels.json.items[0].id;
  });
  afterAll(async () => {
    await running?.close();
  });

  /** Concrete paths for a route pattern: sensible values and malformed ones for each parameter. */
  function pathsOf(pattern: string): string[] {
    const values: Record<string, string[]> = {
      user_id: ['me', 'not-a-uuid', '00000000-0000-0000-0000-000000000000'],
      contact_channel_id: [channelId, 'not-a-uuid'],
      type: ['magic_link', 'no_such_template'],
      project_id: [dev.projectId, 'no-such-project'],
      api_key_id: ['00000000-0000-0000-0000-000000000000', 'not-a-uuid'],
    };
    // Sent as they stand: a NUL, the UTF-8 bytes of a lone surrogate, bytes that are no UTF-8 at
    // all, and 70k characters.
    const hostile = ['%00', 'a%00b', '%ED%A0%80', '%E0%A4%A', 'x'.repeat(70_000)];
    let paths = [pattern];
    for (const [name, options] of Object.entries(values)) {
      if (!pattern.includes(`:${name}`)) continue;
      paths = paths.flatMap((path) => [
        ...options.map((value) => path.replace(`:${name}`, encodeURIComponent(value))),
        ...hostile.map((value) => path.replace(`:${name}`, value)),
      ]);
    }
    return paths;
  }

  it('answers 4xx (or success), never 5xx, with a body that says what went wrong', async () => {
    const routes = [...ROUTES].sort(
      (a, b) =>
        Number(SESSION_ENDING.has(`${a.method} ${a.path}`)) -
        Number(SESSION_ENDING.has(`${b.method} ${b.path}`)),
    );
    const failures: string[] = [];
    let calls = 0;
    for (const route of routes) {
      for (const path of pathsOf(route.path)) {
        for (const access of ['client', 'server', 'admin'] as const) {
          for (const [label, body] of Object.entries(BAD_BODIES)) {
            const response = await raw(url, path, {
              method: route.method,
              keys: keysOf(route),
              access,
              accessToken: access === 'client' ? accessToken : undefined,
              body: route.method === 'GET' ? undefined : body,
            });
            calls++;
            const what = `${route.method} ${path} (${access}, ${label}) → ${response.status}`;
            if (response.status >= 500) failures.push(`${what}: ${response.text.slice(0, 200)}`);
            else if (response.status >= 400 && response.text.trim() === '')
              failures.push(`${what} with an empty body`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // The table really was walked: dozens of routes, thousands of calls.
    expect(calls).toBeGreaterThan(1000);

    // Whatever the walk stored (odd templates included), the emails still go out.
    const callback = 'http://localhost:5173/handler/magic-link-callback';
    const email = 'after-the-walk@example.com';
    for (const path of ['/auth/otp/send-sign-in-code', '/auth/password/send-reset-code']) {
      const sent = await raw(url, path, { keys: dev, body: { email, callback_url: callback } });
      expect(sent.status, `${path}: ${sent.text}`).toBe(200);
    }
  }, 240_000);

  it('answers hostile query strings and header values on every route with a 4xx (or success), never 5xx', async () => {
    const failures: string[] = [];
    let calls = 0;
    const check = (what: string, response: Awaited<ReturnType<typeof raw>>) => {
      calls++;
      if (response.status >= 500)
        failures.push(`${what} → ${response.status}: ${response.text.slice(0, 200)}`);
      else if (response.status >= 400 && response.text.trim() === '')
        failures.push(`${what} → ${response.status} with an empty body`);
    };
    for (const route of ROUTES) {
      if (SESSION_ENDING.has(`${route.method} ${route.path}`)) continue;
      const path = pathsOf(route.path)[0]!;
      const body = route.method === 'GET' ? undefined : BAD_BODIES['unknown fields only'];
      for (const access of ['client', 'server', 'admin'] as const) {
        const base = { method: route.method, keys: keysOf(route), access, body };
        for (const query of BAD_QUERIES) {
          check(
            `${route.method} ${path}${query.slice(0, 40)} (${access})`,
            await raw(url, `${path}${query}`, base),
          );
        }
        for (const name of READ_HEADERS) {
          for (const value of HOSTILE_HEADER_VALUES) {
            const response = await raw(url, path, { ...base, headers: { [name]: value } });
            check(
              `${route.method} ${path} (${access}, ${name}: ${JSON.stringify(value.slice(0, 12))})`,
              response,
            );
          }
        }
      }
      for (const authorization of BAD_BASIC) {
        const response = await raw(url, path, { method: route.method, body, headers: { authorization } });
        check(`${route.method} ${path} (authorization: ${authorization})`, response);
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(1000);

    // The OAuth token endpoint reads the Basic credentials itself: the NUL they decode to is an
    // OAuth client error, and the same NUL in the form body a SCHEMA_ERROR.
    const grant = { grant_type: 'refresh_token', refresh_token: 'x' };
    const basic = await raw(url, '/auth/oauth/token', {
      body: grant,
      headers: { authorization: BAD_BASIC[0]! },
    });
    expect(basic.status, basic.text).toBe(400);
    expect(basic.json.error).toBe('invalid_client');
    const inBody = await raw(url, '/auth/oauth/token', {
      body: { ...grant, client_id: '\ud800', client_secret: 'x\u0000' },
    });
    expect(inBody.status, inBody.text).toBe(400);
    expect(inBody.headers.get('x-stack-known-error')).toBe('SCHEMA_ERROR');
    expect(inBody.json.error).toContain('body.client_id must be valid Unicode');
  }, 240_000);

  it('answers a NUL in a header, which Node refuses before the app, with a readable 400', async () => {
    const { port } = new URL(url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `GET /api/v1/users/me HTTP/1.1\r\nhost: 127.0.0.1\r\nx-stack-project-id: ${dev.projectId}\u0000x\r\nx-stack-access-type: client\r\n\r\n`,
        );
      });
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk;
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('The request could not be parsed as HTTP.');
  });
});
