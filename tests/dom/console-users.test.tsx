/**
 * The console's Users page in a DOM over a fake admin app: bulk delete deletes nothing before the
 * confirmation nor after Cancel, then deletes each selected user, says how many and lists the
 * failures; the search is sent once typing pauses and kept in ?q=; Next and Previous walk pages
 * by cursor; the filters reach serverUsers.list; a taken email is shown on the create form's field.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ServerUser, UserPage } from 'signet/plugins/server-users';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminApp } from '../../console/src/admin/admin-app.js';
import { type ProjectAdmin, ProjectAdminProvider } from '../../console/src/admin/admin-context.js';
import UsersPage from '../../console/src/pages/users/index.js';
import { ToastProvider } from '../../console/src/shell/toasts.js';
import { SignetError } from '../../core/index.js';

/** A server user with what the table shows. */
function fakeUser(id: string, email: string | null, extra: Partial<ServerUser> = {}): ServerUser {
  return {
    id,
    displayName: null,
    primaryEmail: email,
    primaryEmailVerified: false,
    primaryEmailAuthEnabled: Boolean(email),
    profileImageUrl: null,
    signedUpAt: Date.UTC(2026, 0, 1),
    lastActiveAt: Date.UTC(2026, 0, 2),
    clientMetadata: null,
    clientReadOnlyMetadata: null,
    serverMetadata: null,
    hasPassword: false,
    emailAuthEnabled: Boolean(email),
    otpAuthEnabled: false,
    passkeyAuthEnabled: false,
    isMultiFactorRequired: false,
    oauthProviders: [],
    selectedTeamId: null,
    ...extra,
  };
}

const PROJECT = {
  id: 'p1',
  displayName: 'Demo',
  userCount: 3,
  config: { oauthProviders: [{ id: 'github' }], domains: [], allowLocalhost: true },
} as unknown as ProjectAdmin['project'];

/** Renders the Users page of project p1 over `serverUsers`. */
function renderUsers(serverUsers: Partial<AdminApp['serverUsers']>) {
  const app = { serverUsers } as unknown as AdminApp;
  const admin: ProjectAdmin = {
    projectId: 'p1',
    app,
    project: PROJECT,
    reload: async () => {},
    setProject: () => {},
  };
  return render(
    <ToastProvider>
      <ProjectAdminProvider value={admin}>
        <UsersPage params={{ projectId: 'p1' }} />
      </ProjectAdminProvider>
    </ToastProvider>,
  );
}

const page = (items: ServerUser[], nextCursor: string | null = null): UserPage => ({ items, nextCursor });

/** Puts the browser at `url`, telling the console's router as Back would. */
function goTo(url: string) {
  history.replaceState(null, '', url);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

beforeEach(() => goTo('/console/projects/p1/users'));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('bulk delete', () => {
  const users = [
    fakeUser('u1', 'ann@example.com'),
    fakeUser('u2', 'bob@example.com'),
    fakeUser('u3', 'cy@example.com'),
  ];

  it('deletes nothing before the confirmation, nor after Cancel', async () => {
    const remove = vi.fn(async () => {});
    renderUsers({ list: vi.fn(async () => page(users)), delete: remove });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select ann@example.com' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select cy@example.com' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete 2 users' }));
    expect(screen.getByText(/Delete 2 users with their emails/)).toBeTruthy();
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText(/Delete 2 users with their emails/)).toBeNull();
    await act(async () => {});
    expect(remove).not.toHaveBeenCalled();
    // The selection is still there: the admin can confirm after all.
    expect(screen.getByRole('button', { name: 'Delete 2 users' })).toBeTruthy();
  });

  it('deletes each selected user after the confirmation, says how many and reloads the page', async () => {
    const remove = vi.fn(async (_id: string) => {});
    const list = vi.fn(async () => page(users));
    renderUsers({ list, delete: remove });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all users on this page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete 3 users' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete 3 users' }));
    expect(await screen.findByText('Deleted 3 users')).toBeTruthy();
    expect(remove.mock.calls.map(([id]) => id)).toEqual(['u1', 'u2', 'u3']);
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
  });

  it('lists the users that could not be deleted and counts only the deleted ones', async () => {
    const remove = vi.fn(async (id: string) => {
      if (id === 'u2') throw new Error('The server could not be reached.');
    });
    renderUsers({ list: vi.fn(async () => page(users)), delete: remove });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all users on this page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete 3 users' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete 3 users' }));
    expect(await screen.findByText('Deleted 2 users')).toBeTruthy();
    expect(screen.getByText('1 user could not be deleted')).toBeTruthy();
    const failures = screen
      .getByText('These users could not be deleted:')
      .closest('[role="alert"]') as HTMLElement;
    expect(within(failures).getByText('bob@example.com: The server could not be reached.')).toBeTruthy();
  });
});

