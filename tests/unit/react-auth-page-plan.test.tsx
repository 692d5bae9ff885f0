import { describe, expect, it } from 'vitest';
import type { ClientProject } from '../../core/project.js';
import { resolveUrls } from '../../core/urls.js';
import { password } from '../../plugins/password/index.js';
import { planAuthPage } from '../../react/auth-page-plan.js';
import { resolveHandlerRoute } from '../../react/handler-route.js';
import { activeScreens, type ScreenContribution } from '../../react/screens.js';

const Form = () => null;

function project(config: Partial<ClientProject['config']> = {}): ClientProject {
  return {
    id: 'p',
    displayName: 'P',
    config: {
      signUpEnabled: true,
      credentialEnabled: true,
      magicLinkEnabled: false,
      passkeyEnabled: false,
      clientTeamCreationEnabled: false,
      clientUserDeletionEnabled: false,
      oauthProviders: [],
      ...config,
    },
  };
}

const passwordLike: ScreenContribution = {
  id: 'password',
  plugin: password,
  authForm: {
    tabId: 'password',
    label: 'Email & Password',
    order: 20,
    when: ({ project: p }) => p.config.credentialEnabled,
    SignIn: Form,
    SignUp: Form,
  },
};
const magicLike: ScreenContribution = {
  id: 'magic-link',
  authForm: {
    tabId: 'magic-link',
    label: 'Email',
    order: 10,
    when: ({ project: p }) => p.config.magicLinkEnabled,
    SignIn: Form,
    SignUp: Form,
  },
};
const oauthLike: ScreenContribution = {
  id: 'oauth',
  authButtons: { when: ({ project: p }) => p.config.oauthProviders.length > 0, Component: Form },
};
const signInOnly: ScreenContribution = {
  id: 'sign-in-only',
  authForm: { tabId: 'x', label: 'X', SignIn: Form },
};

describe('planAuthPage', () => {
  it('shows the one enabled form without tabs or separator, and links to sign-up', () => {
    const plan = planAuthPage(project(), 'sign-in', [passwordLike, oauthLike]);
    expect(plan).toMatchObject({ kind: 'methods', tabs: false, separator: false, signUpLink: true });
    if (plan.kind !== 'methods') throw new Error();
    expect(plan.forms.map((f) => f.tabId)).toEqual(['password']);
    expect(plan.buttons).toEqual([]);
  });

  it('uses tabs sorted by order when two forms are enabled, honouring firstTab', () => {
    const p = project({ magicLinkEnabled: true });
    const plan = planAuthPage(p, 'sign-in', [passwordLike, magicLike]);
    if (plan.kind !== 'methods') throw new Error();
    expect(plan.tabs).toBe(true);
    expect(plan.forms.map((f) => f.tabId)).toEqual(['magic-link', 'password']);
    expect(plan.firstTab).toBe('magic-link');
    expect(planAuthPage(p, 'sign-in', [passwordLike, magicLike], 'password')).toMatchObject({
      firstTab: 'password',
    });
    expect(planAuthPage(p, 'sign-in', [passwordLike, magicLike], 'nope')).toMatchObject({
      firstTab: 'magic-link',
    });
  });

  it("adds the 'Or continue with' separator only with both buttons and forms", () => {
    const p = project({ oauthProviders: ['github'] });
    expect(planAuthPage(p, 'sign-in', [passwordLike, oauthLike])).toMatchObject({ separator: true });
    expect(
      planAuthPage(project({ credentialEnabled: false, oauthProviders: ['github'] }), 'sign-in', [
        passwordLike,
        oauthLike,
      ]),
    ).toMatchObject({
      separator: false,
    });
  });

  it('reports no method when nothing is enabled', () => {
    expect(planAuthPage(project({ credentialEnabled: false }), 'sign-in', [passwordLike])).toEqual({
      kind: 'no-method',
    });
    expect(planAuthPage(project(), 'sign-in', [])).toEqual({ kind: 'no-method' });
  });

  it('shows the sign-up-disabled card on sign-up and no sign-up link on sign-in when sign-up is off', () => {
    const p = project({ signUpEnabled: false });
    expect(planAuthPage(p, 'sign-up', [passwordLike])).toEqual({ kind: 'sign-up-disabled' });
    expect(planAuthPage(p, 'sign-in', [passwordLike])).toMatchObject({ signUpLink: false });
  });

  it('leaves out forms without a sign-up variant on the sign-up page', () => {
    expect(planAuthPage(project(), 'sign-up', [signInOnly])).toEqual({ kind: 'no-method' });
  });
});

describe('activeScreens', () => {
  it('drops contributions whose plugin the app lacks', () => {
    expect(activeScreens([passwordLike, oauthLike], []).map((s) => s.id)).toEqual(['oauth']);
    expect(activeScreens([passwordLike, oauthLike], ['password']).map((s) => s.id)).toEqual([
      'password',
      'oauth',
    ]);
  });
});

describe('resolveHandlerRoute', () => {
  const urls = resolveUrls(
    { magicLinkCallback: '/auth/login-link' },
    { magicLinkCallback: 'magic-link-callback' },
  );
  const names = ['signIn', 'signUp', 'magicLinkCallback', 'teamInvitation'];

  it('finds pages by their configured URLs, with the segments after them', () => {
    expect(resolveHandlerRoute('/handler/sign-in', urls, names)).toEqual({ name: 'signIn', rest: [] });
    expect(resolveHandlerRoute('/handler/sign-in/a%20b/c/', urls, names)).toEqual({
      name: 'signIn',
      rest: ['a b', 'c'],
    });
    expect(resolveHandlerRoute('sign-up', urls, names)).toEqual({ name: 'signUp', rest: [] });
  });

  it('serves a page moved outside the handler base, and not at its default path', () => {
    expect(resolveHandlerRoute('/auth/login-link', urls, names)).toEqual({
      name: 'magicLinkCallback',
      rest: [],
    });
    expect(resolveHandlerRoute('/handler/magic-link-callback', urls, names)).toBeNull();
  });

  it('refuses look-alike prefixes, unknown pages and pages without a URL', () => {
    expect(resolveHandlerRoute('/handler/sign-inx', urls, names)).toBeNull();
    expect(resolveHandlerRoute('/handlers/sign-in', urls, names)).toBeNull();
    expect(resolveHandlerRoute('/', urls, names)).toBeNull();
    expect(resolveHandlerRoute('/handler/team-invitation', urls, names)).toBeNull();
  });
});
