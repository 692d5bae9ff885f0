/**
 * The internal project seeded from the reference's STACK_SEED_INTERNAL_PROJECT_* variables: its
 * settings, its first administrator, and — like the reference's — no team permission definitions
 * and empty default permission lists. Unset variables keep signet's defaults.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFromEnv } from '../../server/src/index.js';
import { raw } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

const ENV = {
  STACK_SEED_INTERNAL_PROJECT_SIGN_UP_ENABLED: 'false',
  STACK_SEED_INTERNAL_PROJECT_OTP_ENABLED: 'false',
  STACK_SEED_INTERNAL_PROJECT_ALLOW_LOCALHOST: 'true',
  STACK_SEED_INTERNAL_PROJECT_OAUTH_PROVIDERS: 'github,google',
  STACK_SEED_INTERNAL_PROJECT_CLIENT_TEAM_CREATION: 'true',
  STACK_SEED_INTERNAL_PROJECT_USER_EMAIL: 'admin@example.com',
  STACK_SEED_INTERNAL_PROJECT_USER_PASSWORD: 'seeded-password-1',
  STACK_SEED_INTERNAL_PROJECT_USER_INTERNAL_ACCESS: 'true',
};

describe.each(backends())('the internal project seeded from the environment on $name', (backend) => {
  let running: RunningServer;
  beforeAll(async () => {
    running = await backend.create({ seed: seedFromEnv(ENV) });
  });
  afterAll(async () => {
    await running?.close();
  });
  const internal = () => running.server.seeded.internal;

  it('takes its settings from the variables', async () => {
    const project = await raw(running.url, '/projects/current', { keys: internal(), access: 'admin' });
    expect(project.status, project.text).toBe(200);
    const config = project.json.config;
    expect(config.sign_up_enabled).toBe(false);
    expect(config.magic_link_enabled).toBe(false);
    expect(config.allow_localhost).toBe(true);
    expect(config.client_team_creation_enabled).toBe(true);
    expect(config.enabled_oauth_providers).toEqual([{ id: 'github' }, { id: 'google' }]);
  });

  it('has no team permission definitions and gives creators and members none', async () => {
    const project = await raw(running.url, '/projects/current', { keys: internal(), access: 'admin' });
    expect(project.json.config.team_creator_default_permissions).toEqual([]);
    expect(project.json.config.team_member_default_permissions).toEqual([]);
    const definitions = await raw(running.url, '/team-permission-definitions', {
      keys: internal(),
      access: 'admin',
    });
    expect(definitions.status, definitions.text).toBe(200);
    expect(definitions.json.items.filter((d: { id: string }) => !d.id.startsWith('$'))).toEqual([]);
  });

  it('makes the administrator, who signs in with the password (sign-up being off) and manages internal', async () => {
    const signIn = await raw(running.url, '/auth/password/sign-in', {
      keys: internal(),
      body: { email: 'admin@example.com', password: 'seeded-password-1' },
    });
    expect(signIn.status, signIn.text).toBe(200);
    const me = await raw(running.url, '/users/me', {
      keys: internal(),
      access: 'server',
      accessToken: signIn.json.access_token,
    });
    expect(me.json.primary_email).toBe('admin@example.com');
    expect(me.json.primary_email_verified).toBe(false);
    expect(me.json.server_metadata).toEqual({ managedProjectIds: ['internal'] });
    const signUp = await raw(running.url, '/auth/password/sign-up', {
      keys: internal(),
      body: {
        email: 'someone@example.com',
        password: 'another-password-1',
        verification_callback_url: 'http://localhost:3000/handler/email-verification',
      },
    });
    expect(signUp.json.code).toBe('SIGN_UP_NOT_ENABLED');
  });
});

describe('seedFromEnv', () => {
  it('reads a flag as on only when it is exactly "true", and leaves unset ones to the defaults', () => {
    const options = seedFromEnv({
      STACK_SEED_INTERNAL_PROJECT_SIGN_UP_ENABLED: 'yes',
      STACK_SEED_INTERNAL_PROJECT_ALLOW_LOCALHOST: 'true',
    });
    expect(options.internal?.config).toEqual({
      signUpEnabled: false,
      otpEnabled: undefined,
      allowLocalhost: true,
      oauthProviders: undefined,
      clientTeamCreation: undefined,
    });
    expect(options.internal?.user).toBeUndefined();
  });

  it('needs both the email and the password for an administrator', () => {
    expect(seedFromEnv({ STACK_SEED_INTERNAL_PROJECT_USER_EMAIL: 'a@example.com' }).internal?.user).toBe(
      undefined,
    );
  });
});
