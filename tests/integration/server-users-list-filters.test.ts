/**
 * The users list's filters (signet additions to wire.md §4.8 `GET /users`, docs/users-at-scale.md):
 * `primary_email_verified`, `has_password` and `oauth_provider`, alone, together, with search,
 * paging and sort, and through the kit's `serverUsers.list`. Each filter keeps exactly the users
 * whose view says so. From the attacker's side: another project's users, NUL characters, a lone
 * surrogate's bytes, 70,000 characters and near-miss spellings in each parameter, which are schema
 * errors (or match nobody), never a 500.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../core/app.js';
import { serverUsers } from '../../plugins/server-users/index.js';
import type { ProjectKeys } from '../../server/src/index.js';
import { UserListSchema } from '../../wire/user.js';
import { devSignIn } from '../support/oauth-flow.js';
import { patchConfig } from '../support/outbox.js';
import { createOwnedProject, signUpOwner } from '../support/owner.js';
import { projectHeaders, type RawResponse, raw, readRaw } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

type ListedUser = v.InferOutput<typeof UserListSchema>['items'][number];

describe.each(backends())('users list filters on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  let keys: ProjectKeys;
  let other: ProjectKeys;
  let clock = Date.UTC(2026, 10, 1);
  /** The project's users by display name, in sign-up order. */
  const order: string[] = [];
  /** An address holding the name and nothing a test searches for (`y`, `dee`) by chance. */
  const emailOf = (name: string) => `${name.toLowerCase()}@example.com`;

  beforeAll(async () => {
    running = await backend.create({ now: () => clock });
    url = running.url;
    await running.server.listenDevIdentityProvider();
    const internal = running.server.seeded.internal;
    const owner = await signUpOwner(url, internal);
    const providers = {
      oauth_providers: [
        { id: 'github', type: 'shared', enabled: true },
        { id: 'google', type: 'shared', enabled: true },
      ],
    };
    keys = await createOwnedProject(url, internal, owner, { display_name: 'Filters' });
    await patchConfig(url, keys, providers);
    other = await createOwnedProject(url, internal, owner, { display_name: 'Other' });
    await patchConfig(url, other, providers);

    const create = async (name: string, body: Record<string, unknown>) => {
      clock += 1000;
      const response = await server('/users', { body: { display_name: name, ...body } });
      expect(response.status, response.text).toBe(201);
      order.push(name);
      return response.json.id as string;
    };
    const byOAuth = async (name: string, provider: string, emailVerified: boolean, project = keys) => {
      clock += 1000;
      const signedIn = await devSignIn(url, project, provider, { email: emailOf(name), name, emailVerified });
      expect(signedIn.status, JSON.stringify(signedIn.json)).toBe(200);
      if (project === keys) order.push(name);
      const me = await raw(url, '/users/me', { keys: project, accessToken: signedIn.json.access_token });
      return me.json.id as string;
    };

    await create('Ada', {
      primary_email: emailOf('Ada'),
      primary_email_verified: true,
      password: 'ada password 1',
    });
    await create('Bob', { primary_email: emailOf('Bob') });
    await create('Cy', {});
    await byOAuth('Dee', 'github', true);
    const eve = await byOAuth('Eve', 'google', false);
    const withPassword = await server(`/users/${eve}`, {
      method: 'PATCH',
      body: { password: 'eve password 1' },
    });
    expect(withPassword.status, withPassword.text).toBe(200);
    // A verified email that is not the primary one does not make the primary email verified.
    const gus = await create('Gus', { primary_email: emailOf('Gus') });
    const second = await server('/contact-channels', {
      body: {
        user_id: gus,
        type: 'email',
        value: 'gus-work@example.com',
        used_for_auth: false,
        is_verified: true,
      },
    });
    expect(second.status, second.text).toBe(201);
    await create('Hal', { primary_email: emailOf('Hal'), primary_email_verified: true });
    await byOAuth('Ivy', 'github', false);
    // Another project's users match the same filters and never show up.
    await byOAuth('Outsider', 'github', true, other);
  });
  afterAll(async () => {
    await running?.close();
  });

  const server = (path: string, init: { method?: string; body?: unknown } = {}, project = keys) =>
    raw(url, path, { ...init, keys: project, access: 'server' });

  /** Every user the query lists, walking pages of `limit` (or one unlimited page). */
  const list = async (query: string, limit?: number): Promise<ListedUser[]> => {
    const seen: ListedUser[] = [];
    let cursor: string | null = null;
    do {
      const params = new URLSearchParams(query);
      if (limit !== undefined) params.set('limit', String(limit));
      if (cursor) params.set('cursor', cursor);
      const response = await server(`/users?${params}`);
      expect(response.status, response.text).toBe(200);
      const page = v.parse(UserListSchema, response.json);
      if (page.pagination.next_cursor) expect(page.items).toHaveLength(limit!);
      seen.push(...page.items);
      cursor = page.pagination.next_cursor;
    } while (cursor);
    return seen;
  };
  const names = async (query: string, limit?: number) =>
    (await list(query, limit)).map((u) => u.display_name);
  /** The users, in sign-up order, whose view passes `keep`. */
  const expected = async (keep: (user: ListedUser) => boolean) =>
    (await list('')).filter(keep).map((u) => u.display_name);

  it('keeps the users whose primary email is verified, or those without one', async () => {
    expect(await names('primary_email_verified=true')).toEqual(['Ada', 'Dee', 'Hal']);
    expect(await names('primary_email_verified=false')).toEqual(['Bob', 'Cy', 'Eve', 'Gus', 'Ivy']);
    expect(await names('primary_email_verified=true')).toEqual(
      await expected((u) => u.primary_email_verified),
    );
    expect(await names('primary_email_verified=false')).toEqual(
      await expected((u) => !u.primary_email_verified),
    );
  });

  it('keeps the users with a password, or those without one', async () => {
    expect(await names('has_password=true')).toEqual(['Ada', 'Eve']);
    expect(await names('has_password=false')).toEqual(['Bob', 'Cy', 'Dee', 'Gus', 'Hal', 'Ivy']);
    expect(await names('has_password=true')).toEqual(await expected((u) => u.has_password));
  });

  it('keeps the users with an account at a provider; an unknown provider matches nobody', async () => {
    expect(await names('oauth_provider=github')).toEqual(['Dee', 'Ivy']);
    expect(await names('oauth_provider=google')).toEqual(['Eve']);
    expect(await names('oauth_provider=github')).toEqual(
      await expected((u) => u.oauth_providers.some((p) => p.id === 'github')),
    );
    expect(await names('oauth_provider=gitlab')).toEqual([]);
    // Provider ids are matched exactly: no case folding, no wildcards.
    expect(await names('oauth_provider=GitHub')).toEqual([]);
    expect(await names('oauth_provider=git%25')).toEqual([]);
    expect(await names('oauth_provider=git_ub')).toEqual([]);
  });

  it('combines filters with each other, with search, with paging both ways', async () => {
    expect(await names('primary_email_verified=false&has_password=true')).toEqual(['Eve']);
    expect(await names('primary_email_verified=true&oauth_provider=github')).toEqual(['Dee']);
    expect(await names('has_password=true&oauth_provider=github')).toEqual([]);
    expect(await names('primary_email_verified=false&query=y')).toEqual(['Cy', 'Ivy']);
    expect(await names('has_password=false&query=dee')).toEqual(['Dee']);
    for (const limit of [1, 2, 3]) {
      expect(await names('primary_email_verified=false', limit)).toEqual(['Bob', 'Cy', 'Eve', 'Gus', 'Ivy']);
      expect(await names('order_by=signed_up_at&desc=true&has_password=false', limit)).toEqual([
        'Ivy',
        'Hal',
        'Gus',
        'Dee',
        'Cy',
        'Bob',
      ]);
    }
    expect(await names('')).toEqual(order);
  });

  it('filters through the kit: serverUsers.list takes the filters as options', async () => {
    const app = createApp({
      projectId: keys.projectId,
      secretServerKey: keys.secretServerKey,
      baseUrl: url,
      tokenStore: 'memory',
      redirectMethod: 'none',
      plugins: [serverUsers()],
    });
    const listed = async (options: Parameters<typeof app.serverUsers.list>[0]) =>
      (await app.serverUsers.list(options)).items.map((u) => u.displayName);
    expect(await listed({ primaryEmailVerified: true })).toEqual(['Ada', 'Dee', 'Hal']);
    expect(await listed({ primaryEmailVerified: false, hasPassword: true })).toEqual(['Eve']);
    expect(await listed({ hasPassword: false, oauthProvider: 'github', desc: true })).toEqual(['Ivy', 'Dee']);
    const first = await app.serverUsers.list({ oauthProvider: 'github', limit: 1 });
    expect(first.items.map((u) => u.displayName)).toEqual(['Dee']);
    const next = await app.serverUsers.list({ oauthProvider: 'github', limit: 1, cursor: first.nextCursor! });
    expect(next.items.map((u) => u.displayName)).toEqual(['Ivy']);
    expect(next.nextCursor).toBeNull();
    await expect(app.serverUsers.list({ oauthProvider: '' })).rejects.toThrow(
      /oauth_provider must not be empty/,
    );
    app.dispose();
  });

  it('answers a schema error for a value no filter takes, over HTTP and in process, never a 500', async () => {
    const problemsOf = (response: RawResponse) => {
      expect(response.status, response.text).toBe(400);
      expect(response.headers.get('x-stack-known-error')).toBe('SCHEMA_ERROR');
      const message = response.json.details.message as string;
      expect(response.json.error).toBe(message);
      const [head, ...problems] = message.split('\n');
      expect(head).toBe('Request validation failed on GET /api/v1/users:');
      return problems;
    };
    const notBoolean = (name: string) => `  - query.${name} must be a \`("true" | "false")\` type`;
    for (const name of ['primary_email_verified', 'has_password']) {
      for (const value of ['TRUE', '1', 'yes', '', 'true%20', '%EF%BF%BD', '%ED%A0%80']) {
        const problems = problemsOf(await server(`/users?${name}=${value}`));
        expect(problems).toHaveLength(1);
        expect(problems[0]!.startsWith(notBoolean(name)), problems[0]).toBe(true);
      }
    }
    expect(problemsOf(await server('/users?oauth_provider='))).toEqual([
      '  - query.oauth_provider must not be empty',
    ]);
    expect(problemsOf(await server(`/users?oauth_provider=${'g'.repeat(257)}`))).toEqual([
      '  - query.oauth_provider must be at most 256 characters long',
    ]);
    for (const name of ['primary_email_verified', 'has_password', 'oauth_provider']) {
      for (const value of ['%00', 'true%00', 'a%00b']) {
        expect(problemsOf(await server(`/users?${name}=${value}`))).toEqual([
          `  - query.${name} must not contain NUL characters`,
        ]);
      }
      // Node refuses a request line past its header limit before the server sees it.
      expect((await server(`/users?${name}=${'x'.repeat(70_000)}`)).status).toBe(431);
    }
    // A lone surrogate's bytes decode to replacement characters: a provider id nobody has.
    expect(await names('oauth_provider=%ED%A0%80')).toEqual([]);
    expect(await names(new URLSearchParams({ oauth_provider: '\uD800' }).toString())).toEqual([]);

    // In process there is no header limit: 70,000 characters reach the schema.
    const inProcess = async (query: string) =>
      readRaw(
        await running.server.fetch(
          new Request(`${url}/api/v1/users?${query}`, { headers: projectHeaders(keys, 'server') }),
        ),
      );
    const long = 'x'.repeat(70_000);
    for (const name of ['primary_email_verified', 'has_password']) {
      const [problem] = problemsOf(await inProcess(`${name}=${long}`));
      expect(problem!.startsWith(notBoolean(name)), problem).toBe(true);
      const [lone] = problemsOf(await inProcess(new URLSearchParams({ [name]: '\uD800' }).toString()));
      expect(lone!.startsWith(notBoolean(name)), lone).toBe(true);
    }
    expect(problemsOf(await inProcess(`oauth_provider=${long}`))).toEqual([
      '  - query.oauth_provider must be at most 256 characters long',
    ]);
    const lone = await inProcess(new URLSearchParams({ oauth_provider: '\uD800' }).toString());
    expect(lone.status, lone.text).toBe(200);
    expect(lone.json.items).toEqual([]);
  });
});
