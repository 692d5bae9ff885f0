/**
 * The password plugin's forms in a DOM: the exact messages of product-spec §5 before any request,
 * what a valid submit sends, the server's words under the field they concern, and the account
 * section's two forms (change with the current password, or set one).
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { password } from '../../plugins/password/index.js';
import { passwordScreens } from '../../plugins/password/screens.js';
import { AccountSettingsPage, AuthPage } from '../../react/index.js';
import { clientUserJson, json, knownError, signInAnswer } from '../support/fake-api.js';
import { renderWithApp } from './render-app.js';

afterEach(() => cleanup());

const authRequests = (requests: Request[]) => requests.filter((r) => r.url.includes('/auth/'));
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('password sign-in form', () => {
  it('says the email is not valid and sends nothing', async () => {
    const { requests } = renderWithApp(<AuthPage type="sign-in" firstTab="password" />, {
      plugins: [password()],
      screens: [passwordScreens()],
    });
    await screen.findByRole('button', { name: 'Sign In' });
    type('Email', 'ada@example');
    type('Password', 'correct horse 1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter a valid email')).toBeTruthy();
    expect(screen.queryByText('Please enter your password')).toBeNull();
    // The invalid field has the focus, so the user can fix it at once.
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(authRequests(requests)).toEqual([]);
  });

  it('sends the trimmed email and the password, and signs in', async () => {
    const { requests, app } = renderWithApp(<AuthPage type="sign-in" />, {
      plugins: [password()],
      screens: [passwordScreens()],
      routes: {
        'POST /auth/password/sign-in': () => signInAnswer('u1'),
        'GET /users/me': (request) =>
          request.headers.get('x-stack-access-token') ? json(clientUserJson('u1')) : json({}),
      },
    });
    await screen.findByRole('button', { name: 'Sign In' });
    type('Email', '  ada@example.com ');
    type('Password', 'correct horse 1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(app.user.value?.id).toBe('u1'));
    const [sent] = authRequests(requests);
    expect(sent?.method).toBe('POST');
    expect(await sent!.json()).toEqual({ email: 'ada@example.com', password: 'correct horse 1' });
  });

  it('shows the server’s words under the email field', async () => {
    renderWithApp(<AuthPage type="sign-in" />, {
      plugins: [password()],
      screens: [passwordScreens()],
      routes: {
        'POST /auth/password/sign-in': () =>
          knownError('EMAIL_PASSWORD_MISMATCH', 'Wrong e-mail or password.'),
      },
    });
    await screen.findByRole('button', { name: 'Sign In' });
    type('Email', 'ada@example.com');
    type('Password', 'not my password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const message = await screen.findByText('Wrong e-mail or password.');
    expect(screen.getByLabelText('Email').getAttribute('aria-describedby')).toBe(message.id);
  });
});

describe('password sign-up form', () => {
  const signUp = () =>
    renderWithApp(<AuthPage type="sign-up" />, {
      plugins: [password()],
      screens: [passwordScreens()],
    });

  it('asks for the repeat, then says the two differ; editing either clears both messages', async () => {
    const { requests } = signUp();
    await screen.findByRole('button', { name: 'Sign Up' });
    type('Email', 'ada@example.com');
    type('Password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Password too short. Minimum length is 8.')).toBeTruthy();
    expect(screen.getByText('Please repeat your password')).toBeTruthy();

    type('Password', 'correct horse 1');
    expect(screen.queryByText('Please repeat your password')).toBeNull();
    type('Repeat password', 'correct horse 2');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    type('Password', 'correct horse 2');
    expect(screen.queryByText('Passwords do not match')).toBeNull();
    expect(authRequests(requests)).toEqual([]);
  });
});

describe('password section of account settings', () => {
  const settings = (hasPassword: boolean, routes = {}) =>
    renderWithApp(<AccountSettingsPage />, {
      plugins: [password()],
      screens: [passwordScreens()],
      userId: 'u1',
      routes: {
        'GET /users/me': () => json({ ...clientUserJson('u1'), has_password: hasPassword }),
        ...routes,
      },
    });

  it('changes the password with the current one, then empties the form', async () => {
    const { requests } = settings(true, {
      'POST /auth/password/update': () => json({ success: true }),
    });
    await screen.findByRole('button', { name: 'Change password' });
    type('New password', 'battery staple 2');
    type('Repeat new password', 'battery staple 2');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    // The current password is asked for first.
    expect(await screen.findByText('Please enter your password')).toBeTruthy();
    expect(authRequests(requests)).toEqual([]);

    type('Current password', 'correct horse 1');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
    const [sent] = authRequests(requests);
    expect(sent?.url).toMatch(/\/auth\/password\/update$/);
    expect(await sent!.json()).toEqual({ old_password: 'correct horse 1', new_password: 'battery staple 2' });
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('');
  });

  it('says plainly when the current password is wrong', async () => {
    settings(true, {
      'POST /auth/password/update': () =>
        knownError('PASSWORD_CONFIRMATION_MISMATCH', 'Passwords do not match.'),
    });
    await screen.findByRole('button', { name: 'Change password' });
    type('Current password', 'not my password');
    type('New password', 'battery staple 2');
    type('Repeat new password', 'battery staple 2');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const message = await screen.findByText('This is not your current password.');
    expect(screen.getByLabelText('Current password').getAttribute('aria-describedby')).toBe(message.id);
    expect(document.activeElement).toBe(screen.getByLabelText('Current password'));
    expect(screen.queryByText('Your password has been changed.')).toBeNull();
  });

  it('sets a password for a user who has none, without asking for a current one', async () => {
    const { requests } = settings(false, {
      'POST /auth/password/set': () => json({ success: true }),
    });
    await screen.findByRole('button', { name: 'Set password' });
    expect(screen.queryByLabelText('Current password')).toBeNull();
    type('New password', 'battery staple 2');
    type('Repeat new password', 'battery staple 3');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    type('Repeat new password', 'battery staple 2');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Your password has been set.')).toBeTruthy();
    const sent = authRequests(requests);
    expect(sent.map((r) => new URL(r.url).pathname)).toEqual(['/api/v1/auth/password/set']);
    expect(await sent[0]!.json()).toEqual({ password: 'battery staple 2' });
  });
});
