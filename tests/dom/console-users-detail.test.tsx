/**
 * The console's User page in a DOM over a fake admin app: sessions are listed with the
 * impersonation flag, a revoke asks first, revokes that session only, says so and reloads the
 * list; an invalid metadata edit is never sent; Impersonate opens the app's impersonate page in a
 * new tab with the token in the fragment and remembers the app's address; Delete needs the email.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { UserSession } from 'signet/plugins/server-sessions';
import type { ServerUser } from 'signet/plugins/server-users';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminApp } from '../../console/src/admin/admin-app.js';
import { type ProjectAdmin, ProjectAdminProvider } from '../../console/src/admin/admin-context.js';
import UserDetailPage from '../../console/src/pages/user-detail/index.js';
import { ToastProvider } from '../../console/src/shell/toasts.js';

const USER: ServerUser = {
  id: 'u1',
  displayName: 'Ann',
  primaryEmail: 'ann@example.com',
  primaryEmailVerified: true,
  primaryEmailAuthEnabled: true,
  profileImageUrl: null,
  signedUpAt: Date.UTC(2026, 0, 1),
  lastActiveAt: Date.UTC(2026, 0, 2),
  clientMetadata: { theme: 'dark' },
  clientReadOnlyMetadata: null,
  serverMetadata: null,
  hasPassword: true,
  emailAuthEnabled: true,
  otpAuthEnabled: false,
  passkeyAuthEnabled: false,
  isMultiFactorRequired: false,
  oauthProviders: [],
  selectedTeamId: null,
};

const session = (id: string, isImpersonation = false): UserSession => ({
  id,
  userId: 'u1',
  createdAt: Date.UTC(2026, 0, 3),
  lastUsedAt: null,
  isImpersonation,
});

type Fakes = {
  [K in 'serverUsers' | 'serverSessions' | 'serverContactChannels' | 'serverTeams']?: Partial<AdminApp[K]>;
};

function renderUser(fakes: Fakes, domains: Array<{ domain: string; handlerPath: string }> = []) {
  const app = {
    serverUsers: { get: vi.fn(async () => USER), update: vi.fn(), ...fakes.serverUsers },
    serverSessions: { list: vi.fn(async () => []), ...fakes.serverSessions },
    serverContactChannels: { list: vi.fn(async () => []), ...fakes.serverContactChannels },
    serverTeams: { list: vi.fn(async () => ({ status: 'ok', data: [] })), ...fakes.serverTeams },
  } as unknown as AdminApp;
  const admin: ProjectAdmin = {
    projectId: 'p1',
    app,
    project: {
      id: 'p1',
      displayName: 'Demo',
      userCount: 1,
      config: { oauthProviders: [], domains, allowLocalhost: true },
    } as unknown as ProjectAdmin['project'],
    reload: async () => {},
    setProject: () => {},
  };
  render(
    <ToastProvider>
      <ProjectAdminProvider value={admin}>
        <UserDetailPage params={{ projectId: 'p1', userId: 'u1' }} />
      </ProjectAdminProvider>
    </ToastProvider>,
  );
  return app;
}

beforeEach(() => {
  history.replaceState(null, '', '/console/projects/p1/users/u1');
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('sessions', () => {
  it('asks before revoking, revokes that session only, says so and reloads the list', async () => {
    const list = vi
      .fn<(userId: string) => Promise<UserSession[]>>()
      .mockResolvedValueOnce([session('s1'), session('s2', true)])
      .mockResolvedValue([session('s2', true)]);
    const revoke = vi.fn(async () => {});
    renderUser({ serverSessions: { list, revoke } });
    const sessions = await screen.findByRole('region', { name: 'Sessions' });
    const table = await within(sessions).findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('Impersonation')).toBeTruthy();

    fireEvent.click(within(table).getAllByRole('button', { name: 'Revoke' })[0]!);
    expect(revoke).not.toHaveBeenCalled();
    fireEvent.click(within(table).getByRole('button', { name: 'Cancel' }));
    expect(revoke).not.toHaveBeenCalled();

    fireEvent.click(within(table).getAllByRole('button', { name: 'Revoke' })[0]!);
    fireEvent.click(within(table).getByRole('button', { name: 'Yes, revoke' }));
    expect(await screen.findByText('Session revoked')).toBeTruthy();
    expect(revoke).toHaveBeenCalledWith({ userId: 'u1', sessionId: 's1' });
    expect(revoke).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(within(sessions).getAllByRole('row')).toHaveLength(2));
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('shows a failed revoke as an error toast and still reloads the list', async () => {
    const list = vi.fn(async () => [session('s1')]);
    const revoke = vi.fn(async () => {
      throw new Error('The session could not be revoked.');
    });
    renderUser({ serverSessions: { list, revoke } });
    const sessions = await screen.findByRole('region', { name: 'Sessions' });
    fireEvent.click(await within(sessions).findByRole('button', { name: 'Revoke' }));
    fireEvent.click(within(sessions).getByRole('button', { name: 'Yes, revoke' }));
    expect(await screen.findByText('The session could not be revoked.')).toBeTruthy();
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
  });
});

describe('metadata', () => {
  it('sends nothing for invalid JSON and the parsed value for valid JSON', async () => {
    const update = vi.fn(async () => ({
      status: 'ok' as const,
      data: { ...USER, serverMetadata: { plan: 'pro' } },
    }));
    renderUser({ serverUsers: { update } });
    const field = (await screen.findByLabelText('Server metadata')) as HTMLTextAreaElement;
    const save = screen.getByRole('button', { name: 'Save server metadata' }) as HTMLButtonElement;
    fireEvent.change(field, { target: { value: '{"plan": pro}' } });
    expect(screen.getByText(/Invalid JSON at line 1, column 10/)).toBeTruthy();
    expect(save.disabled).toBe(true);
    fireEvent.change(field, { target: { value: '{"plan": "pro"}' } });
    fireEvent.click(save);
    expect(await screen.findByText('Server metadata saved')).toBeTruthy();
    expect(update).toHaveBeenCalledTimes(1);
    expect(update).toHaveBeenCalledWith('u1', { serverMetadata: { plan: 'pro' } });
  });
});

describe('impersonate', () => {
  it("opens the app's impersonate page in a new tab with the token in the fragment", async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const impersonate = vi.fn(async () => ({
      status: 'ok' as const,
      data: { refreshToken: 'rt_impersonation', accessToken: 'at' },
    }));
    renderUser({ serverSessions: { impersonate } }, [
      { domain: 'https://app.example.com', handlerPath: '/auth' },
    ]);
    const field = (await screen.findByLabelText('App address')) as HTMLInputElement;
    expect(field.value).toBe('https://app.example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Impersonate this user' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(impersonate).toHaveBeenCalledWith('u1');
    expect(open).toHaveBeenCalledWith(
      'https://app.example.com/auth/impersonate#refresh_token=rt_impersonation',
      '_blank',
      'noopener',
    );
    expect(localStorage.getItem('signet-console:impersonation-app-url:p1')).toBe('https://app.example.com');
  });

  it('refuses an address that is not http(s) before making a session', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const impersonate = vi.fn();
    renderUser({ serverSessions: { impersonate } });
    const field = (await screen.findByLabelText('App address')) as HTMLInputElement;
    expect(field.value).toBe('http://localhost:5173');
    fireEvent.change(field, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Impersonate this user' }));
    expect(await screen.findByText(/Enter the app’s address/)).toBeTruthy();
    expect(impersonate).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
  });
});

describe('contact channels', () => {
  const channel = {
    id: 'c1',
    type: 'email' as const,
    value: 'work@example.com',
    usedForAuth: false,
    isVerified: false,
    isPrimary: false,
  };

  it("sends the verification email to the first trusted domain's verification page", async () => {
    const sendVerification = vi.fn(async () => ({ status: 'ok' as const, data: undefined }));
    renderUser({ serverContactChannels: { list: vi.fn(async () => [channel]), sendVerification } }, [
      { domain: 'https://app.example.com/', handlerPath: '/auth/' },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Send verification email' }));
    expect(await screen.findByText('Verification email sent to work@example.com')).toBeTruthy();
    expect(sendVerification).toHaveBeenCalledWith(
      'u1',
      'c1',
      'https://app.example.com/auth/email-verification',
    );
  });

  it('says why no verification email can be sent without a trusted domain', async () => {
    renderUser({ serverContactChannels: { list: vi.fn(async () => [channel]) } });
    expect(
      await screen.findByText(/Add a trusted domain \(Domains page\) to send verification emails/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send verification email' })).toBeNull();
  });

  it('removes an address only after the confirmation', async () => {
    const remove = vi.fn(async () => {});
    const list = vi.fn().mockResolvedValueOnce([channel]).mockResolvedValue([]);
    renderUser({ serverContactChannels: { list, remove } });
    const section = await screen.findByRole('region', { name: 'Contact channels' });
    fireEvent.click(await within(section).findByRole('button', { name: 'Remove' }));
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(within(section).getByRole('button', { name: 'Yes, remove' }));
    expect(await screen.findByText('work@example.com removed')).toBeTruthy();
    expect(remove).toHaveBeenCalledWith('u1', 'c1');
    expect(await within(section).findByText('No email addresses')).toBeTruthy();
  });
});

describe('delete', () => {
  it('deletes only after the email is typed exactly, then goes back to the list', async () => {
    const remove = vi.fn(async () => {});
    renderUser({ serverUsers: { delete: remove } });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete user' }));
    const confirm = screen.getByLabelText(/Type the user’s email/);
    fireEvent.change(confirm, { target: { value: 'ann@example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete this user' }));
    expect(await screen.findByText(/exactly to confirm/)).toBeTruthy();
    expect(remove).not.toHaveBeenCalled();
    fireEvent.change(confirm, { target: { value: 'ann@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete this user' }));
    await waitFor(() => expect(window.location.pathname).toBe('/console/projects/p1/users'));
    expect(remove).toHaveBeenCalledWith('u1');
  });
});
