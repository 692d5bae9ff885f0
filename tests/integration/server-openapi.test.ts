/**
 * The OpenAPI document is generated from the routes and served; every route is in it with its
 * access types, parameters, bodies and response. Answers are checked against the same schemas in
 * every integration test (test servers run with `checkResponses`); here, a route that breaks its
 * schema is shown to fail.
 */
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../server/src/features/routes.js';
import { createHttpApp } from '../../server/src/http/app.js';
import { defineRoute } from '../../server/src/http/route.js';
import { raw } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

describe.each(backends())('OpenAPI document on $name', (backend) => {
  let running: RunningServer;
  beforeAll(async () => {
    running = await backend.create();
  });
  afterAll(async () => {
    await running?.close();
  });

  it('lists every route with its method, summary, access, parameters and success schema', async () => {
    const response = await raw(running.url, '/openapi.json');
    expect(response.status).toBe(200);
    const doc = response.json as {
      openapi: string;
      info: { version: string };
      paths: Record<
        string,
        Record<
          string,
          {
            summary: string;
            parameters: { name: string; in: string }[];
            responses: Record<string, unknown>;
            'x-stack-access-types': string[];
            requestBody?: unknown;
          }
        >
      >;
    };
    expect(doc.openapi).toBe('3.0.3');
    const serverPackage = JSON.parse(
      readFileSync(new URL('../../server/package.json', import.meta.url), 'utf8'),
    );
    expect(doc.info.version).toBe(serverPackage.version);
    for (const route of ROUTES) {
      const path = `/api/v1${route.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`;
      const op = doc.paths[path]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${path}`).toBeDefined();
      expect(op!.summary.length).toBeGreaterThan(5);
      expect(op!.responses[String(route.status ?? 200)]).toBeDefined();
      for (const name of route.path.match(/:([A-Za-z_]+)/g) ?? []) {
        expect(op!.parameters.some((p) => p.in === 'path' && p.name === name.slice(1))).toBe(true);
      }
    }
    const users = doc.paths['/api/v1/users']!;
    expect(users.get!['x-stack-access-types']).toEqual(['server', 'admin']);
    expect(users.get!.parameters.map((p) => p.name).sort()).toEqual([
      'cursor',
      'desc',
      'has_password',
      'limit',
      'oauth_provider',
      'order_by',
      'primary_email_verified',
      'query',
      'team_id',
    ]);
    expect(JSON.stringify(users.post!.requestBody)).toContain('password_hash');
    expect(JSON.stringify(doc.paths['/api/v1/users/me']!.patch!.requestBody)).toContain('oneOf');
  });
});

describe('response checks', () => {
  it('turn an answer that breaks its route’s schema into a 500 that names the route', async () => {
    const liar = defineRoute({
      method: 'GET',
      path: '/liar',
      summary: 'Answers something else than it declares',
      response: v.object({ count: v.number() }),
      access: 'none',
      async handler({ json }) {
        return json({ count: 'three' } as never);
      },
    });
    const log: string[] = [];
    const ctx = { log: (line: string) => log.push(line) } as never;
    const checked = createHttpApp(ctx, [liar], { checkResponses: true });
    const answer = await checked(new Request('http://localhost/api/v1/liar'));
    expect(answer.status).toBe(500);
    expect(log.join('\n')).toContain('The answer of GET /liar does not match its response schema');
    const unchecked = createHttpApp(ctx, [liar]);
    expect((await unchecked(new Request('http://localhost/api/v1/liar'))).status).toBe(200);
  });
});
