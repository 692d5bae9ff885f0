/**
 * A plugin's identity is typed: a factory carries its id, `usePluginApi(factory)` is the plugin's
 * API with no cast, a screens pack names its plugin by the factory, and `app.handle()` resolves
 * what the callback route of the page answers.
 */
import { describe, expectTypeOf, it } from 'vitest';
import { createApp, type Result, type SignInResult } from '../../core/index.js';
import { type MagicLinkApi, magicLink } from '../../plugins/magic-link/index.js';
import { type PasswordApi, password } from '../../plugins/password/index.js';
import { type TeamsApi, teams } from '../../plugins/teams/index.js';
import { defineScreens, usePluginApi } from '../../react/index.js';

const base = {
  projectId: 'p',
  publishableClientKey: 'pck',
  baseUrl: 'http://127.0.0.1:1',
  tokenStore: 'memory' as const,
};

describe('plugin identity', () => {
  it('a factory carries its plugin id', () => {
    expectTypeOf(teams.id).toEqualTypeOf<'teams'>();
    expectTypeOf(teams().id).toEqualTypeOf<'teams'>();
  });

  it('usePluginApi takes the factory and answers its API', () => {
    expectTypeOf(usePluginApi(teams)).toEqualTypeOf<TeamsApi>();
    expectTypeOf(usePluginApi(password)).toEqualTypeOf<PasswordApi>();
    // The plugin object names it too.
    expectTypeOf(usePluginApi(magicLink())).toEqualTypeOf<MagicLinkApi>();
    // @ts-expect-error: a string names no plugin any more.
    usePluginApi('teams');
  });

  it('a screens pack names its plugin by the factory', () => {
    defineScreens({ id: 'teams', plugin: teams });
    // @ts-expect-error: not by a string.
    defineScreens({ id: 'teams', plugin: 'teams' });
  });

  it('app.handle resolves what the route of the page answers', async () => {
    const app = createApp({ ...base, plugins: [password(), magicLink()] });
    const handled = await app.handle();
    if (handled) {
      expectTypeOf(handled.urlName).toEqualTypeOf<'magicLinkCallback'>();
      expectTypeOf(handled.pluginId).toEqualTypeOf<'magicLink'>();
      expectTypeOf(handled.result).toEqualTypeOf<Awaited<ReturnType<MagicLinkApi['signInWithLinkCode']>>>();
      expectTypeOf(handled.result).toExtend<SignInResult<string> | Result<unknown, string>>();
    }
    const none = createApp({ ...base, plugins: [teams()] });
    expectTypeOf(await none.handle()).toEqualTypeOf<null>();
  });
});
