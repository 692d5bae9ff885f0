/**
 * Requests whose writes touch nothing authentication keeps in memory (CLI logins and their polls,
 * a passkey sign-in's challenge, the feature-support question, an invitation's details, a
 * connected account's provider token, a team member's permissions) drop nothing from it. From the
 * attacker's side: most of these take only the publishable key, which every visitor of the app
 * has, and any one of them that dropped the project would let a script make every other request of
 * the project read its key and its user again, as often as it liked.
 */
import { describe, expect, it } from 'vitest';
import { projectHeaders } from '../support/raw-api.js';
import { recordedServer } from '../support/recorded-server.js';

describe('requests that write nothing authentication keeps', () => {
  it('keep the project and its users in memory, and a CLI login still completes', async () => {
    const { dev, call, signUpUser, me, bystanderFromMemory, close } = await recordedServer();
    try {
      const active = await signUpUser();
      const own = { 'x-stack-access-token': active.access };
      expect((await me(active.access)).status).toBe(200);

      // A passkey sign-in's start: its challenge, or the project's refusal, either way nothing kept.
      const challenge = await call('POST', '/auth/passkey/initiate-passkey-authentication', {}, {});
      expect([200, 400]).toContain(challenge.status);
      await bystanderFromMemory("a passkey sign-in's start");

      // A command-line login, polled while the browser has not confirmed, then confirmed.
      const started = await call('POST', '/auth/cli', {}, {});
      expect(started.status).toBe(200);
      await bystanderFromMemory('a CLI login started');
      const pollingCode = started.json.polling_code as string;
      const waiting = await call('POST', '/auth/cli/poll', {}, { polling_code: pollingCode });
      expect(waiting.json.status).toBe('waiting');
      await bystanderFromMemory('a CLI login polled');
      const confirmed = await call('POST', '/auth/cli/complete', own, {
        login_code: started.json.login_code,
        refresh_token: active.refresh,
      });
      expect(confirmed.status).toBe(200);
      await bystanderFromMemory('a CLI login confirmed');
      const handed = await call('POST', '/auth/cli/poll', {}, { polling_code: pollingCode });
      expect(handed.status).toBe(201);
      expect(handed.json.refresh_token).toBe(active.refresh);
      await bystanderFromMemory("a CLI login's token handed over");

      const feature = await call('POST', '/check-feature-support', {}, { feature_name: 'Ping' });
      expect(feature.status).toBe(200);
      await bystanderFromMemory('a feature-support question');

      const details = await call('POST', '/team-invitations/accept/details', own, { code: 'a'.repeat(45) });
      expect(details.status).toBeGreaterThanOrEqual(400);
      await bystanderFromMemory("an invitation's details asked with a wrong code");

      const providerToken = await call('POST', '/connected-accounts/me/github/access-token', own, {
        scope: 'repo',
      });
      expect(providerToken.status).toBeGreaterThanOrEqual(400);
      await bystanderFromMemory("a connected account's token asked");

      const deprecated = await call('POST', '/auth/oauth/connected-accounts/github/access-token', own, {
        scope: 'repo',
      });
      expect(deprecated.status).toBeGreaterThanOrEqual(400);
      await bystanderFromMemory("a connected account's token asked on the deprecated path");

      // Admin calls that write nothing.
      const admin = projectHeaders(dev, 'admin');
      const preview = await call('POST', '/email-templates/email_verification/preview', admin, {});
      expect(preview.status).toBe(200);
      await bystanderFromMemory("an email template's preview");
      const svixToken = await call('POST', '/webhooks/svix-token', admin, {});
      expect(svixToken.status).toBe(201);
      await bystanderFromMemory('a token for the Svix API');

      // Server code grants and revokes a member's permission: the member sees it at once.
      const team = await call('POST', '/teams', own, { display_name: 'Grants', creator_user_id: 'me' });
      expect(team.status).toBe(201);
      const teamId = team.json.id as string;
      const server = projectHeaders(dev, 'server');
      const listed = async () => {
        const list = await call('GET', `/team-permissions?team_id=${teamId}&user_id=me&recursive=false`, own);
        expect(list.status).toBe(200);
        return (list.json.items as { id: string }[]).map((item) => item.id);
      };
      const path = `/team-permissions/${teamId}/me/$invite_members`;
      const mine = { ...server, ...own };
      await call('DELETE', path, mine);
      expect(await listed()).not.toContain('$invite_members');
      await bystanderFromMemory('a permission revoked');
      expect((await call('POST', path, mine, {})).status).toBe(201);
      expect(await listed()).toContain('$invite_members');
      await bystanderFromMemory('a permission granted');
    } finally {
      await close();
    }
  });
});
