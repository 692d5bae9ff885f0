/**
 * What the teams plugin's types promise: `app.teams` and `app.urls.teamInvitation` only with the
 * plugin, and each call's result narrowed to the codes that call can fail with.
 */
import { describe, expectTypeOf, it } from 'vitest';
import { type CacheState, createApp, type ReadonlySignal } from '../../core/index.js';
import { password } from '../../plugins/password/index.js';
import {
  type Team,
  type TeamAccessErrorCode,
  type TeamActionErrorCode,
  type TeamInvitationAcceptErrorCode,
  type TeamInvitationCodeErrorCode,
  type TeamInviteErrorCode,
  teams,
} from '../../plugins/teams/index.js';

const base = {
  projectId: 'p',
  publishableClientKey: 'pck',
  baseUrl: 'http://127.0.0.1:1',
  tokenStore: 'memory' as const,
};

describe('teams plugin types', () => {
  it('adds app.teams and its invitation page, and nothing without the plugin', () => {
    const app = createApp({ ...base, plugins: [teams()] });
    expectTypeOf(app.urls.teamInvitation).toEqualTypeOf<string>();
    expectTypeOf(app.teams.list).toEqualTypeOf<ReadonlySignal<CacheState<Team[]>>>();
    expectTypeOf(app.teams.selected).toEqualTypeOf<ReadonlySignal<Team | null>>();
    const other = createApp({ ...base, plugins: [password()] });
    // @ts-expect-error: no teams plugin, no app.teams.
    other.teams;
    // @ts-expect-error: nor its page.
    other.urls.teamInvitation;
  });

  it('narrows reading a team to the membership codes', async () => {
    const app = createApp({ ...base, plugins: [teams()] });
    const result = await app.teams.get('t');
    if (result.status === 'error') {
      expectTypeOf(result.error.code).toEqualTypeOf<TeamAccessErrorCode>();
      expectTypeOf(result.error.code).toEqualTypeOf<'TEAM_NOT_FOUND' | 'TEAM_MEMBERSHIP_NOT_FOUND'>();
      // @ts-expect-error: reading needs no permission, so that code is no case to handle.
      result.error.code === 'TEAM_PERMISSION_REQUIRED';
    } else {
      expectTypeOf(result.data).toEqualTypeOf<Team>();
    }
  });

  it('narrows actions that need a permission, and invitations, to their own codes', async () => {
    const app = createApp({ ...base, plugins: [teams()] });
    const updated = await app.teams.update('t', { displayName: 'x' });
    if (updated.status === 'error') expectTypeOf(updated.error.code).toEqualTypeOf<TeamActionErrorCode>();
    const invited = await app.teams.invite('t', 'a@example.com');
    if (invited.status === 'error') {
      expectTypeOf(invited.error.code).toEqualTypeOf<TeamInviteErrorCode>();
      expectTypeOf<'REDIRECT_URL_NOT_WHITELISTED'>().toExtend<typeof invited.error.code>();
    } else {
      expectTypeOf(invited.data).toEqualTypeOf<{ id: string }>();
    }
    const accepted = await app.teams.acceptInvitation('code');
    if (accepted.status === 'error') {
      expectTypeOf(accepted.error.code).toEqualTypeOf<TeamInvitationAcceptErrorCode>();
      // @ts-expect-error: accepting needs no team permission.
      accepted.error.code === 'TEAM_PERMISSION_REQUIRED';
    }
    const checked = await app.teams.checkInvitationCode('code');
    if (checked.status === 'error') {
      expectTypeOf(checked.error.code).toEqualTypeOf<TeamInvitationCodeErrorCode>();
      // @ts-expect-error: checking a code works signed out.
      checked.error.code === 'USER_AUTHENTICATION_REQUIRED';
    }
    expectTypeOf(app.teams.hasPermission).returns.toEqualTypeOf<Promise<boolean>>();
  });
});
