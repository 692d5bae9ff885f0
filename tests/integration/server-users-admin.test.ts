/**
 * Users and sessions for server code (wire.md §4.6, §4.8, §5.2): list with cursor pagination and
 * search, create with a password or an imported bcrypt hash, read, update, delete; sessions made
 * for a user, impersonation shown to admins only. From the attacker's side: another project's
 * user ids, LIKE wildcards in a search, client access, taking another user's sign-in email.
 */
import bcrypt from 'bcryptjs';
import pg from 'pg';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { ServerUserSchema, UserListSchema } from '../../wire/user.js';
import { createOwnedProject, signUpOwner } from '../support/owner.js';
import { expectKnownError, raw } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

describe.each(backends())('users for server code on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  let keys: ProjectKeys;
  let other: ProjectKeys;
  let clock = Date.UTC(2026, 10, 1);
  beforeAll(async () => {
    running = await backend.create({ now: () => clock });
    url = running.url;
    const internal = running.server.seeded.internal;
    const owner = await signUpOwner(url, internal);
    keys = await createOwnedProject(url, internal, owner, {
      display_name: 'Users',
      config: { magic_link_enabled: true },
    });
    other = await createOwnedProject(url, internal, owner, { display_name: 'Other' });
  });
  afterAll(async () => {
    await running?.close();
  });

  const server = (path: string, init: { method?: string; body?: unknown } = {}, project = keys) =>
    raw(url, path, { ...init, keys: project, access: 'server' });
  const createUser = async (body: Record<string, unknown>, project = keys) => {
    clock += 1000;
    const response = await server('/users', { body }, project);
    expect(response.status, response.text).toBe(201);
    return v.parse(v.strictObject(ServerUserSchema.entries), response.json);
  };

  it('creates users with a password, flags, metadata and a verified email; the password signs in', async () => {
    const user = await createUser({
      primary_email: 'ada@example.com',
      primary_email_verified: true,
      primary_email_auth_enabled: true,
      password: 'analytical engine',
      display_name: 'Ada',
      client_metadata: { theme: 'dark' },
      client_read_only_metadata: { plan: 'pro' },
      server_metadata: { stripe: 'cus_1' },
      otp_auth_enabled: true,
    });
    expect(user).toMatchObject({
      primary_email: 'ada@example.com',
      primary_email_verified: true,
      primary_email_auth_enabled: true,
      has_password: true,
      auth_with_email: true,
      otp_auth_enabled: true,
      display_name: 'Ada',
      client_metadata: { theme: 'dark' },
      client_read_only_metadata: { plan: 'pro' },
      server_metadata: { stripe: 'cus_1' },
      signed_up_at_millis: clock,
      last_active_at_millis: clock,
    });
    const signIn = await raw(url, '/auth/password/sign-in', {
      keys,
      body: { email: 'ada@example.com', password: 'analytical engine' },
    });
    expect(signIn.status, signIn.text).toBe(200);
    expect(signIn.json.user_id).toBe(user.id);
  });

  it('imports a bcrypt hash that then signs in, and refuses a malformed or too costly one', async () => {
    const hash = bcrypt.hashSync('imported secret', 4);
    const user = await createUser({
      primary_email: 'imported@example.com',
      primary_email_auth_enabled: true,
      password_hash: hash,
    });
    expect(user.has_password).toBe(true);
    const right = await raw(url, '/auth/password/sign-in', {
      keys,
      body: { email: 'imported@example.com', password: 'imported secret' },
    });
    expect(right.status, right.text).toBe(200);
    expectKnownError(
      await raw(url, '/auth/password/sign-in', {
        keys,
        body: { email: 'imported@example.com', password: 'imported secreT' },
      }),
      'EMAIL_PASSWORD_MISMATCH',
    );
    // The first sign-in replaced the imported bcrypt hash with argon2id; the password still works.
    if (running.databaseUrl) {
      const client = new pg.Client({ connectionString: running.databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query(
          'SELECT password_hash FROM password_credentials WHERE user_id = $1',
          [user.id],
        );
        expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
      } finally {
        await client.end();
      }
    }
    const again = await raw(url, '/auth/password/sign-in', {
      keys,
      body: { email: 'imported@example.com', password: 'imported secret' },
    });
    expect(again.status, again.text).toBe(200);
    for (const password_hash of [
      '$argon2id$v=19$m=1,t=1,p=1$abc$def',
      hash.replace('$04$', '$17$'),
      `${hash}x`,
    ]) {
      const refused = await server('/users', {
        body: { primary_email: 'x@example.com', primary_email_auth_enabled: true, password_hash },
      });
      expect(refused.status, password_hash).toBe(400);
      expect(refused.text).toBe(
        "Invalid password hash. Make sure it's a supported algorithm in Modular Crypt Format.",
      );
    }
    const both = await server('/users', {
      body: {
        primary_email: 'y@example.com',
        primary_email_auth_enabled: true,
        password: 'long enough',
        password_hash: hash,
      },
    });
    expect(both.status).toBe(400);
    expect(both.text).toBe('Cannot set both password and password_hash at the same time.');
  });

  it('refuses the create rules of wire.md §4.8 and writes nothing', async () => {
    const before = (await server('/users')).json.items.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ primary_email_verified: true }, 'primary_email_verified cannot be true without primary_email'],
      [{ password: 'long enough password' }, 'primary email'],
      [{ display_name: 'Empty image', profile_image_url: '' }, 'body.profile_image_url is not a valid URL'],
      [
        { primary_email: 'long@example.com', primary_email_auth_enabled: true, password: 'x'.repeat(71) },
        'body.password must be at most 70 characters',
      ],
    ];
    for (const [body, says] of cases) {
      const refused = await server('/users', { body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.text).toContain(says);
    }
    const otpOff = await server('/users', { body: { otp_auth_enabled: true } }, other);
    expect(otpOff.status).toBe(400);
    expect(otpOff.text).toBe('OTP authentication is not enabled for this project');
    // A sign-in email another user has: refused, and no half-made user is left.
    await createUser({ primary_email: 'taken@example.com', primary_email_auth_enabled: true });
    expectKnownError(
      await server('/users', {
        body: { primary_email: 'taken@example.com', primary_email_auth_enabled: true, display_name: 'Thief' },
      }),
      'USER_EMAIL_ALREADY_EXISTS',
    );
    const after = (await server('/users')).json.items as { display_name: string | null }[];
    expect(after.length).toBe(before + 1);
    expect(after.some((u) => u.display_name === 'Thief')).toBe(false);
  });

  it('pages through every user once in sign-up order, both ways, with next_cursor the next page’s first user', async () => {
    const project = await createOwnedProject(
      url,
      running.server.seeded.internal,
      await signUpOwner(url, running.server.seeded.internal),
    );
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await createUser({ display_name: `Pager ${i}` }, project)).id);
    const walk = async (desc: boolean) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `?limit=3&order_by=signed_up_at&desc=${desc}${cursor ? `&cursor=${cursor}` : ''}`;
        const page = v.parse(UserListSchema, (await server(`/users${query}`, {}, project)).json);
        expect(page.items.length).toBeLessThanOrEqual(3);
        if (page.pagination.next_cursor) expect(page.items).toHaveLength(3);
        seen.push(...page.items.map((u) => u.id));
        cursor = page.pagination.next_cursor;
      } while (cursor);
      return seen;
    };
    expect(await walk(false)).toEqual(ids);
    expect(await walk(true)).toEqual([...ids].reverse());
    const all = await server('/users', {}, project);
    expect(all.json.items).toHaveLength(7);
    expect(all.json.pagination.next_cursor).toBeNull();
    // Users of another project never show up, even by cursor.
    const foreign = await server(`/users?cursor=${ids[0]}&limit=2`);
    expect(foreign.json.items).toEqual([]);
  });

  it('searches by id, part of a name or an email, case-insensitively, with wildcards taken literally', async () => {
    const grace = await createUser({ display_name: 'Grace Hopper', primary_email: 'cobol@navy.example.com' });
    await createUser({ display_name: 'Percent 100% sure' });
    const search = async (query: string) =>
      (
        (await server(`/users?query=${encodeURIComponent(query)}`)).json.items as {
          id: string;
          display_name: string;
        }[]
      ).map((u) => u.display_name);
    expect(await search('hopper')).toEqual(['Grace Hopper']);
    expect(await search('NAVY.example')).toEqual(['Grace Hopper']);
    expect(await search(grace.id.toUpperCase())).toEqual(['Grace Hopper']);
    expect(await search('100%')).toEqual(['Percent 100% sure']);
    expect(await search('%')).toEqual(['Percent 100% sure']);
    expect(await search('_')).toEqual([]);
    const bad = await server('/users?limit=0');
    expect(bad.headers.get('x-stack-known-error')).toBe('SCHEMA_ERROR');
    expect((await server('/users?order_by=name')).status).toBe(400);
    expect((await server('/users?cursor=not-a-uuid')).status).toBe(400);
  });

  it('reads, updates and deletes a user; another project’s user is not found', async () => {
    const user = await createUser({
      primary_email: 'edit@example.com',
      primary_email_auth_enabled: true,
      password: 'first password',
    });
    const read = await server(`/users/${user.id}`);
    expect(read.json).toEqual(user);
    const session = await raw(url, '/auth/password/sign-in', {
      keys,
      body: { email: 'edit@example.com', password: 'first password' },
    });

    const updated = await server(`/users/${user.id}`, {
      method: 'PATCH',
      body: {
        primary_email: 'edited@example.com',
        primary_email_verified: true,
        password: 'second password',
        server_metadata: { n: 2 },
      },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.json).toMatchObject({
      primary_email: 'edited@example.com',
      primary_email_verified: true,
      server_metadata: { n: 2 },
    });
    // A new password ends every session (wire.md §7.2).
    const refresh = await raw(url, '/auth/sessions/current/refresh', {
      keys,
      refreshToken: session.json.refresh_token,
      body: {},
    });
    expect(refresh.status).toBeGreaterThanOrEqual(400);
    const signIn = await raw(url, '/auth/password/sign-in', {
      keys,
      body: { email: 'edited@example.com', password: 'second password' },
    });
    expect(signIn.status, signIn.text).toBe(200);
    // Server view of users/me with the user's token.
    const me = await raw(url, '/users/me', { keys, access: 'server', accessToken: signIn.json.access_token });
    expect(v.parse(v.strictObject(ServerUserSchema.entries), me.json).server_metadata).toEqual({ n: 2 });

    expectKnownError(await server(`/users/${user.id}`, {}, other), 'USER_NOT_FOUND');
    expectKnownError(
      await server(`/users/${user.id}`, { method: 'PATCH', body: { display_name: 'x' } }, other),
      'USER_NOT_FOUND',
    );
    expectKnownError(
      await server(`/users/${user.id}`, { method: 'DELETE', body: {} }, other),
      'USER_NOT_FOUND',
    );
    expectKnownError(await server('/users/not-a-uuid'), 'USER_NOT_FOUND');

    const deleted = await server(`/users/${user.id}`, { method: 'DELETE', body: {} });
    expect(deleted.json).toEqual({ success: true });
    expectKnownError(await server(`/users/${user.id}`), 'USER_NOT_FOUND');
    expectKnownError(
      await raw(url, '/auth/password/sign-in', {
        keys,
        body: { email: 'edited@example.com', password: 'second password' },
      }),
      'EMAIL_PASSWORD_MISMATCH',
    );
    // Client access reaches none of it.
    const client = await raw(url, '/users', { keys });
    expect(client.headers.get('x-stack-known-error')).toBe('INSUFFICIENT_ACCESS_TYPE');
  });

  it('makes sessions for a user: impersonation is listed for admins only, and any session can be revoked', async () => {
    const user = await createUser({ display_name: 'Impersonated' });
    const normal = await server('/auth/sessions', { body: { user_id: user.id } });
    expect(normal.status, normal.text).toBe(200);
    const impersonation = await raw(url, '/auth/sessions', {
      keys,
      access: 'admin',
      body: { user_id: user.id, is_impersonation: true, expires_in_millis: 3600_000 },
    });
    expect(impersonation.status, impersonation.text).toBe(200);
    const me = await raw(url, '/users/me', { keys, accessToken: impersonation.json.access_token });
    expect(me.json.id).toBe(user.id);

    const asServer = await server(`/auth/sessions?user_id=${user.id}`);
    expect(asServer.json.items.map((s: { is_impersonation: boolean }) => s.is_impersonation)).toEqual([
      false,
    ]);
    const asAdmin = await raw(url, `/auth/sessions?user_id=${user.id}`, { keys, access: 'admin' });
    expect(asAdmin.json.items.map((s: { is_impersonation: boolean }) => s.is_impersonation).sort()).toEqual([
      false,
      true,
    ]);
    const asUser = await raw(url, '/auth/sessions?user_id=me', {
      keys,
      accessToken: normal.json.access_token,
    });
    expect(asUser.json.items).toHaveLength(1);

    const target = asAdmin.json.items.find((s: { is_impersonation: boolean }) => s.is_impersonation).id;
    const revoked = await server(`/auth/sessions/${target}?user_id=${user.id}`, {
      method: 'DELETE',
      body: {},
    });
    expect(revoked.status, revoked.text).toBe(200);
    expectKnownError(
      await raw(url, '/users/me', { keys, accessToken: impersonation.json.access_token }),
      'CANNOT_GET_OWN_USER_WITHOUT_USER',
    );
    const missing = await server('/auth/sessions');
    expect(missing.headers.get('x-stack-known-error')).toBe('SCHEMA_ERROR');
    expectKnownError(
      await server('/auth/sessions', { body: { user_id: user.id } }, other),
      'USER_ID_DOES_NOT_EXIST',
      { user_id: user.id },
    );
  });
});
