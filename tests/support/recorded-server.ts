/**
 * A signet server on PGlite whose every statement is recorded, for tests of what a request reads:
 * the server's own PGlite build, and a bystander whose users/me must be answered from memory.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'vitest';
import { createSignetServer } from '../../server/src/index.js';
import { recordStatements } from './pglite-statements.js';
import { freshEmail, projectHeaders } from './raw-api.js';

/** The password every user of a recorded server signs up with. */
export const PASSWORD = 'correct horse battery';

// The server's own PGlite, as the server imports it: its ES module build (the repository's root
// holds another version, for a bench peer, and the CommonJS build is another module).
const fromServer = createRequire(new URL('../../server/package.json', import.meta.url));
const pgliteDist = dirname(fromServer.resolve('@electric-sql/pglite'));
export const { PGlite } = (await import(pathToFileURL(join(pgliteDist, 'index.js')).href)) as {
  PGlite: Parameters<typeof recordStatements>[0];
};

/**
 * A server on PGlite whose statements are recorded, with a client-key caller, a sign-up, and the
 * check that the bystander's users/me reads nothing about a user, a session, a key or a project.
 */
export async function recordedServer() {
  const recording = recordStatements(PGlite);
  const server = await createSignetServer({
    database: { kind: 'pglite' },
    resetCodeResponseTimeMs: { min: 0, max: 0 },
  });
  const dev = server.seeded.dev;
  const call = async (method: string, path: string, extra: Record<string, string> = {}, body?: unknown) => {
    const answer = await server.fetch(
      new Request(`http://localhost/api/v1${path}`, {
        method,
        headers: {
          ...projectHeaders(dev, 'client'),
          ...extra,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      }),
    );
    const text = await answer.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // A plain-text answer: `json` stays empty.
    }
    return { status: answer.status, json };
  };
  const signUpUser = async () => {
    const email = freshEmail();
    const answer = await call(
      'POST',
      '/auth/password/sign-up',
      {},
      {
        email,
        password: PASSWORD,
        verification_callback_url: 'http://localhost/handler/email-verification',
      },
    );
    expect(answer.status).toBe(200);
    return {
      email,
      access: answer.json.access_token as string,
      refresh: answer.json.refresh_token as string,
    };
  };
  const signIn = (email: string) => call('POST', '/auth/password/sign-in', {}, { email, password: PASSWORD });
  const me = (access: string) => call('GET', '/users/me', { 'x-stack-access-token': access });
  const bystander = await signUpUser();
  expect((await me(bystander.access)).status).toBe(200);
  // Nothing about a user, a session, a key or a project is read while the bystander asks for
  // itself (the webhook worker's poll may run meanwhile: it reads none of them).
  const bystanderFromMemory = async (after: string) => {
    const from = recording.statements.length;
    expect((await me(bystander.access)).status).toBe(200);
    const reads = recording.statements
      .slice(from)
      .filter((sql) => /"(users|refresh_tokens|api_key_sets|projects)"/.test(sql));
    expect(reads, `users/me after ${after}`).toEqual([]);
  };
  const close = async () => {
    recording.stop();
    await server.close();
  };
  return { server, dev, call, signUpUser, signIn, me, bystanderFromMemory, close };
}
