/**
 * The impersonation screens in a DOM: the banner shows only while the session's access token is an
 * impersonation of this project, names the user, and its End button (a real, focusable button)
 * signs out on the server and here; the impersonate page drops the fragment from the address bar
 * and says in words why a link was refused.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { impersonation, impersonationLink } from '../../plugins/impersonation/index.js';
import { ImpersonationBanner, impersonationScreens } from '../../plugins/impersonation/screens.js';
import { SignetHandler } from '../../react/index.js';
import { clientUserJson, json, knownError } from '../support/fake-api.js';
import { renderWithApp } from './render-app.js';

afterEach(() => {
  cleanup();
  history.replaceState(null, '', '/');
});

/** An unsigned access token with these claims, unexpired (the kit reads claims, the server verifies). */
function accessToken(claims: Record<string, unknown>): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + 600;
  return `${part({ alg: 'ES256' })}.${part({ aud: 'p', sub: 'u1', refreshTokenId: 's1', exp, ...claims })}.sig`;
}

const signedOut = { 'DELETE /auth/sessions/current': () => json({ success: true }) };

function renderBanner(token: string, user = clientUserJson('u1')) {
  return renderWithApp(<ImpersonationBanner />, {
    plugins: [impersonation()],
    userId: 'u1',
    accessToken: token,
    routes: { 'GET /users/me': () => json(user), ...signedOut },
  });
}

describe('ImpersonationBanner', () => {
  it('is absent for a normal session and for another project’s impersonation', async () => {
    for (const token of [accessToken({}), accessToken({ aud: 'other', is_impersonation: true })]) {
      const { app } = renderBanner(token);
      await act(() => app.ready());
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(app.user.value?.id).toBe('u1');
      expect(screen.queryByRole('region', { name: 'Impersonation' })).toBeNull();
      expect(screen.queryByText(/impersonating/)).toBeNull();
      cleanup();
    }
  });

  it('names the user while impersonating; End signs out on the server and the banner goes', async () => {
    const { app, requests } = renderBanner(accessToken({ is_impersonation: true }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Signed in as u1@example.com — impersonating');
    expect(screen.getByRole('region', { name: 'Impersonation' }).contains(status)).toBe(true);

    const end = screen.getByRole('button', { name: 'End' });
    end.focus();
    expect(document.activeElement).toBe(end);
    fireEvent.click(end);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Impersonation' })).toBeNull());
    expect(requests.some((r) => r.method === 'DELETE' && r.url.endsWith('/auth/sessions/current'))).toBe(
      true,
    );
    expect(app.user.value).toBeNull();
  });

  it('prefers the display name', async () => {
    renderBanner(accessToken({ is_impersonation: true }), {
      ...clientUserJson('u1'),
      display_name: 'Ada Lovelace',
    });
    expect((await screen.findByRole('status')).textContent).toBe('Signed in as Ada Lovelace — impersonating');
  });
});

describe('impersonate page', () => {
  function openLink(fragmentOrLink: string, refreshAnswer: () => Response) {
    const link = fragmentOrLink.startsWith('#')
      ? `${location.origin}/handler/impersonate${fragmentOrLink}`
      : fragmentOrLink;
    history.replaceState(null, '', link);
    return renderWithApp(<SignetHandler />, {
      plugins: [impersonation()],
      screens: [impersonationScreens()],
      pageUrl: () => location.href,
      routes: { 'POST /auth/sessions/current/refresh': refreshAnswer },
    });
  }

  it('refuses a normal session’s token in words, stores nothing, and drops the fragment', async () => {
    const link = impersonationLink({ appUrl: location.origin, refreshToken: 'r'.repeat(45) });
    const { app, requests } = openLink(link, () => json({ access_token: accessToken({}) }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /does not hold an impersonation session of this project/,
    );
    expect(location.href).toBe(`${location.origin}/handler/impersonate`);
    const refresh = requests.find((r) => r.url.endsWith('/auth/sessions/current/refresh'));
    expect(refresh?.headers.get('x-stack-refresh-token')).toBe('r'.repeat(45));
    expect(app.user.value).toBeNull();
  });

  it('an ended session’s link and a hostile fragment show an error, never a crash', async () => {
    openLink(`#refresh_token=${'s'.repeat(45)}`, () =>
      knownError(
        'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED',
        'Refresh token not found for this project, or the session has expired/been revoked.',
        undefined,
        401,
      ),
    );
    expect((await screen.findByRole('alert')).textContent).toMatch(/expired or was ended/);
    cleanup();

    for (const fragment of ['#refresh_token=a%00b', '#refresh_token=%ED%A0%80', `#${'x'.repeat(70_000)}`]) {
      const { requests } = openLink(fragment, () =>
        json({ access_token: accessToken({ is_impersonation: true }) }),
      );
      expect((await screen.findByRole('alert')).textContent).toMatch(/incomplete or damaged/);
      expect(location.hash).toBe('');
      expect(requests.filter((r) => r.url.includes('/refresh'))).toEqual([]);
      cleanup();
    }
  });
});
