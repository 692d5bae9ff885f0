/**
 * Each section of the account-settings page in a DOM against a fake API: what it shows, which call
 * each control makes (and, for destructive ones, only after confirming), and failures in words.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { contactChannels } from '../../plugins/contact-channels/index.js';
import { contactChannelsScreens } from '../../plugins/contact-channels/screens.js';
import { sessions } from '../../plugins/sessions/index.js';
import { sessionsScreens } from '../../plugins/sessions/screens.js';
import { AccountSettingsPage } from '../../react/index.js';
import type { Route } from '../support/fake-api.js';
import { clientUserJson, json, knownError } from '../support/fake-api.js';
import { renderWithApp } from './render-app.js';

afterEach(() => cleanup());

const region = async (name: string) => screen.findByRole('region', { name });
const calls = (requests: Request[], method: string, path: RegExp) =>
  requests.filter((r) => r.method === method && path.test(new URL(r.url).pathname));
const bodyOf = async (request: Request | undefined) => request!.clone().json();

describe('profile section', () => {
  const profile = (routes: Record<string, Route> = {}, user = clientUserJson('u1')) =>
    renderWithApp(<AccountSettingsPage />, {
      plugins: [],
      userId: 'u1',
      routes: {
        'GET /users/me': () => json(user),
        'PATCH /users/me': async (request) => json({ ...user, ...((await request.json()) as object) }),
        ...routes,
      },
    });

  it('saves the display name from the PATCH answer alone, and clears it to null', async () => {
    const { requests, app } = profile();
    const section = await region('Profile');
    const name = within(section).getByLabelText('Display name');
    fireEvent.change(name, { target: { value: '  Ada Lovelace ' } });
    const gets = calls(requests, 'GET', /\/users\/me$/).length;
    fireEvent.submit(name.closest('form')!);
    expect(await within(section).findByRole('status')).toHaveProperty('textContent', 'Saved');
    expect(await bodyOf(calls(requests, 'PATCH', /\/users\/me$/)[0])).toEqual({
      display_name: 'Ada Lovelace',
    });
    expect(app.user.value?.displayName).toBe('Ada Lovelace');
    // The answer of the update is the new user: no second round trip.
    expect(calls(requests, 'GET', /\/users\/me$/)).toHaveLength(gets);

    fireEvent.change(name, { target: { value: '   ' } });
    expect(within(section).queryByRole('status')).toBeNull();
    fireEvent.submit(name.closest('form')!);
    await waitFor(() => expect(calls(requests, 'PATCH', /\/users\/me$/)).toHaveLength(2));
    expect(await bodyOf(calls(requests, 'PATCH', /\/users\/me$/)[1])).toEqual({ display_name: null });
  });

  it('refuses a name over 256 characters before asking the server, and shows its refusal in words', async () => {
    const { requests } = profile({
      'PATCH /users/me': () =>
        knownError('SCHEMA_ERROR', 'Request validation failed on PATCH /api/v1/users/me'),
    });
    const section = await region('Profile');
    const name = within(section).getByLabelText('Display name');
    fireEvent.change(name, { target: { value: 'a'.repeat(257) } });
    fireEvent.submit(name.closest('form')!);
    expect(await within(section).findByText('At most 256 characters')).toBeTruthy();
    expect(calls(requests, 'PATCH', /\/users\/me$/)).toEqual([]);

    fireEvent.change(name, { target: { value: 'Ada' } });
    expect(within(section).queryByText('At most 256 characters')).toBeNull();
    fireEvent.submit(name.closest('form')!);
    expect(await within(section).findByText(/Request validation failed/)).toBeTruthy();
    expect(within(section).queryByRole('status')).toBeNull();
  });

  it('removes the profile image, and refuses a file that is not an image', async () => {
    const { requests, app } = profile(
      {},
      { ...clientUserJson('u1'), profile_image_url: 'data:image/png;base64,iVBORw0KGgo=' },
    );
    const section = await region('Profile');
    expect(within(section).getByRole('img', { name: 'Profile' })).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Remove image' }));
    await waitFor(() => expect(app.user.value?.profileImageUrl).toBeNull());
    expect(await bodyOf(calls(requests, 'PATCH', /\/users\/me$/)[0])).toEqual({ profile_image_url: null });
    expect(within(section).queryByRole('img', { name: 'Profile' })).toBeNull();
    expect(within(section).getByRole('button', { name: 'Upload image' })).toBeTruthy();

    const file = new File(['not an image'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(within(section).getByLabelText('Profile image file'), { target: { files: [file] } });
    expect(await within(section).findByText('Please choose an image file.')).toBeTruthy();
    expect(calls(requests, 'PATCH', /\/users\/me$/)).toHaveLength(1);
  });
});

describe('emails section', () => {
  const channel = (
    id: string,
    value: string,
    flags: { primary?: boolean; verified?: boolean; auth?: boolean },
  ) => ({
    id,
    user_id: 'u1',
    type: 'email',
    value,
    is_primary: flags.primary ?? false,
    is_verified: flags.verified ?? false,
    used_for_auth: flags.auth ?? false,
  });
  const emails = (routes: Record<string, Route> = {}) =>
    renderWithApp(<AccountSettingsPage />, {
      plugins: [contactChannels()],
      screens: [contactChannelsScreens()],
      userId: 'u1',
      routes: {
        'GET /contact-channels': () =>
          json({
            items: [
              channel('c1', 'u1@example.com', { primary: true, verified: true, auth: true }),
              channel('c2', 'work@example.com', { verified: true }),
              channel('c3', 'old@example.com', {}),
            ],
          }),
        'POST /contact-channels': async (request) => {
          const body = (await request.json()) as { value: string };
          return json(channel('c4', body.value, {}));
        },
        'POST /contact-channels/me/c3/send-verification-code': () => json({ success: true }),
        'POST /contact-channels/me/c4/send-verification-code': () => json({ success: true }),
        'PATCH /contact-channels/me/c2': async (request) =>
          json(channel('c2', 'work@example.com', { verified: true, ...((await request.json()) as object) })),
        'DELETE /contact-channels/me/c3': () => json({ success: true }),
        ...routes,
      },
    });
  const row = (section: HTMLElement, value: string) =>
    section.querySelector<HTMLElement>(`[data-email="${value}"]`)!;

  it('lists the addresses with their state and offers what fits each', async () => {
    emails();
    const section = await region('Emails');
    await within(section).findByText('old@example.com');
    const primary = within(row(section, 'u1@example.com'));
    expect(primary.getByText('Primary')).toBeTruthy();
    expect(primary.getByText('Verified')).toBeTruthy();
    expect(primary.getByText('Used for sign-in')).toBeTruthy();
    // The primary address can be neither removed nor made primary again.
    expect(primary.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(primary.queryByRole('button', { name: 'Make primary' })).toBeNull();
    const unverified = within(row(section, 'old@example.com'));
    expect(unverified.getByText('Unverified')).toBeTruthy();
    expect(unverified.getByRole('button', { name: 'Send verification email' })).toBeTruthy();
    expect(unverified.queryByRole('button', { name: 'Make primary' })).toBeNull();
  });

  it('adds an address and sends it a verification link to the app’s page', async () => {
    const { requests } = emails();
    const section = await region('Emails');
    await within(section).findByText('old@example.com');
    const field = within(section).getByLabelText('Add an email');
    fireEvent.change(field, { target: { value: 'not-an-email' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Add email' }));
    expect(await within(section).findByText('Please enter a valid email')).toBeTruthy();
    expect(calls(requests, 'POST', /\/contact-channels$/)).toEqual([]);

    fireEvent.change(field, { target: { value: ' new@example.com ' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Add email' }));
    expect(
      await within(section).findByText('new@example.com was added. A verification link was sent to it.'),
    );
    expect(await bodyOf(calls(requests, 'POST', /\/contact-channels$/)[0])).toEqual({
      user_id: 'me',
      type: 'email',
      value: 'new@example.com',
      used_for_auth: false,
    });
    const sent = calls(requests, 'POST', /\/contact-channels\/me\/c4\/send-verification-code$/);
    expect(await bodyOf(sent[0])).toEqual({ callback_url: 'http://app.test/handler/email-verification' });
    expect((within(section).getByLabelText('Add an email') as HTMLInputElement).value).toBe('');
  });

  it('sends a verification email, makes an address primary and toggles sign-in with it', async () => {
    const { requests } = emails();
    const section = await region('Emails');
    await within(section).findByText('old@example.com');
    fireEvent.click(
      within(row(section, 'old@example.com')).getByRole('button', { name: 'Send verification email' }),
    );
    expect(await within(section).findByText('A verification link was sent to old@example.com.')).toBeTruthy();

    fireEvent.click(within(row(section, 'work@example.com')).getByRole('button', { name: 'Make primary' }));
    await waitFor(() => expect(calls(requests, 'PATCH', /\/contact-channels\/me\/c2$/)).toHaveLength(1));
    expect(await bodyOf(calls(requests, 'PATCH', /c2$/)[0])).toEqual({ is_primary: true });
    fireEvent.click(
      within(row(section, 'work@example.com')).getByRole('button', { name: 'Use for sign-in' }),
    );
    await waitFor(() => expect(calls(requests, 'PATCH', /c2$/)).toHaveLength(2));
    expect(await bodyOf(calls(requests, 'PATCH', /c2$/)[1])).toEqual({ used_for_auth: true });
  });

  it('says in words why an address cannot be used for sign-in', async () => {
    emails({
      'PATCH /contact-channels/me/c2': () =>
        knownError(
          'CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE',
          'The email (work@example.com) is already used for authentication by another account.',
          { type: 'email', contact_channel_value: 'work@example.com' },
        ),
    });
    const section = await region('Emails');
    await within(section).findByText('old@example.com');
    fireEvent.click(
      within(row(section, 'work@example.com')).getByRole('button', { name: 'Use for sign-in' }),
    );
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'The email (work@example.com) is already used for authentication by another account.',
    );
  });

  it('removes an address only after the confirmation; Escape steps back', async () => {
    const { requests } = emails();
    const section = await region('Emails');
    await within(section).findByText('old@example.com');
    const old = within(row(section, 'old@example.com'));
    fireEvent.click(old.getByRole('button', { name: 'Remove' }));
    expect(old.getByText('Remove old@example.com?')).toBeTruthy();
    fireEvent.keyDown(old.getByRole('button', { name: 'Yes, remove' }), { key: 'Escape' });
    expect(old.queryByRole('button', { name: 'Yes, remove' })).toBeNull();
    expect(document.activeElement).toBe(old.getByRole('button', { name: 'Remove' }));

    fireEvent.click(old.getByRole('button', { name: 'Remove' }));
    expect(calls(requests, 'DELETE', /./)).toEqual([]);
    await act(async () => {
      fireEvent.click(old.getByRole('button', { name: 'Yes, remove' }));
    });
    await waitFor(() => expect(calls(requests, 'DELETE', /\/contact-channels\/me\/c3$/)).toHaveLength(1));
  });
});

describe('active sessions section', () => {
  const session = (id: string, current: boolean, lastUsed?: number) => ({
    id,
    user_id: 'u1',
    created_at: Date.UTC(2026, 0, 2, 10, 0),
    ...(lastUsed ? { last_used_at: lastUsed } : {}),
    is_impersonation: false,
    is_current_session: current,
  });
  const settings = (routes: Record<string, Route> = {}) =>
    renderWithApp(<AccountSettingsPage />, {
      plugins: [sessions()],
      screens: [sessionsScreens()],
      userId: 'u1',
      routes: {
        'GET /auth/sessions': () =>
          json({
            items: [session('s1', true, Date.UTC(2026, 0, 3)), session('s2', false), session('s3', false)],
            is_paginated: false,
          }),
        'DELETE /auth/sessions/s2': () => json({ success: true }),
        // Ended already, elsewhere: that is what was asked for.
        'DELETE /auth/sessions/s3': () => new Response('Session not found.', { status: 404 }),
        ...routes,
      },
    });

  it('lists the sessions for the current user, this one marked, and revokes all others', async () => {
    const { requests } = settings();
    const section = await region('Active sessions');
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('This browser')).toBeTruthy();
    expect(within(items[0]!).getByText('Current')).toBeTruthy();
    expect(within(items[0]!).getByText(/last used/)).toBeTruthy();
    // No last use known: only when it began.
    expect(within(items[1]!).queryByText(/last used/)).toBeNull();
    expect(within(items[0]!).queryByRole('button', { name: 'Revoke' })).toBeNull();
    expect(new URL(calls(requests, 'GET', /\/auth\/sessions$/)[0]!.url).searchParams.get('user_id')).toBe(
      'me',
    );

    fireEvent.click(within(section).getByRole('button', { name: 'Revoke all other sessions' }));
    expect(within(section).getByText('Sign out 2 other sessions?')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(section).getByRole('button', { name: 'Yes, revoke all others' }));
    });
    await waitFor(() => expect(calls(requests, 'DELETE', /\/auth\/sessions\//)).toHaveLength(2));
    expect(
      calls(requests, 'DELETE', /./).map((r) => new URL(r.url).pathname + new URL(r.url).search),
    ).toEqual(['/api/v1/auth/sessions/s2?user_id=me', '/api/v1/auth/sessions/s3?user_id=me']);
    expect(within(section).queryByRole('alert')).toBeNull();
  });

  it('keeps a refusal on screen after the list reloads', async () => {
    settings({
      'DELETE /auth/sessions/s2': () =>
        knownError('CANNOT_DELETE_CURRENT_SESSION', 'Cannot delete the current session.'),
    });
    const section = await region('Active sessions');
    const other = (await within(section).findAllByRole('listitem'))[1]!;
    fireEvent.click(within(other).getByRole('button', { name: 'Revoke' }));
    await act(async () => {
      fireEvent.click(within(other).getByRole('button', { name: 'Yes, revoke' }));
    });
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'Cannot delete the current session.',
    );
    expect(within(section).getAllByRole('listitem')).toHaveLength(3);
  });

  it('says when the list cannot be loaded and tries again on request', async () => {
    let fail = true;
    settings({
      'GET /auth/sessions': () =>
        fail
          ? new Response('Client can only list sessions for their own user.', { status: 403 })
          : json({ items: [session('s1', true)], is_paginated: false }),
    });
    const section = await region('Active sessions');
    expect((await within(section).findByRole('alert')).textContent).toMatch(/could not be loaded/);
    fail = false;
    fireEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByText('This browser')).toBeTruthy();
  });
});

describe('delete account section', () => {
  it('asks first, gives the focus back on Cancel, then deletes and signs out', async () => {
    const { requests, app } = renderWithApp(<AccountSettingsPage />, {
      plugins: [],
      userId: 'u1',
      config: { client_user_deletion_enabled: true },
      routes: { 'DELETE /users/me': () => json({ success: true }) },
    });
    const section = await region('Delete account');
    fireEvent.click(within(section).getByRole('button', { name: 'Delete account' }));
    expect(within(section).getByText('Delete your account? This cannot be undone.')).toBeTruthy();
    // The confirm button has the focus, so Enter confirms; Cancel steps back to the first button.
    expect(document.activeElement).toBe(
      within(section).getByRole('button', { name: 'Yes, delete my account' }),
    );
    fireEvent.click(within(section).getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(within(section).getByRole('button', { name: 'Delete account' }));
    expect(calls(requests, 'DELETE', /./)).toEqual([]);

    fireEvent.click(within(section).getByRole('button', { name: 'Delete account' }));
    await act(async () => {
      fireEvent.click(within(section).getByRole('button', { name: 'Yes, delete my account' }));
    });
    await waitFor(() => expect(app.status.value).toBe('signed-out'));
    expect(calls(requests, 'DELETE', /\/users\/me$/)).toHaveLength(1);
  });

  it('says why the account could not be deleted', async () => {
    renderWithApp(<AccountSettingsPage />, {
      plugins: [],
      userId: 'u1',
      config: { client_user_deletion_enabled: true },
      routes: {
        'DELETE /users/me': () =>
          new Response('Client user deletion is not enabled for this project', { status: 403 }),
      },
    });
    const section = await region('Delete account');
    fireEvent.click(within(section).getByRole('button', { name: 'Delete account' }));
    await act(async () => {
      fireEvent.click(within(section).getByRole('button', { name: 'Yes, delete my account' }));
    });
    expect((await within(section).findByRole('alert')).textContent).toMatch(
      /^The account could not be deleted: .*not enabled/,
    );
  });
});