describe('search, pages and filters', () => {
  it('sends the search once typing pauses, keeps it in ?q= and starts again at the first page', async () => {
    const list = vi.fn(async (options?: { query?: string; cursor?: string }) =>
      page(
        [
          fakeUser(
            options?.query ? 'found' : options?.cursor ? 'second' : 'first',
            `${options?.query ?? options?.cursor ?? 'first'}@example.com`,
          ),
        ],
        options?.query ? null : 'c2',
      ),
    );
    renderUsers({ list });
    await screen.findByRole('link', { name: 'first@example.com' });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('link', { name: 'c2@example.com' });
    expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ cursor: 'c2', limit: 25, desc: true }));
    expect(screen.getByText('Page 2')).toBeTruthy();

    vi.useFakeTimers();
    const search = screen.getByRole('searchbox', { name: 'Search users' });
    fireEvent.change(search, { target: { value: 'a' } });
    fireEvent.change(search, { target: { value: 'ann' } });
    await act(async () => vi.advanceTimersByTime(100));
    const callsWhileTyping = list.mock.calls.length;
    await act(async () => vi.advanceTimersByTime(300));
    vi.useRealTimers();
    expect(window.location.search).toBe('?q=ann');
    await screen.findByRole('link', { name: 'ann@example.com' });
    // One request for the whole word, none per key, and none with the old page's cursor.
    const searches = list.mock.calls.slice(callsWhileTyping).map(([options]) => options);
    expect(searches).toEqual([{ limit: 25, desc: true, query: 'ann' }]);
  });

  it('goes back to the previous page with the cursor stack', async () => {
    const list = vi.fn(async (options?: { cursor?: string }) =>
      page(
        [fakeUser(options?.cursor ?? 'one', `${options?.cursor ?? 'one'}@example.com`)],
        options?.cursor === 'c3' ? null : options?.cursor ? 'c3' : 'c2',
      ),
    );
    renderUsers({ list });
    await screen.findByRole('link', { name: 'one@example.com' });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('link', { name: 'c2@example.com' });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('link', { name: 'c3@example.com' });
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByRole('link', { name: 'c2@example.com' });
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByRole('link', { name: 'one@example.com' });
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('reads the filters and sort from the URL and sends them to the server', async () => {
    goTo('/console/projects/p1/users?q=ann&sort=oldest&verified=yes&password=no&provider=github');
    const list = vi.fn(async () => page([]));
    renderUsers({ list });
    expect(await screen.findByText('No user matches')).toBeTruthy();
    expect(list).toHaveBeenCalledWith({
      limit: 25,
      desc: false,
      query: 'ann',
      primaryEmailVerified: true,
      hasPassword: false,
      oauthProvider: 'github',
    });
    fireEvent.change(screen.getByLabelText('Primary email'), { target: { value: '' } });
    await waitFor(() =>
      expect(window.location.search).toBe('?q=ann&sort=oldest&password=no&provider=github'),
    );
  });

  it('says so when the list cannot be loaded, and tries again', async () => {
    const list = vi
      .fn()
      .mockRejectedValueOnce(new Error('The server answered 503.'))
      .mockResolvedValue(page([]));
    renderUsers({ list });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The users could not be loaded. The server answered 503.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No users yet')).toBeTruthy();
  });
});

describe('create user', () => {
  it('shows a taken email on the email field and creates nothing else', async () => {
    const create = vi.fn(async () => ({
      status: 'error' as const,
      error: new SignetError('USER_EMAIL_ALREADY_EXISTS', 409, 'User email already exists.'),
    }));
    renderUsers({ list: vi.fn(async () => page([])), create });
    fireEvent.click(await screen.findByRole('button', { name: 'Create user' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), {
      target: { value: 'ann@example.com' },
    });
    fireEvent.click(screen.getByLabelText('The email is verified'));
    fireEvent.click(screen.getAllByRole('button', { name: 'Create user' }).at(-1)!);
    const email = screen.getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Another user already signs in with this email.')).toBeTruthy();
    expect(create).toHaveBeenCalledWith({
      primaryEmail: 'ann@example.com',
      primaryEmailVerified: true,
      primaryEmailAuthEnabled: true,
    });
  });

  it('Cancel closes the form and gives focus back to Create user', async () => {
    const create = vi.fn();
    renderUsers({ list: vi.fn(async () => page([])), create });
    fireEvent.click(await screen.findByRole('button', { name: 'Create user' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), {
      target: { value: 'ann@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Create user'));
    expect(create).not.toHaveBeenCalled();
  });

  it('creates a user with a password and a name, says so and reloads the list', async () => {
    const list = vi.fn(async () => page([]));
    const create = vi.fn(async () => ({ status: 'ok' as const, data: fakeUser('u9', 'new@example.com') }));
    renderUsers({ list, create });
    fireEvent.click(await screen.findByRole('button', { name: 'Create user' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), {
      target: { value: ' new@example.com ' },
    });
    fireEvent.change(screen.getByLabelText('Password (optional)'), { target: { value: 'long password 1' } });
    fireEvent.change(screen.getByLabelText('Display name (optional)'), { target: { value: 'New' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Create user' }).at(-1)!);
    expect(await screen.findByText('Created new@example.com')).toBeTruthy();
    expect(create).toHaveBeenCalledWith({
      primaryEmail: 'new@example.com',
      primaryEmailVerified: false,
      primaryEmailAuthEnabled: true,
      password: 'long password 1',
      displayName: 'New',
    });
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
  });
});
