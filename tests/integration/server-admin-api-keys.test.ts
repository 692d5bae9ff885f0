/**
 * Project API keys (wire.md §4.11, §5.9): created with the key types asked for, shown in full once,
 * then only by their last four characters; a revoked or expired key is refused on the next
 * request. From the attacker's side: another project's key id, lower access types, replaying a
 * revoked key, un-revoking.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { ApiKeySchema, CreatedApiKeySchema } from '../../wire/api-key.js';
import { createOwnedProject, signUpOwner } from '../support/owner.js';
import { expectKnownError, raw } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

const KEY = /^(pck|ssk|sak)_[0-9a-hjkmnp-tv-z]{45}$/;

describe.each(backends())('API keys on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  let keys: ProjectKeys;
  let other: ProjectKeys;
  let clock = Date.now();
  beforeAll(async () => {
    running = await backend.create({ now: () => clock });
    url = running.url;
    const internal = running.server.seeded.internal;
    keys = await createOwnedProject(url, internal, await signUpOwner(url, internal));
    other = await createOwnedProject(url, internal, await signUpOwner(url, internal));
  });
  afterAll(async () => {
    await running?.close();
  });

  const create = (project: ProjectKeys, body: Record<string, unknown>) =>
    raw(url, '/internal/api-keys', {
      keys: project,
      access: 'admin',
      body: {
        description: 'made in a test',
        expires_at_millis: clock + 24 * 3600_000,
        has_publishable_client_key: true,
        has_secret_server_key: true,
        has_super_secret_admin_key: false,
        ...body,
      },
    });

  it('shows the full keys once, then only their last four characters; the new keys work', async () => {
    const created = await create(keys, { description: 'backend' });
    expect(created.status, created.text).toBe(200);
    const full = v.parse(v.strictObject(CreatedApiKeySchema.entries), created.json);
    expect(full.publishable_client_key).toMatch(KEY);
    expect(full.secret_server_key).toMatch(KEY);
    expect(full.super_secret_admin_key).toBeUndefined();

    const listed = await raw(url, '/internal/api-keys', { keys, access: 'admin' });
    expect(listed.status).toBe(200);
    // The owner's first set was made at the same (test) clock time; both are listed.
    expect(listed.json.items).toHaveLength(2);
    const item = listed.json.items.find((k: { id: string }) => k.id === full.id);
    expect(v.parse(v.strictObject(ApiKeySchema.entries), item)).toEqual({
      id: full.id,
      description: 'backend',
      created_at_millis: full.created_at_millis,
      expires_at_millis: full.expires_at_millis,
      publishable_client_key: { last_four: full.publishable_client_key!.slice(-4) },
      secret_server_key: { last_four: full.secret_server_key!.slice(-4) },
    });
    expect(listed.text).not.toContain(full.secret_server_key!);
    const read = await raw(url, `/internal/api-keys/${full.id}`, { keys, access: 'admin' });
    expect(read.json).toEqual(item);

    const withNewKey = { ...keys, secretServerKey: full.secret_server_key! };
    expect((await raw(url, '/users', { keys: withNewKey, access: 'server' })).status).toBe(200);
    // No admin key was asked for, so the set has none to use.
    expectKnownError(
      await raw(url, '/internal/api-keys', { keys: { ...keys, superSecretAdminKey: '' }, access: 'admin' }),
      'ADMIN_AUTHENTICATION_REQUIRED',
    );
  });

  it('a revoked key is refused on the next request and cannot be restored', async () => {
    const created = await create(keys, {});
    const secret = created.json.secret_server_key as string;
    const withKey = { ...keys, secretServerKey: secret };
    expect((await raw(url, '/users', { keys: withKey, access: 'server' })).status).toBe(200);

    const revoked = await raw(url, `/internal/api-keys/${created.json.id}`, {
      method: 'PATCH',
      keys,
      access: 'admin',
      body: { revoked: true, description: 'leaked' },
    });
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.json.manually_revoked_at_millis).toBe(clock);
    expect(revoked.json.description).toBe('leaked');
    expectKnownError(
      await raw(url, '/users', { keys: withKey, access: 'server' }),
      'INVALID_SECRET_SERVER_KEY',
      {
        project_id: keys.projectId,
      },
    );
    const undo = await raw(url, `/internal/api-keys/${created.json.id}`, {
      method: 'PATCH',
      keys,
      access: 'admin',
      body: { revoked: false },
    });
    expect(undo.status).toBe(400);
    expectKnownError(
      await raw(url, '/users', { keys: withKey, access: 'server' }),
      'INVALID_SECRET_SERVER_KEY',
      {
        project_id: keys.projectId,
      },
    );
  });

  it('an expired key is refused once its time has passed', async () => {
    const created = await create(keys, { expires_at_millis: clock + 60_000 });
    const withKey = { ...keys, publishableClientKey: created.json.publishable_client_key as string };
    expect((await raw(url, '/projects/current', { keys: withKey })).status).toBe(200);
    clock += 61_000;
    expectKnownError(
      await raw(url, '/projects/current', { keys: withKey }),
      'INVALID_PUBLISHABLE_CLIENT_KEY',
      {
        project_id: keys.projectId,
      },
    );
    // One made already expired is accepted, as the reference accepts it, and refused at once.
    const past = await create(keys, { expires_at_millis: clock - 1 });
    expect(past.status).toBe(200);
    expectKnownError(
      await raw(url, '/projects/current', {
        keys: { ...keys, publishableClientKey: past.json.publishable_client_key as string },
      }),
      'INVALID_PUBLISHABLE_CLIENT_KEY',
      { project_id: keys.projectId },
    );
  });

  it('another project’s key ids are not found, and only admin access reaches the keys', async () => {
    const theirs = await create(other, {});
    expectKnownError(
      await raw(url, `/internal/api-keys/${theirs.json.id}`, { keys, access: 'admin' }),
      'API_KEY_NOT_FOUND',
    );
    expectKnownError(
      await raw(url, `/internal/api-keys/${theirs.json.id}`, {
        method: 'PATCH',
        keys,
        access: 'admin',
        body: { revoked: true },
      }),
      'API_KEY_NOT_FOUND',
    );
    // Still valid: the attempt above changed nothing.
    const theirKey = { ...other, secretServerKey: theirs.json.secret_server_key as string };
    expect((await raw(url, '/users', { keys: theirKey, access: 'server' })).status).toBe(200);
    expectKnownError(
      await raw(url, '/internal/api-keys/not-a-uuid', { keys, access: 'admin' }),
      'API_KEY_NOT_FOUND',
    );
    for (const access of ['client', 'server'] as const) {
      const response = await raw(url, '/internal/api-keys', { keys, access });
      expect(response.status).toBe(401);
      expect(response.headers.get('x-stack-known-error')).toBe('INSUFFICIENT_ACCESS_TYPE');
    }
    const none = await create(keys, { has_publishable_client_key: false, has_secret_server_key: false });
    expect(none.status).toBe(400);
  });
});
