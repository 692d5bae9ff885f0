/**
 * The kit's screens in a DOM (happy-dom): forms validate before any request, the code input takes
 * keys, paste and Backspace, slots show by `when` and `order`, a pending second factor replaces the
 * forms with the second-factor slot, and account sections do what they say.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { contactChannels } from '../../plugins/contact-channels/index.js';
import { contactChannelsScreens } from '../../plugins/contact-channels/screens.js';
import { magicLink } from '../../plugins/magic-link/index.js';
import { magicLinkScreens } from '../../plugins/magic-link/screens.js';
import { password } from '../../plugins/password/index.js';
import { passwordScreens } from '../../plugins/password/screens.js';
import { sessions } from '../../plugins/sessions/index.js';
import { sessionsScreens } from '../../plugins/sessions/screens.js';
import {
  AccountSettingsPage,
  AuthPage,
  defineScreens,
  type SecondFactorProps,
  SignetHandler,
} from '../../react/index.js';
import { CodeInput } from '../../react/ui/code-input.js';
import { json, knownError } from '../support/fake-api.js';
import { renderWithApp } from './render-app.js';

afterEach(() => cleanup());

/** A code input holding its own value, which it prints. */
function Harness() {
  const [value, setValue] = useState('');
  return (
    <>
      <CodeInput length={6} value={value} onChange={setValue} label="Sign-in code" />
      <output data-testid="value">{value}</output>
    </>
  );
}

/** A form that says which page it is on. */
const KindForm = ({ kind }: { kind: string }) => <p>form {kind}</p>;

/** A second-factor screen for the test, showing the attempt it got. */
function TestSecondFactor({ attempt }: SecondFactorProps) {
  return (
    <p>
      Second factor for {attempt.method}: {attempt.attemptCode}
    </p>
  );
}

