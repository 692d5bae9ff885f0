/**
 * The Svix API signet serves, from the attacker's side: no token, garbage, an expired token, one
 * project's token on another's app id or objects, a token that is not a Svix API token at all;
 * secrets never in endpoint views and only sealed in the database; production mode refusing plain
 * http and addresses of this machine or a private network; and hostile input (NUL, lone surrogates,
 * 70 000 characters) in bodies, paths, queries and headers — each a clear 4xx, never a 500, never
 * a record half written.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Svix } from 'svix';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignetServer, type ProjectKeys } from '../../server/src/index.js';
import { createOwnedProject, signUpOwner } from '../support/owner.js';
import { raw } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';
import { statusOf, svixToken } from '../support/svix-api.js';

const HOUR = 3600_000;
const SERVER_PGLITE = '../../server/node_modules/@electric-sql/pglite/dist/index.js';

describe.each(backends())('attacks on the Svix API on $name', (backend) => {
  let running: RunningServer;
  let clock = Date.now();
  let a: ProjectKeys;
  let b: ProjectKeys;
  let tokenA: string;
  let tokenB: string;

  /** One request to the Svix API as a raw fetch, status and parsed body back. */
  async function call(
    path: string,
    init: { token?: string; method?: string; body?: string; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${running.url}/api/v1/app${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.body,
    });
    const text = await response.text();
    let json: any;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, text, json };
  }

  beforeAll(async () => {
    running = await backend.create({ now: () => clock });
    const internal = running.server.seeded.internal;
    const owner = await signUpOwner(running.url, internal);
    a = await createOwnedProject(running.url, internal, owner, { display_name: 'A' });
    b = await createOwnedProject(running.url, internal, owner, { display_name: 'B' });
    tokenA = await svixToken(running.url, a);
    tokenB = await svixToken(running.url, b);
  });
  afterAll(async () => {
    await running?.close();
  });

  it('refuses requests without a live token of this server, saying so in Svix’s shape', async () => {
    const path = `/${a.projectId}/endpoint`;
    for (const token of [
      undefined,
      '',
      'garbage',
      'sgwh_garbage',
      `sgwh_${'A'.repeat(5000)}`,
      tokenA.slice(0, -2),
      `${tokenA}x`,
    ]) {
      const answer = await call(path, { token });
      expect(answer.status, String(token)).toBe(401);
      expect(answer.json).toEqual({ code: 'authentication_failed', detail: expect.any(String) });
    }
    // Not a bearer token; a Stack key in its place.
    expect((await call(path, { headers: { authorization: tokenA } })).status).toBe(401);
    expect((await call(path, { headers: { authorization: `Basic ${tokenA}` } })).status).toBe(401);
    expect((await call(path, { token: a.superSecretAdminKey })).status).toBe(401);
    // A Stack admin credential does not open the Svix API.
    expect(
      (await call(path, { headers: { 'x-stack-super-secret-admin-key': a.superSecretAdminKey } })).status,
    ).toBe(401);
    // The token endpoint itself wants admin access.
    expect(
      (await raw(running.url, '/webhooks/svix-token', { keys: a, access: 'server', body: {} })).status,
    ).toBe(401);
  });

  it('refuses a token once it has expired (an hour), and accepts a fresh one', async () => {
    const token = await svixToken(running.url, a);
    clock += HOUR + 1000;
    try {
      expect((await call(`/${a.projectId}/endpoint`, { token })).status).toBe(401);
      expect(
        (await call(`/${a.projectId}/endpoint`, { token: await svixToken(running.url, a) })).status,
      ).toBe(200);
    } finally {
      clock -= HOUR + 1000;
    }
  });

  it('keeps each project to its own app: another app id is 403, another project’s objects are 404', async () => {
    const svixA = new Svix(tokenA, { serverUrl: running.url });
    const svixB = new Svix(tokenB, { serverUrl: running.url });
    const endpointB = await svixB.endpoint.create(b.projectId, {
      url: 'https://b.example.com/hook',
      uid: 'b-hook',
    });
    const secretB = (await svixB.endpoint.getSecret(b.projectId, endpointB.id)).key;

    // A's token on B's app id: nothing of B's, whatever the path.
    for (const path of [
      '',
      '/endpoint',
      `/endpoint/${endpointB.id}`,
      `/endpoint/${endpointB.id}/secret`,
      '/msg',
    ]) {
      const answer = await call(`/${b.projectId}${path}`, { token: tokenA });
      expect(answer.status, path).toBe(403);
      expect(answer.text).not.toContain(secretB);
      expect(answer.text).not.toContain('b.example.com');
    }
    expect(await statusOf(svixA.endpoint.delete(b.projectId, endpointB.id))).toBe(403);
    expect(await statusOf(svixA.endpoint.rotateSecret(b.projectId, endpointB.id, {}))).toBe(403);
    // The same answer for an app id that does not exist: no probing for projects.
    expect((await call('/no-such-project/endpoint', { token: tokenA })).status).toBe(403);

    // B's endpoint under A's own app id: not found, by id or by uid.
    for (const id of [endpointB.id, 'b-hook']) {
      expect(await statusOf(svixA.endpoint.get(a.projectId, id))).toBe(404);
      expect(await statusOf(svixA.endpoint.getSecret(a.projectId, id))).toBe(404);
      expect(
        await statusOf(svixA.endpoint.update(a.projectId, id, { url: 'https://evil.example.com' })),
      ).toBe(404);
      expect(await statusOf(svixA.endpoint.patch(a.projectId, id, { disabled: true }))).toBe(404);
      expect(await statusOf(svixA.endpoint.rotateSecret(a.projectId, id, {}))).toBe(404);
      expect(await statusOf(svixA.endpoint.delete(a.projectId, id))).toBe(404);
      expect(await statusOf(svixA.messageAttempt.listByEndpoint(a.projectId, id))).toBe(404);
    }
    // A's own endpoint list does not show it; B's endpoint is untouched, secret and all.
    expect((await svixA.endpoint.list(a.projectId)).data).toEqual([]);
    expect(await svixB.endpoint.get(b.projectId, endpointB.id)).toMatchObject({
      url: 'https://b.example.com/hook',
      disabled: false,
    });
    expect((await svixB.endpoint.getSecret(b.projectId, endpointB.id)).key).toBe(secretB);

    // B's message under A's app, and a resend of it to A's endpoint.
    await raw(running.url, '/teams', { keys: b, access: 'server', body: { display_name: 'B team' } });
    const messageB = (await svixB.message.list(b.projectId)).data[0]!;
    const endpointA = await svixA.endpoint.create(a.projectId, { url: 'https://a.example.com/hook' });
    expect(await statusOf(svixA.message.get(a.projectId, messageB.id))).toBe(404);
    expect(await statusOf(svixA.messageAttempt.listByMsg(a.projectId, messageB.id))).toBe(404);
    expect(await statusOf(svixA.messageAttempt.resend(a.projectId, messageB.id, endpointA.id))).toBe(404);
    expect((await svixA.message.list(a.projectId)).data.map((m) => m.id)).not.toContain(messageB.id);
    await svixA.endpoint.delete(a.projectId, endpointA.id);
    await svixB.endpoint.delete(b.projectId, endpointB.id);
  });

  it('never shows a secret in endpoint views', async () => {
    const created = await call(`/${a.projectId}/endpoint`, {
      token: tokenA,
      method: 'POST',
      body: JSON.stringify({ url: 'https://a.example.com/s' }),
    });
    expect(created.status).toBe(201);
    const secret = (await call(`/${a.projectId}/endpoint/${created.json.id}/secret`, { token: tokenA })).json
      .key;
    for (const answer of [
      created,
      await call(`/${a.projectId}/endpoint`, { token: tokenA }),
      await call(`/${a.projectId}/endpoint/${created.json.id}`, { token: tokenA }),
      await call(`/${a.projectId}/endpoint/${created.json.id}`, {
        token: tokenA,
        method: 'PATCH',
        body: '{"description":"d"}',
      }),
    ]) {
      expect(answer.text).not.toContain(secret);
      expect(answer.text).not.toContain('whsec_');
      expect(answer.text).not.toMatch(/secret/i);
    }
    await call(`/${a.projectId}/endpoint/${created.json.id}`, { token: tokenA, method: 'DELETE' });
  });

  it('in production mode refuses plain http and addresses of this machine or a private network', async () => {
    const patched = await raw(running.url, '/projects/current', {
      method: 'PATCH',
      keys: b,
      access: 'admin',
      body: { is_production_mode: true },
    });
    expect(patched.status, patched.text).toBe(200);
    const svixB = new Svix(tokenB, { serverUrl: running.url });
    for (const url of [
      'http://hooks.example.com/x',
      'https://localhost/x',
      'https://app.localhost/x',
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://10.1.2.3/x',
      'https://192.168.0.10/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::ffff:127.0.0.1]/x',
      'https://user:pass@hooks.example.com/x',
    ]) {
      expect(await statusOf(svixB.endpoint.create(b.projectId, { url })), url).toBe(422);
    }
    const good = await svixB.endpoint.create(b.projectId, { url: 'https://hooks.example.com/x' });
    // Changing a good endpoint to a bad URL is refused too, and leaves it as it was.
    expect(await statusOf(svixB.endpoint.patch(b.projectId, good.id, { url: 'https://127.0.0.1/x' }))).toBe(
      422,
    );
    expect(
      await statusOf(svixB.endpoint.update(b.projectId, good.id, { url: 'http://hooks.example.com/x' })),
    ).toBe(422);
    expect((await svixB.endpoint.get(b.projectId, good.id)).url).toBe('https://hooks.example.com/x');
    expect((await svixB.endpoint.list(b.projectId)).data).toHaveLength(1);
    await svixB.endpoint.delete(b.projectId, good.id);
  });

  it('answers hostile input with a clear 4xx, never a 500 or a record half written', async () => {
    const base = `/${a.projectId}/endpoint`;
    const post = (body: string) => call(base, { token: tokenA, method: 'POST', body });
    const long = 'x'.repeat(70_000);
    const bodies = [
      '{"url":"https://a.example.com/\\u0000"}',
      '{"url":"https://a.example.com/\\ud800"}',
      '{"url":"https://a.example.com/x","description":"nul \\u0000"}',
      '{"url":"https://a.example.com/x","description":"half \\ud800 a pair"}',
      `{"url":"https://a.example.com/x","description":"${long}"}`,
      `{"url":"https://a.example.com/${long}"}`,
      '{"url":"https://a.example.com/x","uid":"a\\u0000b"}',
      `{"url":"https://a.example.com/x","uid":"${'u'.repeat(70_000)}"}`,
      '{"url":"https://a.example.com/x","metadata":{"k\\u0000":"v"}}',
      '{"url":"https://a.example.com/x","metadata":{"k":"\\ud800"}}',
      '{"url":"https://a.example.com/x","filterTypes":["user.created\\u0000"]}',
      '{"url":"https://a.example.com/x","filterTypes":[]}',
      '{"url":"https://a.example.com/x","filterTypes":"user.created"}',
      '{"url":"https://a.example.com/x","secret":"whsec_\\u0000"}',
      '{"url":"https://a.example.com/x","channels":["c"]}',
      '{"url":"https://a.example.com/x","headers":{"x-evil":"1"}}',
      '{"url":42}',
      '{}',
      '[]',
      '"text"',
      '{"url":',
    ];
    for (const body of bodies) {
      const answer = await post(body);
      expect(answer.status, body.slice(0, 80)).toBe(422);
      expect(answer.json.detail, body.slice(0, 80)).toBeDefined();
    }
    expect(
      (await post(`{"url":"https://a.example.com/x","description":"${'x'.repeat(300_000)}"}`)).status,
    ).toBe(413);
    expect((await call(base, { token: tokenA })).json.data).toEqual([]);

    // A good endpoint, then changes with one bad field: nothing of the change is written.
    const made = await post('{"url":"https://a.example.com/ok","description":"kept"}');
    const one = `${base}/${made.json.id}`;
    const patch = (body: string) => call(one, { token: tokenA, method: 'PATCH', body });
    expect((await patch('{"description":"new","secret":"not a secret"}')).status).toBe(422);
    expect((await patch('{"description":"new","url":"https://a.example.com/\\u0000"}')).status).toBe(422);
    expect((await patch('{"description":"new","filterTypes":["no.such"]}')).status).toBe(422);
    expect((await call(one, { token: tokenA })).json.description).toBe('kept');

    // Paths: NUL, a lone surrogate's bytes, 70 000 characters, dots.
    for (const id of ['%00', 'ep%00x', '%ED%A0%80', '%F0', 'x'.repeat(70_000), '%2e%2e%2fsecret']) {
      const answer = await call(`${base}/${id}`, { token: tokenA });
      expect(answer.status, id.slice(0, 20)).toBeGreaterThanOrEqual(400);
      expect(answer.status, id.slice(0, 20)).toBeLessThan(500);
    }
    for (const id of ['%00', '%ED%A0%80', 'x'.repeat(300)]) {
      expect((await call(`/${a.projectId}/msg/${id}`, { token: tokenA })).status).toBe(422);
      expect((await call(`/${a.projectId}/attempt/endpoint/${id}`, { token: tokenA })).status).toBe(422);
    }
    expect((await call(`/%00/endpoint`, { token: tokenA })).status).toBe(403);
    expect((await call(`/${'p'.repeat(70_000)}/endpoint`, { token: tokenA })).status).toBeLessThan(500);

    // Queries.
    for (const query of [
      'limit=abc',
      'limit=0',
      'limit=100000',
      'iterator=%00',
      'iterator=%ED%A0%80',
      `iterator=${'9'.repeat(70_000)}`,
      'iterator=1.x%27%20OR%201=1',
      'order=sideways',
    ]) {
      const status = (await call(`${base}?${query}`, { token: tokenA })).status;
      // Node itself refuses a request line beyond its header limit (431); anything shorter is ours.
      expect(status, query.slice(0, 40)).toBe(query.length > 16_000 ? 431 : 422);
    }
    for (const query of [
      'event_types=%00',
      'event_types=a%ED%A0%80',
      `event_types=${'a,'.repeat(101)}`,
      'with_content=maybe',
      'before=yesterday',
      'before=0000-01-01T00:00:00Z',
      'after=%00',
    ]) {
      expect((await call(`/${a.projectId}/msg?${query}`, { token: tokenA })).status, query).toBe(422);
    }
    // Headers: a 70 000-character authorization header never reaches a 500.
    const huge = await call(base, { token: 'x'.repeat(70_000) });
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    await call(one, { token: tokenA, method: 'DELETE' });
  });
});

