import { describe, expect, it } from 'vitest';
import { createApp } from '../../core/app.js';

function tokenExpiringIn(seconds: number) {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none' })}.${part({ exp: Math.floor(Date.now() / 1000) + seconds })}.sig`;
}

const userJson = {
  id: 'u1',
  primary_email: 'a@example.com',
  primary_email_verified: false,
  display_name: null,
  client_metadata: null,
  client_read_only_metadata: null,
  profile_image_url: null,
  signed_up_at_millis: 1,
  has_password: true,
  auth_with_email: true,
  oauth_providers: [],
  selected_team_id: null,
  selected_team: null,
  requires_totp_mfa: false,
  otp_auth_enabled: false,
  passkey_auth_enabled: false,
};

describe('session changes while the user loads', () => {
  it('a users/me answer that arrives after sign-out does not sign the user back in', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const tokens = { accessToken: tokenExpiringIn(600), refreshToken: 'rt' };
    const app = createApp({
      projectId: 'p',
      baseUrl: 'http://api.test',
      redirectMethod: 'none',
      tokenStore: {
        read: async () => tokens,
        write: async (t) => {
          Object.assign(tokens, t);
        },
      },
      fetch: async (input, init) => {
        const url = String(input);
        if (url.endsWith('/users/me')) {
          await gate;
          return new Response(JSON.stringify(userJson), { headers: { 'content-type': 'application/json' } });
        }
        if (url.endsWith('/auth/sessions/current') && init?.method === 'DELETE') {
          return new Response('{"success":true}', { headers: { 'content-type': 'application/json' } });
        }
        throw new Error(`unexpected ${url}`);
      },
    });
    const loading = app.refreshUser();
    await new Promise((r) => setTimeout(r, 5));
    await app.signOut();
    release();
    await loading;
    expect(app.user.value).toBeNull();
    expect(app.status.value).toBe('signed-out');
  });
});
