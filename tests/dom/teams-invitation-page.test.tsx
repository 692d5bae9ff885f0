/**
 * The team-invitation page in a DOM against a fake API, in every state: no code, each way a code
 * can be unusable (checked before asking anyone to sign in), signed out with sign-in and sign-up
 * links that come back to the link, the invitation with the account that will join, joining
 * (which selects the team), ignoring, switching account, and an unexpected failure.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { teams } from '../../plugins/teams/index.js';
import { TeamInvitationPage } from '../../plugins/teams/invitation-page.js';
import { clientUserJson, json, knownError, type Route } from '../support/fake-api.js';
import { renderWithApp } from './render-app.js';

afterEach(() => cleanup());

const LINK = 'http://app.test/handler/team-invitation?code=abc123';

function invitationPage(
  options: { query?: string; signedIn?: boolean; routes?: Record<string, Route> } = {},
) {
  const query = options.query ?? 'code=abc123';
  let page = `http://app.test/handler/team-invitation?${query}`;
  let user = clientUserJson('u1');
  const rendered = renderWithApp(<TeamInvitationPage rest={[]} searchParams={new URLSearchParams(query)} />, {
    plugins: [teams()],
    userId: options.signedIn === false ? undefined : 'u1',
    pageUrl: () => page,
    routes: {
      'GET /users/me': () => json(user),
      'POST /team-invitations/accept/check-code': () => json({}),
      'POST /team-invitations/accept/details': () => json({ team_id: 't1', team_display_name: 'Acme' }),
      'POST /team-invitations/accept': () => json({}),
      'GET /teams': () =>
        json({
          items: [
            {
              id: 't1',
              display_name: 'Acme',
              profile_image_url: null,
              client_metadata: null,
              client_read_only_metadata: null,
            },
          ],
          is_paginated: false,
        }),
      'GET /team-invitations': () => json({ items: [], is_paginated: false }),
      'PATCH /users/me': async (request) => {
        user = { ...user, ...((await request.json()) as object) };
        return json(user);
      },
      'DELETE /auth/sessions/current': () => json({}),
      ...options.routes,
    },
  });
  const goTo = (url: string) => {
    page = url;
  };
  return { ...rendered, goTo };
}

const paths = (requests: Request[]) => requests.map((r) => `${r.method} ${new URL(r.url).pathname}`);
const heading = () => screen.findByRole('heading', { level: 1 });

describe('team invitation page', () => {
  it('without a code: "Invalid Team Invitation Link", and nothing asked', async () => {
    const { requests } = invitationPage({ query: '' });
    expect((await heading()).textContent).toBe('Invalid Team Invitation Link');
    expect(screen.getByText(/no invitation code/)).toBeTruthy();
    expect(paths(requests).filter((p) => p.includes('team-invitations'))).toEqual([]);
  });

  it.each([
    ['VERIFICATION_CODE_NOT_FOUND', 'Invalid Team Invitation Link', /opened the whole link/],
    ['VERIFICATION_CODE_EXPIRED', 'Expired Team Invitation Link', /has expired/],
    ['VERIFICATION_CODE_ALREADY_USED', 'Used Team Invitation Link', /already been used/],
    ['VERIFICATION_CODE_MAX_ATTEMPTS_REACHED', 'Team Invitation Link Locked', /too many times/],
  ])('%s: says so before asking anyone to sign in', async (code, title, sentence) => {
    const { requests } = invitationPage({
      signedIn: false,
      routes: { 'POST /team-invitations/accept/check-code': () => knownError(code, `server says ${code}`) },
    });
    expect((await heading()).textContent).toBe(title);
    expect(screen.getByText(sentence)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/');
    expect(paths(requests)).toContain('POST /api/v1/team-invitations/accept/check-code');
  });

  it('signed out: sign in or sign up, both coming back to this link', async () => {
    const { app, goTo, requests } = invitationPage({ signedIn: false });
    expect((await heading()).textContent).toBe('You are invited to join a team');
    const back = '/handler/team-invitation?code=abc123';
    const signIn = screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')!;
    const signUp = screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')!;
    expect(signIn).toBe(`/handler/sign-in?after_auth_return_to=${encodeURIComponent(back)}`);
    expect(signUp).toBe(`/handler/sign-up?after_auth_return_to=${encodeURIComponent(back)}`);
    // The details need a user: not asked for while signed out.
    expect(paths(requests)).not.toContain('POST /api/v1/team-invitations/accept/details');

    // On the sign-in page those links lead to, the kit returns here after signing in, and its own
    // link to sign-up keeps the target.
    goTo(`http://app.test${signIn}`);
    expect(app.redirect.afterAuthHref('sign-in')).toBe(back);
    expect(app.redirect.href('signUp')).toBe(signUp);
    goTo(`http://app.test${signUp}`);
    expect(app.redirect.afterAuthHref('sign-up')).toBe(back);
  });

  it('signed out on a project without sign-up: only "Sign in"', async () => {
    cleanup();
    renderWithApp(<TeamInvitationPage rest={[]} searchParams={new URLSearchParams('code=abc123')} />, {
      plugins: [teams()],
      config: { sign_up_enabled: false },
      pageUrl: LINK,
      routes: { 'POST /team-invitations/accept/check-code': () => json({}) },
    });
    expect((await heading()).textContent).toBe('You are invited to join a team');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Sign up' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
  });

  it('signed in: names the team and the account that joins; Join joins, selects the team and links to it', async () => {
    const { app, requests } = invitationPage();
    expect((await heading()).textContent).toBe('You are invited to join Acme');
    expect(screen.getByText(/You will join as/).textContent).toBe('You will join as u1@example.com.');
    const details = requests.find((r) => new URL(r.url).pathname.endsWith('/accept/details'));
    expect(await details!.clone().json()).toEqual({ code: 'abc123' });

    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect((await screen.findByRole('heading', { name: 'You joined Acme' })).textContent).toBe(
      'You joined Acme',
    );
    const accept = requests.find((r) => new URL(r.url).pathname.endsWith('/team-invitations/accept'));
    expect(await accept!.clone().json()).toEqual({ code: 'abc123' });
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(await patch!.clone().json()).toEqual({ selected_team_id: 't1' });
    expect(app.user.value?.selectedTeamId).toBe('t1');
    expect(screen.getByRole('link', { name: 'Open team settings' }).getAttribute('href')).toBe(
      '/handler/team-settings/t1',
    );
    expect(screen.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/');
    // The code is checked once, read once and used once.
    expect(paths(requests).filter((p) => p.startsWith('POST /api/v1/team-invitations'))).toEqual([
      'POST /api/v1/team-invitations/accept/check-code',
      'POST /api/v1/team-invitations/accept/details',
      'POST /api/v1/team-invitations/accept',
    ]);
  });

  it('Ignore joins nothing', async () => {
    const { requests } = invitationPage();
    await screen.findByRole('heading', { name: 'You are invited to join Acme' });
    fireEvent.click(screen.getByRole('button', { name: 'Ignore' }));
    expect((await heading()).textContent).toBe('Invitation ignored');
    expect(screen.getByText(/You did not join Acme/)).toBeTruthy();
    expect(paths(requests)).not.toContain('POST /api/v1/team-invitations/accept');
  });

  it('"Not you?" signs out and offers to sign in again, coming back to the link', async () => {
    const { requests, app } = invitationPage();
    await screen.findByRole('heading', { name: 'You are invited to join Acme' });
    fireEvent.click(screen.getByRole('button', { name: 'Not you? Sign in with another account' }));
    expect(await screen.findByRole('heading', { name: 'You are invited to join a team' })).toBeTruthy();
    expect(paths(requests)).toContain('DELETE /api/v1/auth/sessions/current');
    expect(app.status.value).toBe('signed-out');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      `/handler/sign-in?after_auth_return_to=${encodeURIComponent('/handler/team-invitation?code=abc123')}`,
    );
  });

  it('a code used up between reading and joining says so', async () => {
    invitationPage({
      routes: {
        'POST /team-invitations/accept': () => knownError('VERIFICATION_CODE_ALREADY_USED', 'used'),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Join' }));
    expect(
      (await screen.findByRole('heading', { name: 'Used Team Invitation Link' })).textContent,
    ).toBeTruthy();
  });

  it('an unexpected failure shows the unknown-error card', async () => {
    invitationPage({
      routes: { 'POST /team-invitations/accept/details': () => new Response('boom', { status: 500 }) },
    });
    expect(
      await screen.findByRole('heading', { name: 'An unknown error occurred' }, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('shows a placeholder while the code is checked', async () => {
    let answer: ((response: Response) => void) | undefined;
    invitationPage({
      routes: {
        'POST /team-invitations/accept/check-code': () =>
          new Promise<Response>((resolve) => (answer = resolve)),
      },
    });
    expect(screen.getByRole('status', { name: 'Checking your invitation' })).toBeTruthy();
    await waitFor(() => expect(answer).toBeDefined());
    answer!(json({}));
    expect(await screen.findByRole('heading', { name: 'You are invited to join Acme' })).toBeTruthy();
  });
});