/**
 * What the database holds: endpoint secrets only sealed. Each backend's rows are read directly
 * (PostgreSQL through its URL; PGlite from a data folder once the server has closed it).
 */
describe.each(backends())('endpoint secrets at rest on $name', (backend) => {
  // A PGlite data folder on disk takes a while to create and migrate.
  it('stores the secret, and the one before a rotation, only sealed', async () => {
    let dataDir: string | undefined;
    let running: RunningServer | undefined;
    let server: Awaited<ReturnType<typeof createSignetServer>> | undefined;
    let url: string;
    let keys: ProjectKeys;
    if (backend.name === 'pglite') {
      dataDir = mkdtempSync(join(tmpdir(), 'signet-sealed-'));
      server = await createSignetServer({ database: { kind: 'pglite', dataDir } });
      url = (await server.listen(0)).url;
      keys = server.seeded.dev;
    } else {
      running = await backend.create();
      url = running.url;
      keys = running.server.seeded.dev;
    }
    try {
      const svix = new Svix(await svixToken(url, keys), { serverUrl: url });
      const endpoint = await svix.endpoint.create(keys.projectId, { url: 'https://a.example.com/sealed' });
      const first = (await svix.endpoint.getSecret(keys.projectId, endpoint.id)).key;
      await svix.endpoint.rotateSecret(keys.projectId, endpoint.id, {});
      const second = (await svix.endpoint.getSecret(keys.projectId, endpoint.id)).key;
      const query = 'SELECT row_to_json(e)::text AS row FROM webhook_endpoints e';
      let rows: string[];
      if (server) {
        await server.close();
        server = undefined;
        // The server's own PGlite (its workspace pins a newer one than the root), so the files match.
        const { PGlite } = (await import(SERVER_PGLITE)) as typeof import('@electric-sql/pglite');
        const db = await PGlite.create(dataDir);
        rows = (await db.query<{ row: string }>(query)).rows.map((r) => r.row);
        await db.close();
      } else {
        const client = new pg.Client({ connectionString: running!.databaseUrl });
        await client.connect();
        rows = (await client.query<{ row: string }>(query)).rows.map((r) => r.row);
        await client.end();
      }
      expect(rows).toHaveLength(1);
      for (const secret of [first, second]) {
        expect(rows[0]).not.toContain(secret);
        expect(rows[0]).not.toContain(secret.slice('whsec_'.length));
      }
      expect(rows[0]).not.toContain('whsec_');
      expect(JSON.parse(rows[0]!).secret_sealed).toMatch(/^v1\./);
      expect(JSON.parse(rows[0]!).previous_secret_sealed).toMatch(/^v1\./);
    } finally {
      await server?.close();
      await running?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
