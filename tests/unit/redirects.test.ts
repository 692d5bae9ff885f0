import { describe, expect, it } from 'vitest';
import { createRedirector, UntrustedRedirectError, withReturnTo } from '../../core/redirects.js';
import { resolveUrls } from '../../core/urls.js';

function redirector(current: string, trustedDomains: string[] = []) {
  const visited: string[] = [];
  const r = createRedirector({
    urls: resolveUrls({ afterSignIn: '/dashboard' }),
    method: { navigate: (to) => void visited.push(to) },
    trustedDomains,
    currentUrl: () => current,
    sleep: async () => {},
  });
  return { r, visited };
}

describe('urls', () => {
  it('defaults pages under /handler and after-auth targets to home', () => {
    const urls = resolveUrls();
    expect(urls.signIn).toBe('/handler/sign-in');
    expect(urls.afterSignIn).toBe('/');
    expect(urls.afterSignUp).toBe('/');
    expect(resolveUrls({ afterSignIn: '/app' }).afterSignUp).toBe('/app');
    expect(resolveUrls({ handler: '/auth/' }).signUp).toBe('/auth/sign-up');
  });
});

describe('redirect trust', () => {
  const { r } = redirector('https://app.example.com/page', ['https://other.example.com']);
  it.each([
    ['/dashboard', true],
    ['/a?b=c#d', true],
    ['?x=1', true],
    ['//evil.com/x', false],
    // Browsers read a backslash as a slash and drop tabs and newlines: these leave the origin.
    ['/\\evil.com', false],
    ['/\\/evil.com', false],
    ['/\t/evil.com', false],
    ['/\n/evil.com', false],
    ['\\\\evil.com', false],
    ['/path\\with-backslash', true],
    ['https://app.example.com/x', true],
    ['https://other.example.com/y', true],
    ['https://other.example.com:8443/y', false],
    ['http://other.example.com/y', false],
    ['https://evil.com/', false],
    ['https://app.example.com.evil.com/', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
  ])('%s → %s', (url, trusted) => {
    expect(r.isTrusted(url)).toBe(trusted);
  });

  it('refuses to follow an untrusted redirect, with the spec message', async () => {
    const { r: rr, visited } = redirector(
      'https://app.example.com/handler/sign-in?after_auth_return_to=https%3A%2F%2Fevil.com',
    );
    await expect(rr.redirect({ url: 'https://evil.com' })).rejects.toThrow(UntrustedRedirectError);
    await expect(rr.redirect({ url: 'https://evil.com' })).rejects.toThrow(
      'Redirect URL is not trusted; should be relative.',
    );
    expect(visited).toEqual([]);
    // An untrusted return-to target is ignored in favour of the default.
    expect(rr.afterAuthHref('sign-in')).toBe('/dashboard');
  });
});

describe('after_auth_return_to', () => {
  it('sign-in redirects carry the current page', () => {
    const { r } = redirector('https://app.example.com/settings?tab=2');
    expect(r.href('signIn')).toBe('/handler/sign-in?after_auth_return_to=%2Fsettings%3Ftab%3D2');
  });

  it('after sign-in goes to the return-to target when present and trusted', async () => {
    const { r, visited } = redirector(
      'https://app.example.com/handler/sign-in?after_auth_return_to=%2Fsettings',
    );
    await r.afterAuth('sign-in');
    expect(visited).toEqual(['/settings']);
    expect(r.href('signUp')).toBe('/handler/sign-up?after_auth_return_to=%2Fsettings');
  });

  it('goes to after-sign-in without a return-to target', async () => {
    const { r, visited } = redirector('https://app.example.com/handler/sign-in');
    await r.afterAuth('sign-up');
    expect(visited).toEqual(['/dashboard']);
  });
});

describe('withReturnTo (pages under the handler that are worth coming back to)', () => {
  it('adds the page, query and all, encoded, so its own parameters stay its own', () => {
    expect(withReturnTo('/handler/sign-in', '/handler/team-invitation?code=a&b=1')).toBe(
      '/handler/sign-in?after_auth_return_to=%2Fhandler%2Fteam-invitation%3Fcode%3Da%26b%3D1',
    );
  });

  it('joins a query the sign-in page already has, and keeps its fragment last', () => {
    expect(
      withReturnTo('https://app.example/login?lang=fr#top', '/handler/cli-auth-confirm?login_code=x'),
    ).toBe(
      'https://app.example/login?lang=fr&after_auth_return_to=%2Fhandler%2Fcli-auth-confirm%3Flogin_code%3Dx#top',
    );
  });
});
