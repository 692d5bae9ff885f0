/**
 * Request authentication (wire.md §1.5), response headers and CORS (§1.6), error bodies and the
 * status override (§2), on every database backend.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORS_ALLOWED_HEADERS } from '../../server/src/http/responses.js';
import type { ProjectKeys } from '../../server/src/index.js';
import { expectKnownError, freshEmail, raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

describe.each(backends())('server request auth on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  let dev: ProjectKeys;
  let internal: ProjectKeys;

  beforeAll(async () => {
    running = await backend.create();
    url = running.url;
    ({ dev, internal } = running.server.seeded);
  });
  afterAll(async () => {
    await running?.close();
  });

  it('answers GET /api/v1 with the text welcome, and /api/latest too', async () => {
    const anonymous = await raw(url, '');
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(anonymous.text).toBe(
      'Welcome to the Stack API endpoint! Please refer to the documentation at https://docs.stack-auth.com.\n\nAuthentication: None',
    );
    const latest = await fetch(`${url}/api/latest`);
    expect(await latest.text()).toBe(anonymous.text);
    const asClient = await raw(url, '', { keys: dev });
    expect(asClient.text).toBe(
      `Welcome to the Stack API endpoint! Please refer to the documentation at https://docs.stack-auth.com.\n\nAuthentication: Client\n  Project: ${dev.projectId}\n  User: None`,
    );
  });

  it('puts the request id, cache and CORS headers on every response', async () => {
    for (const response of [await raw(url, ''), await raw(url, '/users/me'), await raw(url, '/nope')]) {
      expect(response.headers.get('x-stack-request-id')).toMatch(/^[0-9a-z]{16}$/);
      expect(response.headers.get('cache-control')).toBe('no-store, max-age=0');
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-expose-headers')).toBe(
        'content-type, x-stack-actual-status, x-stack-known-error, retry-after',
      );
    }
  });

  it('sends the preflight-only CORS headers on preflights, not on real answers', async () => {
    const preflightOnly = [
      'access-control-allow-methods',
      'access-control-allow-headers',
      'access-control-max-age',
    ];
    const answers = [
      await raw(url, ''),
      await raw(url, '/users/me', { keys: dev }),
      await raw(url, '/users/me'),
      await raw(url, '/auth/password/sign-in', { method: 'POST', keys: dev, body: { email: 'x' } }),
      await raw(url, '/nope'),
    ];
    for (const response of answers) {
      // What a browser reads on a real cross-origin answer is still there.
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-expose-headers')).toContain('x-stack-known-error');
      for (const name of preflightOnly) expect(response.headers.get(name)).toBeNull();
    }
    const preflight = await fetch(`${url}/api/v1/auth/password/sign-in`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('x-stack-request-id')).toMatch(/^[0-9a-z]{16}$/);
    expect(preflight.headers.get('cache-control')).toBe('no-store, max-age=0');
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-expose-headers')).toBe(
      'content-type, x-stack-actual-status, x-stack-known-error, retry-after',
    );
    expect(preflight.headers.get('access-control-allow-methods')).toBe(
      'GET, POST, PUT, PATCH, DELETE, OPTIONS',
    );
    expect(preflight.headers.get('access-control-allow-headers')).toBe(CORS_ALLOWED_HEADERS);
    expect(preflight.headers.get('access-control-max-age')).toBe('86400');
  });

  it('answers a CORS preflight directly, without authentication', async () => {
    const response = await fetch(`${url}/api/v1/users/me`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'x-stack-access-token, content-type',
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe(
      'GET, POST, PUT, PATCH, DELETE, OPTIONS',
    );
    expect(response.headers.get('access-control-allow-headers')).toBe(CORS_ALLOWED_HEADERS);
    expect(CORS_ALLOWED_HEADERS.split(', ')).toContain('x-stack-super-secret-admin-key');
    expect(response.headers.get('access-control-max-age')).toBe('86400');
    expect(await response.text()).toBe('');
  });

  it('answers an unknown path with the 404 text and the URL', async () => {
    const response = await raw(url, '/no/such/thing');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.text.startsWith("404 — this page does not exist in Stack Auth's API.")).toBe(true);
    expect(response.text.endsWith(`URL: ${url}/api/v1/no/such/thing`)).toBe(true);
  });

  it('answers a known path with a wrong method with 405', async () => {
    const response = await raw(url, '/auth/password/sign-in', { keys: dev });
    expect(response.status).toBe(405);
    expect(response.text).toBe('Method not allowed');
  });

  it('ACCESS_TYPE_REQUIRED without any auth headers', async () => {
    expectKnownError(await raw(url, '/users/me'), 'ACCESS_TYPE_REQUIRED');
  });

  it('PROJECT_KEY_WITHOUT_ACCESS_TYPE when a key comes without an access type', async () => {
    const response = await raw(url, '/users/me', {
      headers: {
        'x-stack-project-id': dev.projectId,
        'x-stack-publishable-client-key': dev.publishableClientKey,
      },
    });
    expectKnownError(response, 'PROJECT_KEY_WITHOUT_ACCESS_TYPE');
  });

  it('INVALID_ACCESS_TYPE names the value in the message but sends no details', async () => {
    const response = await raw(url, '/users/me', {
      headers: { 'x-stack-project-id': dev.projectId, 'x-stack-access-type': 'superuser' },
    });
    expectKnownError(response, 'INVALID_ACCESS_TYPE', undefined, {
      messageDetails: { accessType: 'superuser' },
    });
    expect(response.json.error).toBe(
      "The x-stack-access-type header must be 'client', 'server', or 'admin', but was 'superuser'.",
    );
  });

  it('ACCESS_TYPE_WITHOUT_PROJECT_ID', async () => {
    const response = await raw(url, '/users/me', { headers: { 'x-stack-access-type': 'client' } });
    expectKnownError(response, 'ACCESS_TYPE_WITHOUT_PROJECT_ID', { request_type: 'client' });
  });

  it('*_AUTHENTICATION_REQUIRED when the key of the access type is missing', async () => {
    for (const [access, code] of [
      ['client', 'CLIENT_AUTHENTICATION_REQUIRED'],
      ['server', 'SERVER_AUTHENTICATION_REQUIRED'],
      ['admin', 'ADMIN_AUTHENTICATION_REQUIRED'],
    ] as const) {
      const response = await raw(url, '/projects/current', {
        headers: { 'x-stack-project-id': dev.projectId, 'x-stack-access-type': access },
      });
      expectKnownError(response, code);
    }
    // A key of another type does not stand in.
    const response = await raw(url, '/projects/current', {
      headers: {
        'x-stack-project-id': dev.projectId,
        'x-stack-access-type': 'server',
        'x-stack-publishable-client-key': dev.publishableClientKey,
      },
    });
    expectKnownError(response, 'SERVER_AUTHENTICATION_REQUIRED');
  });

  it('INVALID_*_KEY for wrong keys and for keys of another project', async () => {
    const wrong = {
      ...dev,
      publishableClientKey: 'pck_nope',
      secretServerKey: 'ssk_nope',
      superSecretAdminKey: 'sak_nope',
    };
    const foreign = { ...internal, projectId: dev.projectId };
    for (const keys of [wrong, foreign]) {
      expectKnownError(
        await raw(url, '/projects/current', { keys, access: 'client' }),
        'INVALID_PUBLISHABLE_CLIENT_KEY',
        {
          project_id: dev.projectId,
        },
      );
      expectKnownError(
        await raw(url, '/projects/current', { keys, access: 'server' }),
        'INVALID_SECRET_SERVER_KEY',
        {
          project_id: dev.projectId,
        },
      );
      expectKnownError(
        await raw(url, '/projects/current', { keys, access: 'admin' }),
        'INVALID_SUPER_SECRET_ADMIN_KEY',
        {
          project_id: dev.projectId,
        },
      );
    }
    const unknownProject = { ...dev, projectId: '00000000-0000-4000-8000-000000000000' };
    expectKnownError(
      await raw(url, '/projects/current', { keys: unknownProject }),
      'INVALID_PUBLISHABLE_CLIENT_KEY',
      {
        project_id: unknownProject.projectId,
      },
    );
  });

  it('UNPARSABLE_ACCESS_TOKEN for garbage, even on an endpoint that needs no user', async () => {
    expectKnownError(
      await raw(url, '/projects/current', { keys: dev, accessToken: 'not-a-jwt' }),
      'UNPARSABLE_ACCESS_TOKEN',
    );
    const { accessToken } = await signUp(url, dev);
    const [header, payload] = accessToken.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(86)}`;
    expectKnownError(
      await raw(url, '/users/me', { keys: dev, accessToken: forged }),
      'UNPARSABLE_ACCESS_TOKEN',
    );
  });

  it('INVALID_PROJECT_FOR_ACCESS_TOKEN for a token of another project', async () => {
    const { accessToken } = await signUp(url, dev);
    const response = await raw(url, '/users/me', { keys: internal, accessToken });
    expectKnownError(response, 'INVALID_PROJECT_FOR_ACCESS_TOKEN');
  });

  it('checks the access token before anything else, even without an access type', async () => {
    const response = await raw(url, '', {
      headers: { 'x-stack-project-id': dev.projectId, 'x-stack-access-token': 'x' },
    });
    expectKnownError(response, 'UNPARSABLE_ACCESS_TOKEN');
  });

  it('INSUFFICIENT_ACCESS_TYPE when the endpoint does not take the access type', async () => {
    const response = await raw(url, '/auth/sessions', { keys: dev, body: { user_id: 'me' } });
    expectKnownError(response, 'INSUFFICIENT_ACCESS_TYPE', {
      actual_access_type: 'client',
      allowed_access_types: ['server', 'admin'],
    });
    expect(response.json.error).toBe(
      "The x-stack-access-type header must be 'server' or 'admin', but was 'client'.",
    );
  });

  it('admin access tokens: unparsable, and not an admin of the project', async () => {
    const headers = (token: string) => ({
      'x-stack-project-id': dev.projectId,
      'x-stack-access-type': 'admin',
      'x-stack-admin-access-token': token,
    });
    expectKnownError(
      await raw(url, '/projects/current', { headers: headers('garbage') }),
      'UNPARSABLE_ADMIN_ACCESS_TOKEN',
    );
    const owner = await signUp(url, internal);
    expectKnownError(
      await raw(url, '/projects/current', { headers: headers(owner.accessToken) }),
      'ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN',
    );
    const devUser = await signUp(url, dev);
    expectKnownError(
      await raw(url, '/projects/current', { headers: headers(devUser.accessToken) }),
      'ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN',
    );
  });

  it('an admin access token of a managing internal user gives admin access without keys', async () => {
    const owner = await signUp(url, internal);
    const patched = await raw(url, '/users/me', {
      method: 'PATCH',
      keys: internal,
      access: 'server',
      accessToken: owner.accessToken,
      body: { server_metadata: { managedProjectIds: [dev.projectId] } },
    });
    expect(patched.status, patched.text).toBe(200);
    const response = await raw(url, '/projects/current', {
      headers: {
        'x-stack-project-id': dev.projectId,
        'x-stack-access-type': 'admin',
        'x-stack-admin-access-token': owner.accessToken,
      },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.json.config.allow_localhost).toBe(true);
  });

  it('CANNOT_GET_OWN_USER_WITHOUT_USER for users/me without a user', async () => {
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      expectKnownError(
        await raw(url, '/users/me', { method, keys: dev }),
        'CANNOT_GET_OWN_USER_WITHOUT_USER',
      );
    }
  });

  it('SCHEMA_ERROR "auth.user must be defined" for password update without a user', async () => {
    const response = await raw(url, '/auth/password/update', {
      keys: dev,
      body: { old_password: 'something-123', new_password: 'other-thing-123' },
    });
    const message =
      'Request validation failed on POST /api/v1/auth/password/update:\n  - auth.user must be defined';
    expectKnownError(response, 'SCHEMA_ERROR', { message });
  });

  it('with X-Stack-Override-Error-Status: 200 plus x-stack-actual-status, body unchanged', async () => {
    const headers = { 'x-stack-override-error-status': 'true' };
    expectKnownError(await raw(url, '/users/me', { headers }), 'ACCESS_TYPE_REQUIRED', undefined, {
      overridden: true,
    });
    const notFound = await raw(url, '/nope', { headers });
    expect(notFound.status).toBe(200);
    expect(notFound.headers.get('x-stack-actual-status')).toBe('404');
    const ok = await raw(url, '/projects/current', { keys: dev, headers });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-stack-actual-status')).toBeNull();
  });

  it('GET projects/current: client view for client and server, admin view for admin', async () => {
    const client = await raw(url, '/projects/current', { keys: dev });
    expect(client.json).toEqual({
      id: dev.projectId,
      display_name: 'Development project',
      config: {
        sign_up_enabled: true,
        credential_enabled: true,
        magic_link_enabled: true,
        passkey_enabled: true,
        client_team_creation_enabled: true,
        client_user_deletion_enabled: false,
        enabled_oauth_providers: [{ id: 'github' }, { id: 'google' }],
      },
    });
    expect((await raw(url, '/projects/current', { keys: dev, access: 'server' })).json).toEqual(client.json);
    const admin = await raw(url, '/projects/current', { keys: internal, access: 'admin' });
    expect(admin.json).toMatchObject({
      id: 'internal',
      display_name: 'Stack Dashboard',
      config: {
        credential_enabled: true,
        magic_link_enabled: true,
        sign_up_enabled: true,
        allow_localhost: true,
      },
    });
    expect(typeof admin.json.user_count).toBe('number');
  });

  it('a deleted user means no user: users/me with their still-valid token', async () => {
    const user = await signUp(url, dev);
    const deleted = await raw(url, '/users/me', {
      method: 'DELETE',
      keys: dev,
      access: 'server',
      accessToken: user.accessToken,
    });
    expect(deleted.json).toEqual({ success: true });
    expectKnownError(
      await raw(url, '/users/me', { keys: dev, accessToken: user.accessToken }),
      'CANNOT_GET_OWN_USER_WITHOUT_USER',
    );
    expect(freshEmail()).not.toBe(user.email);
  });
});
