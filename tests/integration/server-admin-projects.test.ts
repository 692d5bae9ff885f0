/**
 * Owners and their projects (wire.md §1.5, §4.11, §5.10; product-spec §5): an internal-project
 * user creates and lists projects and administers exactly those with its access token; the whole
 * config round-trips with the admin PATCH rules and the production-mode messages; deleting a
 * project takes everything it owns. From the attacker's side: another owner's project, another
 * project's internal-only route, a deleted project's keys and users.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { productionModeProblems } from '../../wire/production-mode.js';
import { AdminProjectSchema, ClientProjectSchema } from '../../wire/project.js';
import { createOwnedProject, type Owner, ownerAdminHeaders, signUpOwner } from '../support/owner.js';
import { expectKnownError, raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

describe.each(backends())('owners and projects on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  let internal: ProjectKeys;
  let dev: ProjectKeys;
  beforeAll(async () => {
    running = await backend.create();
    url = running.url;
    internal = running.server.seeded.internal;
    dev = running.server.seeded.dev;
  });
  afterAll(async () => {
    await running?.close();
  });

  const asOwner = (
    owner: Owner,
    projectId: string,
    path: string,
    init: { method?: string; body?: unknown } = {},
  ) => raw(url, path, { ...init, headers: ownerAdminHeaders(owner, projectId) });

  it('creates projects with the documented defaults, lists the owner’s newest first, and only its own', async () => {
    const owner = await signUpOwner(url, internal);
    const first = await raw(url, '/internal/projects', {
      keys: internal,
      accessToken: owner.accessToken,
      body: { display_name: 'First' },
    });
    expect(first.status, first.text).toBe(201);
    const project = v.parse(v.strictObject(AdminProjectSchema.entries), first.json);
    expect(project).toMatchObject({
      display_name: 'First',
      description: '',
      user_count: 0,
      is_production_mode: false,
      config: {
        allow_localhost: true,
        sign_up_enabled: true,
        credential_enabled: true,
        magic_link_enabled: false,
        passkey_enabled: false,
        client_team_creation_enabled: false,
        client_user_deletion_enabled: false,
        create_team_on_sign_up: false,
        oauth_account_merge_strategy: 'link_method',
        domains: [],
        oauth_providers: [],
        email_config: { type: 'shared' },
        team_creator_default_permissions: [{ id: 'admin' }],
        team_member_default_permissions: [{ id: 'member' }],
      },
    });
    const second = await raw(url, '/internal/projects', {
      keys: internal,
      accessToken: owner.accessToken,
      body: {
        display_name: 'Second',
        config: {
          magic_link_enabled: true,
          domains: [{ domain: 'https://app.example.com', handler_path: '/handler' }],
        },
      },
    });
    expect(second.status, second.text).toBe(201);
    expect(second.json.config.magic_link_enabled).toBe(true);

    const someoneElse = await signUpOwner(url, internal);
    await createOwnedProject(url, internal, someoneElse, { display_name: 'Not yours' });

    const listed = await raw(url, '/internal/projects', { keys: internal, accessToken: owner.accessToken });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json.is_paginated).toBe(false);
    expect(listed.json.items.map((p: { display_name: string }) => p.display_name)).toEqual([
      'Second',
      'First',
    ]);
  });

  it('refuses internal-only actions without a user or outside the internal project', async () => {
    expectKnownError(
      await raw(url, '/internal/projects', { keys: internal, body: { display_name: 'x' } }),
      'USER_AUTHENTICATION_REQUIRED',
    );
    const devUser = await signUp(url, dev);
    for (const method of ['GET', 'POST']) {
      expectKnownError(
        await raw(url, '/internal/projects', {
          method,
          keys: dev,
          accessToken: devUser.accessToken,
          body: method === 'POST' ? { display_name: 'x' } : undefined,
        }),
        'EXPECTED_INTERNAL_PROJECT',
      );
    }
  });

  it('an owner’s access token administers exactly its projects: another owner’s and a dev user’s token are refused', async () => {
    const owner = await signUpOwner(url, internal);
    const mine = await createOwnedProject(url, internal, owner);
    const theirs = await createOwnedProject(url, internal, await signUpOwner(url, internal));

    const read = await asOwner(owner, mine.projectId, '/projects/current');
    expect(read.status, read.text).toBe(200);
    expect(read.json.id).toBe(mine.projectId);
    expectKnownError(
      await asOwner(owner, theirs.projectId, '/projects/current'),
      'ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN',
    );
    expectKnownError(
      await asOwner(owner, dev.projectId, '/internal/api-keys'),
      'ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN',
    );
    // A token of another project is not an admin token, whatever its user's metadata says.
    const devUser = await signUp(url, dev);
    expectKnownError(
      await raw(url, '/projects/current', {
        headers: {
          ...ownerAdminHeaders(owner, mine.projectId),
          'x-stack-admin-access-token': devUser.accessToken,
        },
      }),
      'ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN',
    );
    // Server code cannot make itself an owner through a user's metadata of its own project.
    const forged = await raw(url, '/users/me', {
      method: 'PATCH',
      keys: dev,
      access: 'server',
      accessToken: devUser.accessToken,
      body: { server_metadata: { managedProjectIds: [mine.projectId] } },
    });
    expect(forged.status, forged.text).toBe(200);
    expectKnownError(
      await raw(url, '/projects/current', {
        headers: {
          ...ownerAdminHeaders(owner, mine.projectId),
          'x-stack-admin-access-token': devUser.accessToken,
        },
      }),
      'ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN',
    );
  });

  it('round-trips the whole config, and the client view lists only enabled provider ids', async () => {
    const owner = await signUpOwner(url, internal);
    const keys = await createOwnedProject(url, internal, owner);
    const config = {
      sign_up_enabled: false,
      credential_enabled: false,
      magic_link_enabled: true,
      passkey_enabled: true,
      client_team_creation_enabled: true,
      client_user_deletion_enabled: true,
      allow_localhost: false,
      create_team_on_sign_up: true,
      oauth_account_merge_strategy: 'raise_error',
      domains: [{ domain: 'https://app.example.com', handler_path: '/auth' }],
      oauth_providers: [
        { id: 'github', enabled: true, type: 'shared' },
        { id: 'discord', enabled: false, type: 'standard', client_id: 'cid', client_secret: 'secret' },
        {
          id: 'microsoft',
          enabled: true,
          type: 'standard',
          client_id: 'm',
          client_secret: 's',
          microsoft_tenant_id: 'tenant',
        },
      ],
      email_config: {
        type: 'standard',
        host: 'smtp.example.com',
        port: 587,
        username: 'mailer',
        password: 'pw',
        sender_name: 'App',
        sender_email: 'app@example.com',
      },
      team_creator_default_permissions: [{ id: '$update_team' }, { id: 'admin' }],
      team_member_default_permissions: [{ id: '$read_members' }],
    };
    const patched = await raw(url, '/projects/current', {
      method: 'PATCH',
      keys,
      access: 'admin',
      body: { display_name: 'Renamed', description: 'About it', config },
    });
    expect(patched.status, patched.text).toBe(200);
    const admin = v.parse(v.strictObject(AdminProjectSchema.entries), patched.json);
    expect(admin.display_name).toBe('Renamed');
    expect(admin.description).toBe('About it');
    const { oauth_providers, ...rest } = config;
    expect(admin.config).toMatchObject(rest);
    // Sorted by id; keys only on standard providers.
    expect(admin.config.oauth_providers.map((p) => p.id)).toEqual(['discord', 'github', 'microsoft']);
    expect(admin.config.oauth_providers[1]).toEqual({ id: 'github', enabled: true, type: 'shared' });
    // Ids only, as the reference answers (not the full objects of wire.md).
    expect(patched.json.config.enabled_oauth_providers).toEqual([{ id: 'github' }, { id: 'microsoft' }]);
    expect(oauth_providers).toHaveLength(3);

    const client = await raw(url, '/projects/current', { keys });
    const view = v.parse(v.strictObject(ClientProjectSchema.entries), client.json);
    expect(view.config.enabled_oauth_providers).toEqual([{ id: 'github' }, { id: 'microsoft' }]);
    expect(client.text).not.toContain('secret');

    // The quirk of wire.md §4.11: a PATCH without a description stores "".
    const again = await raw(url, '/projects/current', { method: 'PATCH', keys, access: 'admin', body: {} });
    expect(again.json.description).toBe('');
  });

  it('refuses what the admin PATCH rules forbid, with their texts, and writes nothing', async () => {
    const owner = await signUpOwner(url, internal);
    const keys = await createOwnedProject(url, internal, owner);
    const patch = (body: unknown) =>
      raw(url, '/projects/current', { method: 'PATCH', keys, access: 'admin', body });
    await patch({ config: { oauth_providers: [{ id: 'google', enabled: true, type: 'shared' }] } });

    const dropped = await patch({
      config: { oauth_providers: [{ id: 'github', enabled: true, type: 'shared' }] },
    });
    expect(dropped.status).toBe(400);
    expect(dropped.text).toBe("Provider with id 'google' not found in the update");
    expectKnownError(
      await patch({
        config: {
          oauth_providers: [
            { id: 'google', enabled: true, type: 'shared' },
            { id: 'discord', enabled: true, type: 'shared' },
          ],
        },
      }),
      'INVALID_SHARED_OAUTH_PROVIDER_ID',
      { provider_id: 'discord' },
    );
    expectKnownError(
      await patch({
        config: {
          oauth_providers: [
            { id: 'google', enabled: true, type: 'shared' },
            { id: 'myspace', enabled: true, type: 'standard', client_id: 'a', client_secret: 'b' },
          ],
        },
      }),
      'INVALID_STANDARD_OAUTH_PROVIDER_ID',
      { provider_id: 'myspace' },
    );
    const noSecret = await patch({
      config: { oauth_providers: [{ id: 'google', enabled: true, type: 'standard', client_id: 'a' }] },
    });
    expect(noSecret.status).toBe(400);
    expect(noSecret.text).toContain('client_id and client_secret are required');
    const duplicate = await patch({
      config: {
        domains: [
          { domain: 'https://a.example.com', handler_path: '/h' },
          { domain: 'https://a.example.com', handler_path: '/x' },
        ],
      },
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.text).toContain('Duplicate domain');
    const unknownPermission = await patch({ config: { team_member_default_permissions: [{ id: 'nope' }] } });
    expect(unknownPermission.status).toBe(400);
    expect(unknownPermission.text).toContain("'nope'");
    const badDomain = await patch({
      config: { domains: [{ domain: 'ftp://a.example.com', handler_path: 'h' }] },
    });
    expect(badDomain.status).toBe(400);
    expect(badDomain.headers.get('x-stack-known-error')).toBe('SCHEMA_ERROR');
    expect(badDomain.json.error).toContain('must start with http:// or https://');

    const after = await raw(url, '/projects/current', { keys, access: 'admin' });
    expect(after.json.config.oauth_providers).toEqual([{ id: 'google', enabled: true, type: 'shared' }]);
    expect(after.json.config.domains).toEqual([]);
    expect(after.json.config.team_member_default_permissions).toEqual([{ id: 'member' }]);
  });

  it('does not refuse production mode over configuration problems (as the reference); the wire names each one for the kit and the console', async () => {
    const owner = await signUpOwner(url, internal);
    const keys = await createOwnedProject(url, internal, owner);
    const patch = (body: unknown) =>
      raw(url, '/projects/current', { method: 'PATCH', keys, access: 'admin', body });
    const accepted = await patch({
      is_production_mode: true,
      config: {
        domains: [
          { domain: 'http://localhost:3000', handler_path: '/h' },
          { domain: 'https://10.0.0.1', handler_path: '/h' },
          { domain: 'http://app.example.com', handler_path: '/h' },
          { domain: 'https://good.example.com', handler_path: '/h' },
        ],
      },
    });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json.is_production_mode).toBe(true);
    const page = `/projects/${keys.projectId}/domains`;
    expect(productionModeProblems(accepted.json).map((p) => `${p.message} (${p.relativeFixUrl})`)).toEqual(
      [
        "Localhost is not allowed in production mode, turn off 'Allow localhost' in project settings",
        'Localhost domains are not allowed to be trusted in production mode: http://localhost:3000',
        'Direct IPs are not valid for trusted domains in production mode: https://10.0.0.1',
        'Trusted domains should be HTTPS: http://app.example.com',
      ].map((m) => `${m} (${page})`),
    );
    const fixed = await patch({
      config: {
        allow_localhost: false,
        domains: [{ domain: 'https://good.example.com', handler_path: '/h' }],
      },
    });
    expect(fixed.status, fixed.text).toBe(200);
    expect(productionModeProblems(fixed.json)).toEqual([]);
  });

  it('deleting a project removes its users, sessions and keys and its place in the owner’s list; the internal project stays', async () => {
    const owner = await signUpOwner(url, internal);
    const keys = await createOwnedProject(url, internal, owner);
    const user = await signUp(url, keys);
    const deleted = await raw(url, '/projects/current', {
      method: 'DELETE',
      keys,
      access: 'admin',
      body: {},
    });
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.json).toEqual({ success: true });

    expectKnownError(await raw(url, '/projects/current', { keys }), 'INVALID_PUBLISHABLE_CLIENT_KEY', {
      project_id: keys.projectId,
    });
    const refresh = await raw(url, '/auth/sessions/current/refresh', {
      keys: dev,
      refreshToken: user.refreshToken,
      body: {},
    });
    expect(refresh.status).toBeGreaterThanOrEqual(400);
    expectKnownError(
      await asOwner(owner, keys.projectId, '/projects/current'),
      'ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN',
    );
    const listed = await raw(url, '/internal/projects', { keys: internal, accessToken: owner.accessToken });
    expect(listed.json.items).toEqual([]);

    const internalDelete = await raw(url, '/projects/current', {
      method: 'DELETE',
      keys: internal,
      access: 'admin',
      body: {},
    });
    expect(internalDelete.status).toBe(400);
    expect((await raw(url, '/projects/current', { keys: internal })).status).toBe(200);
  });

  it('two projects created at once by one owner are both kept in its list', async () => {
    const owner = await signUpOwner(url, internal);
    const made = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        raw(url, '/internal/projects', {
          keys: internal,
          accessToken: owner.accessToken,
          body: { display_name: `P${i}` },
        }),
      ),
    );
    expect(made.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const listed = await raw(url, '/internal/projects', { keys: internal, accessToken: owner.accessToken });
    expect(listed.json.items).toHaveLength(6);
  });
});
