/**
 * The OAuth screens in a DOM against a fake API: a button per enabled provider (worded for the
 * page, an unknown provider by its raw id and without icon, the 'last' badge), the separator only
 * beside forms, the oauth-callback page (happy path, a state this browser never started, a refused
 * exchange, a second factor) and the 'Connected accounts' section.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { oauth } from '../../plugins/oauth/index.js';
import { OAUTH_CALLBACK_FAILED_MESSAGE, oauthScreens } from '../../plugins/oauth/screens.js';
import { password } from '../../plugins/password/index.js';
import { passwordScreens } from '../../plugins/password/screens.js';
import { totp } from '../../plugins/totp/index.js';
import { totpScreens } from '../../plugins/totp/screens.js';
import { AccountSettingsPage, AuthPage, SignetHandler } from '../../react/index.js';
import { clientUserJson, json, knownError, type Route } from '../support/fake-api.js';
import { tokenExpiringIn } from '../support/fake-wire.js';
import { renderWithApp } from './render-app.js';

const clearCookies = () => {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]!.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: the test resets the DOM's cookies.
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
};

beforeEach(() => {
  clearCookies();
  localStorage.clear();
  history.replaceState(null, '', '/');
});
afterEach(() => cleanup());

const providers = (...ids: string[]) => ({ enabled_oauth_providers: ids.map((id) => ({ id })) });

describe('provider buttons', () => {
  it('shows a button per enabled provider, worded for the page, with its icon', async () => {
    renderWithApp(<AuthPage type="sign-in" />, {
      plugins: [oauth()],
      screens: [oauthScreens()],
      config: { ...providers('github', 'google'), credential_enabled: false, magic_link_enabled: false },
    });
    const github = await screen.findByRole('button', { name: /^Sign in with GitHub/ });
    expect(screen.getByRole('button', { name: /^Sign in with Google/ })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Sign in with/ })).toHaveLength(2);
    await waitFor(() => expect(github.querySelector('svg[data-provider-icon="github"] path')).not.toBeNull());
    // Brand colours and the hover shade arrive as variables.
    expect(github.getAttribute('style')).toContain('--signet-brand: #24292f');
    expect(github.getAttribute('style')).toContain('--signet-brand-hover: #3a424c');
    // Buttons alone: no 'Or continue with' rule.
    expect(screen.queryByText('Or continue with')).toBeNull();
  });

  it('says "Sign up with" on the sign-up page, and shows the separator beside a form', async () => {
    renderWithApp(<AuthPage type="sign-up" />, {
      plugins: [oauth(), password()],
      screens: [oauthScreens(), passwordScreens()],
      config: { ...providers('microsoft'), magic_link_enabled: false },
    });
    expect(await screen.findByRole('button', { name: /^Sign up with Microsoft/ })).toBeTruthy();
    expect(screen.getByText('Or continue with')).toBeTruthy();
  });

  it('shows an unknown provider by its raw id, with no icon', async () => {
    renderWithApp(<AuthPage type="sign-in" />, {
      plugins: [oauth()],
      screens: [oauthScreens()],
      config: providers('acme-sso'),
    });
    const button = await screen.findByRole('button', { name: /^Sign in with acme-sso/ });
    expect(button.querySelector('svg')).toBeNull();
    expect(button.getAttribute('style')).toBeNull();
  });

  it('records the provider under the flow’s state on a click, sets the verifier cookie and leaves for the API', async () => {
    const navigate = vi.fn(async () => {});
    localStorage.setItem('signet:p:oauth:last-used-provider', 'github');
    renderWithApp(<AuthPage type="sign-in" />, {
      plugins: [oauth()],
      screens: [oauthScreens()],
      config: providers('github', 'gitlab'),
      redirectMethod: { navigate },
    });
    const gitlab = await screen.findByRole('button', { name: /^Sign in with GitLab/ });
    const github = screen.getByRole('button', { name: /^Sign in with GitHub/ });
    expect(within(github).getByText('last')).toBeTruthy();
    fireEvent.click(gitlab);
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    const authorize = new URL((navigate.mock.calls[0] as unknown as [string])[0]);
    expect(authorize.pathname).toBe('/api/v1/auth/oauth/authorize/gitlab');
    const state = authorize.searchParams.get('state')!;
    expect(document.cookie).toContain(`stack-oauth-outer-${state}=`);
    expect(JSON.parse(localStorage.getItem(`signet:p:oauth:flow:${state}`)!)).toEqual({
      provider: 'gitlab',
      link: false,
    });
    // 'last' moves only when a flow comes back signed in (its callback reads the state's record).
    expect(within(github).getByText('last')).toBeTruthy();
    expect(within(gitlab).queryByText('last')).toBeNull();
    // The spinner stays while the browser goes.
    expect(gitlab.getAttribute('aria-busy')).toBe('true');
  });
});

describe('oauth-callback page', () => {
  const VERIFIER = 'v'.repeat(43);
  /** The browser lands on the callback page, with or without the flow's cookie. */
  function land({ cookie = true, token }: { cookie?: boolean; token: Route }, extra = {}) {
    history.replaceState(null, '', '/handler/oauth-callback?code=the-code&state=the-state');
    // biome-ignore lint/suspicious/noDocumentCookie: the flow's cookie as the start of the flow set it.
    if (cookie) document.cookie = `stack-oauth-outer-the-state=${VERIFIER}; Path=/`;
    const navigate = vi.fn(async () => {});
    const rendered = renderWithApp(
      <SignetHandler path="/handler/oauth-callback" search={location.search} />,
      {
        plugins: [oauth(), totp()],
        screens: [oauthScreens(), totpScreens()],
        pageUrl: () => location.href,
        redirectMethod: { navigate },
        routes: {
          'POST /auth/oauth/token': token,
          'GET /users/me': (request) =>
            request.headers.get('x-stack-access-token') ? json(clientUserJson('u1')) : json({}),
        },
        ...extra,
      },
    );
    const tokenRequests = () => rendered.requests.filter((r) => r.url.endsWith('/auth/oauth/token'));
    return { ...rendered, navigate, tokenRequests };
  }

  it('exchanges the code, strips it from the address bar, drops the cookie and goes on', async () => {
    const { navigate, tokenRequests, app } = land({
      token: () =>
        json({ access_token: tokenExpiringIn(600), refresh_token: 'r1', is_new_user: false, user_id: 'u1' }),
    });
    expect(await screen.findByText('Signing you in…')).toBeTruthy();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/', { replace: true }));
    expect(app.user.value?.id).toBe('u1');
    expect(location.search).toBe('');
    expect(document.cookie).not.toContain('stack-oauth-outer-the-state');
    const form = new URLSearchParams(await tokenRequests()[0]!.text());
    expect(form.get('code')).toBe('the-code');
    expect(form.get('code_verifier')).toBe(VERIFIER);
    expect(form.get('redirect_uri')).toBe(`${location.origin}/handler/oauth-callback`);
  });

  it('exchanges nothing without this browser’s cookie for the state, still strips the code, and says so', async () => {
    const { tokenRequests } = land({ cookie: false, token: () => json({}) });
    expect((await screen.findByRole('alert')).textContent).toBe(OAUTH_CALLBACK_FAILED_MESSAGE);
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe(
      '/handler/sign-in',
    );
    expect(tokenRequests()).toHaveLength(0);
    expect(location.search).toBe('');
  });

  it('shows the failure when the exchange is refused', async () => {
    land({
      token: () => knownError('INVALID_AUTHORIZATION_CODE', 'The given authorization code is invalid.'),
    });
    expect((await screen.findByRole('alert')).textContent).toBe(OAUTH_CALLBACK_FAILED_MESSAGE);
    expect(screen.getByText('The given authorization code is invalid.')).toBeTruthy();
  });

  it('shows the second-factor slot, worded for a callback page, while the attempt waits', async () => {
    const { app } = land({
      token: () =>
        knownError(
          'MULTI_FACTOR_AUTHENTICATION_REQUIRED',
          'Multi-factor authentication is required for this user.',
          {
            attempt_code: 'attempt',
          },
        ),
    });
    expect(await screen.findByText('Enter the code from your authenticator app')).toBeTruthy();
    expect(app.pendingSignIn.value?.method).toBe('oauth');
  });
});

