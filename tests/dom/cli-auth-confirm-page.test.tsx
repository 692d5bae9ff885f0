/**
 * The CLI login page in a DOM against a fake API, in every state: no code, signed out (sign-in and
 * sign-up coming back to the link), the warning with Confirm and Cancel (nothing is sent by
 * opening the page or by Cancel), confirmed with this session's refresh token, an invalid or
 * expired code in words, a network failure that can be retried, and a session ended meanwhile.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cliAuth } from '../../plugins/cli-auth/index.js';
import { CLI_AUTH_DONE, CLI_AUTH_WARNING, CliAuthConfirmPage } from '../../plugins/cli-auth/screens.js';
import { json, knownError, type Route } from '../support/fake-api.js';
import { renderWithApp } from './render-app.js';

afterEach(() => cleanup());

const CODE = 'l'.repeat(45);

function confirmPage(options: { query?: string; signedIn?: boolean; complete?: Route } = {}) {
  const query = options.query ?? `login_code=${CODE}`;
  return renderWithApp(<CliAuthConfirmPage rest={[]} searchParams={new URLSearchParams(query)} />, {
    plugins: [cliAuth()],
    userId: options.signedIn === false ? undefined : 'u1',
    pageUrl: `http://app.test/handler/cli-auth-confirm?${query}`,
    routes: { 'POST /auth/cli/complete': options.complete ?? (() => json({ success: true })) },
  });
}

const completions = (requests: Request[]) => requests.filter((r) => r.url.endsWith('/auth/cli/complete'));
const heading = () => screen.findByRole('heading', { level: 1 });

describe('CLI login page', () => {
  it('without a login code: the invalid-link card, and nothing sent', async () => {
    const { requests } = confirmPage({ query: '' });
    expect((await heading()).textContent).toBe('Invalid or expired login link');
    expect(completions(requests)).toEqual([]);
  });

  it('signed out: sign in or sign up, both coming back to this link', async () => {
    confirmPage({ signedIn: false });
    expect((await heading()).textContent).toBe('Sign in to continue');
    const back = encodeURIComponent(`/handler/cli-auth-confirm?login_code=${CODE}`);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      `/handler/sign-in?after_auth_return_to=${back}`,
    );
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(
      `/handler/sign-up?after_auth_return_to=${back}`,
    );
  });

  it('signed in: the warning; Confirm sends the login code with this session’s refresh token', async () => {
    const { requests } = confirmPage();
    expect((await heading()).textContent).toBe('Confirm command-line login');
    expect(screen.getByText(CLI_AUTH_WARNING)).toBeTruthy();
    expect(completions(requests)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText(CLI_AUTH_DONE);
    const [sent] = completions(requests);
    expect(await sent!.json()).toEqual({ login_code: CODE, refresh_token: 'r' });
    expect(sent!.headers.get('x-stack-refresh-token')).toBe('r');
  });

  it('Cancel sends nothing and says the tool got no access', async () => {
    const { requests } = confirmPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect((await heading()).textContent).toBe('Command-line login cancelled');
    expect(completions(requests)).toEqual([]);
  });

  it('an invalid, expired or used code (the wire’s 400 text) is the invalid-link card', async () => {
    confirmPage({
      complete: () => new Response('Invalid login code or the code has expired', { status: 400 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(async () => expect((await heading()).textContent).toBe('Invalid or expired login link'));
    expect(screen.getByText(/Run the login command in your terminal again/)).toBeTruthy();
  });

  it('a session ended on the server says to sign in again, and Confirm stays to retry', async () => {
    confirmPage({
      complete: () => knownError('REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED', 'gone', undefined, 401),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByText('Your session has ended. Please sign in again.');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeTruthy();
  });

  it('a network failure says the server could not be reached', async () => {
    confirmPage({
      complete: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByText('The server could not be reached. Check your connection and try again.');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeTruthy();
  });

  it('a failure it cannot name is said in words, and Confirm tries again', async () => {
    let calls = 0;
    confirmPage({
      complete: () =>
        ++calls === 1
          ? knownError('SCHEMA_ERROR_NOT_REALLY', 'odd', undefined, 500)
          : json({ success: true }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByText('Something went wrong. Please try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText(CLI_AUTH_DONE);
    expect(calls).toBe(2);
  });
});