describe('password sign-in form', () => {
  it('shows the exact messages for empty fields and sends nothing', async () => {
    const { requests } = renderWithApp(<AuthPage type="sign-in" />, {
      plugins: [password()],
      screens: [passwordScreens()],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter your email')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(requests.filter((r) => r.url.includes('/auth/'))).toEqual([]);
  });
});

describe('code input', () => {
  const slots = () => within(screen.getByRole('group', { name: 'Sign-in code' })).getAllByRole('textbox');

  it('upper-cases typed letters, moves on, fills every slot on paste and steps back on Backspace', () => {
    renderWithApp(<Harness />, { plugins: [] });
    expect(slots()).toHaveLength(6);
    fireEvent.change(slots()[0]!, { target: { value: 'a' } });
    expect(screen.getByTestId('value').textContent).toBe('A');
    fireEvent.paste(slots()[1]!, { clipboardData: { getData: () => 'b-c d 9z' } });
    expect(screen.getByTestId('value').textContent).toBe('ABCD9Z');
    fireEvent.keyDown(slots()[5]!, { key: 'Backspace' });
    expect(screen.getByTestId('value').textContent).toBe('ABCD9');
  });
});

describe('slots', () => {
  const tabs = (when?: (c: { project: { config: { magicLinkEnabled: boolean } } }) => boolean) => [
    defineScreens({ id: 'b', authForm: { tabId: 'b', label: 'Second', order: 20, SignIn: KindForm } }),
    defineScreens({ id: 'a', authForm: { tabId: 'a', label: 'First', order: 10, when, SignIn: KindForm } }),
  ];

  it('orders entries by order and hides those whose when says no', async () => {
    renderWithApp(<AuthPage type="sign-in" />, { plugins: [], screens: tabs() });
    const shown = await screen.findAllByRole('tab');
    expect(shown.map((t) => t.textContent)).toEqual(['First', 'Second']);
    cleanup();
    renderWithApp(<AuthPage type="sign-in" />, {
      plugins: [],
      screens: tabs(({ project }) => !project.config.magicLinkEnabled),
    });
    await screen.findByText('form sign-in');
    expect(screen.queryAllByRole('tab')).toEqual([]);
  });
});

describe('second-factor slot', () => {
  it('replaces the forms with the slot’s screen when the server asks for a second factor', async () => {
    renderWithApp(<AuthPage type="sign-in" />, {
      plugins: [password()],
      screens: [
        passwordScreens(),
        defineScreens({ id: 'test-2fa', secondFactor: { Component: TestSecondFactor } }),
      ],
      routes: {
        'POST /auth/password/sign-in': () =>
          knownError('MULTI_FACTOR_AUTHENTICATION_REQUIRED', 'MFA required', { attempt_code: 'attempt-xyz' }),
      },
    });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), {
      target: { value: 'ada@example.com' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Second factor for password: attempt-xyz')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
  });
});

describe('a page an emailed link opens', () => {
  const page = 'http://app.test/handler/magic-link-callback?code=abc123';

  it('runs the plugin’s callback route, and shows the second-factor slot when one is asked for', async () => {
    const { requests } = renderWithApp(
      <SignetHandler path="/handler/magic-link-callback" search="?code=abc123" />,
      {
        plugins: [magicLink()],
        screens: [magicLinkScreens()],
        pageUrl: page,
        routes: {
          'POST /auth/otp/sign-in': () =>
            knownError('MULTI_FACTOR_AUTHENTICATION_REQUIRED', 'MFA required', { attempt_code: 'attempt-1' }),
        },
      },
    );
    expect(await screen.findByText('A second factor is required')).toBeTruthy();
    const signIn = requests.filter((r) => r.url.endsWith('/auth/otp/sign-in'));
    expect(signIn).toHaveLength(1);
    expect(await signIn[0]!.json()).toEqual({ code: 'abc123' });
  });

  it('says in words why a used link failed', async () => {
    renderWithApp(<SignetHandler path="/handler/magic-link-callback" search="?code=abc123" />, {
      plugins: [magicLink()],
      screens: [magicLinkScreens()],
      pageUrl: page,
      routes: {
        'POST /auth/otp/sign-in': () =>
          knownError(
            'VERIFICATION_CODE_ALREADY_USED',
            'The verification code has already been used.',
            undefined,
            409,
          ),
      },
    });
    expect(await screen.findByText('Could not sign you in')).toBeTruthy();
  });
});

describe('account sections', () => {
  const routes = {
    'GET /contact-channels': () =>
      json({
        items: [
          {
            id: 'c1',
            user_id: 'u1',
            type: 'email',
            value: 'u1@example.com',
            is_primary: true,
            is_verified: true,
            used_for_auth: true,
          },
          {
            id: 'c2',
            user_id: 'u1',
            type: 'email',
            value: 'old@example.com',
            is_primary: false,
            is_verified: false,
            used_for_auth: false,
          },
        ],
      }),
    'GET /auth/sessions': () =>
      json({
        items: [
          { id: 's1', user_id: 'u1', created_at: 1, is_impersonation: false, is_current_session: true },
          { id: 's2', user_id: 'u1', created_at: 2, is_impersonation: false, is_current_session: false },
        ],
        is_paginated: false,
      }),
    'DELETE /auth/sessions/s2': () => json({ success: true }),
    'DELETE /users/me': () => json({ success: true }),
    'DELETE /auth/sessions/current': () => json({ success: true }),
  };
  const settings = (config = {}) =>
    renderWithApp(<AccountSettingsPage />, {
      plugins: [password(), contactChannels(), sessions()],
      screens: [passwordScreens(), contactChannelsScreens(), sessionsScreens()],
      routes,
      userId: 'u1',
      config,
    });

  it('shows each plugin’s section in order, and the emails and sessions they load', async () => {
    settings();
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual(['Profile', 'Emails', 'Password', 'Active sessions']);
    expect(await screen.findByText('old@example.com')).toBeTruthy();
    expect(screen.getByText('Unverified')).toBeTruthy();
    expect(await screen.findByText('This browser')).toBeTruthy();
  });

  it('revokes another session only after the confirmation', async () => {
    const { requests } = settings();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, revoke' }));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'DELETE' && r.url.includes('/auth/sessions/s2'))).toBe(true),
    );
  });

  it('offers deleting the account only where the project allows it, and asks first', async () => {
    settings();
    await screen.findByText('This browser');
    expect(screen.queryByRole('heading', { name: 'Delete account' })).toBeNull();
    cleanup();
    const { requests, app } = settings({ client_user_deletion_enabled: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    expect(requests.some((r) => r.method === 'DELETE' && r.url.endsWith('/users/me'))).toBe(false);
    // Escape steps back without deleting.
    fireEvent.keyDown(screen.getByRole('button', { name: 'Yes, delete my account' }), { key: 'Escape' });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    });
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'DELETE' && r.url.endsWith('/users/me'))).toBe(true),
    );
    await waitFor(() => expect(app.status.value).toBe('signed-out'));
  });
});