describe('connected accounts section', () => {
  function settings(routes: Record<string, Route> = {}) {
    let user = {
      ...clientUserJson('u1'),
      oauth_providers: [{ id: 'github', account_id: 'gh-1', email: 'ada@github.test' }],
    };
    const navigate = vi.fn(async () => {});
    const rendered = renderWithApp(<AccountSettingsPage />, {
      plugins: [oauth()],
      screens: [oauthScreens()],
      userId: 'u1',
      config: providers('github', 'google'),
      pageUrl: 'http://app.test/handler/account-settings',
      redirectMethod: { navigate },
      routes: {
        'GET /users/me': () => json(user),
        'DELETE /connected-accounts/me/github': () => {
          user = { ...user, oauth_providers: [] };
          return json({ success: true });
        },
        ...routes,
      },
    });
    return { ...rendered, navigate };
  }

  it('lists the connected accounts and connects another provider in link mode', async () => {
    const { navigate } = settings();
    const section = await screen.findByRole('region', { name: 'Connected accounts' });
    expect(within(section).getByText('GitHub')).toBeTruthy();
    expect(within(section).getByText('ada@github.test')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Connect GitHub' })).toBeNull();
    fireEvent.click(within(section).getByRole('button', { name: 'Connect Google' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    const query = new URL((navigate.mock.calls[0] as unknown as [string])[0]).searchParams;
    expect(query.get('type')).toBe('link');
    expect(query.get('token')).toBeTruthy();
    expect(query.get('after_callback_redirect_url')).toBe('http://app.test/handler/account-settings');
  });

  it('disconnects after a confirmation, and shows the server’s refusal', async () => {
    const { requests } = settings();
    const section = await screen.findByRole('region', { name: 'Connected accounts' });
    fireEvent.click(within(section).getByRole('button', { name: 'Disconnect' }));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(within(section).getByRole('button', { name: 'Yes, disconnect' }));
    expect(await within(section).findByText('No accounts connected yet.')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Connect GitHub' })).toBeTruthy();
  });

  it('says why the server refused to disconnect', async () => {
    settings({
      'DELETE /connected-accounts/me/github': () =>
        new Response('Cannot disconnect the only way this user can sign in.', { status: 400 }),
    });
    const section = await screen.findByRole('region', { name: 'Connected accounts' });
    fireEvent.click(within(section).getByRole('button', { name: 'Disconnect' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Yes, disconnect' }));
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'GitHub could not be disconnected: Cannot disconnect the only way this user can sign in.',
    );
  });
});
