/**
 * The console's API keys page in happy-dom, over a fake admin app: a new key set's full keys are
 * shown once, with the note that they will not be shown again, until the admin dismisses them (and
 * never come back); the list shows keys by their last four characters, expiry and state; revoking
 * asks first; the empty state and the form's checks.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminApp } from '../../console/src/admin/admin-app.js';
import { ProjectAdminProvider } from '../../console/src/admin/admin-context.js';
import { NEVER_MILLIS } from '../../console/src/pages/api-keys/expiry.js';
import ApiKeysPage from '../../console/src/pages/api-keys/index.js';
import { ToastProvider } from '../../console/src/shell/toasts.js';
import type { ApiKey, CreatedApiKey } from '../../plugins/admin-api-keys/index.js';
import type { AdminProject } from '../../plugins/admin-project/index.js';

afterEach(() => cleanup());

const DAY = 86_400_000;
const SECRET = 'ssk_full_secret_value_1234';
const CLIENT = 'pck_full_client_value_abcd';

function renderPage(initial: ApiKey[] = []) {
  let keys = [...initial];
  const apiKeys = {
    list: vi.fn(async () => keys),
    create: vi.fn(async (input: { description: string; expiresAt: number }): Promise<CreatedApiKey> => {
      const created = {
        id: `k${keys.length + 1}`,
        description: input.description,
        createdAtMillis: Date.now(),
        expiresAtMillis: input.expiresAt,
        publishableClientKey: CLIENT,
        secretServerKey: SECRET,
      };
      keys = [
        {
          ...created,
          publishableClientKey: { lastFour: CLIENT.slice(-4) },
          secretServerKey: { lastFour: SECRET.slice(-4) },
        },
        ...keys,
      ];
      return created;
    }),
    revoke: vi.fn(async (id: string) => {
      keys = keys.map((k) => (k.id === id ? { ...k, manuallyRevokedAtMillis: Date.now() } : k));
      return keys.find((k) => k.id === id)!;
    }),
  };
  const app = { apiKeys } as unknown as AdminApp;
  render(
    <ToastProvider>
      <ProjectAdminProvider
        value={{
          projectId: 'proj-1',
          app,
          project: {} as AdminProject,
          reload: async () => {},
          setProject: () => {},
        }}
      >
        <ApiKeysPage params={{ projectId: 'proj-1' }} />
      </ProjectAdminProvider>
    </ToastProvider>,
  );
  return apiKeys;
}

const keySet = (over: Partial<ApiKey> = {}): ApiKey => ({
  id: 'k0',
  description: 'Backend',
  createdAtMillis: Date.now() - DAY,
  expiresAtMillis: Date.now() + 30 * DAY,
  secretServerKey: { lastFour: 'wxyz' },
  ...over,
});

describe('console API keys page', () => {
  it('says there are no keys yet', async () => {
    renderPage();
    await screen.findByText('No API keys yet');
  });

  it('shows the full keys once after creation, and never again after they are dismissed', async () => {
    const apiKeys = renderPage();
    await screen.findByText('No API keys yet');
    fireEvent.click(screen.getByRole('button', { name: 'Create API keys' }));
    const form = within(screen.getByRole('region', { name: 'New API keys' }));
    fireEvent.change(form.getByLabelText('Expires'), { target: { value: '7d' } });
    fireEvent.click(form.getByRole('button', { name: 'Create keys' }));
    await form.findByText(/Say what the keys are for/);
    expect(apiKeys.create).not.toHaveBeenCalled();

    fireEvent.change(form.getByLabelText('Description'), { target: { value: 'Production backend' } });
    const before = Date.now();
    fireEvent.click(form.getByRole('button', { name: 'Create keys' }));
    await waitFor(() => expect(apiKeys.create).toHaveBeenCalledTimes(1));
    const input = apiKeys.create.mock.calls[0]![0] as Record<string, unknown>;
    expect(input).toMatchObject({
      description: 'Production backend',
      hasPublishableClientKey: true,
      hasSecretServerKey: true,
      hasSuperSecretAdminKey: false,
    });
    expect(input.expiresAt).toBeGreaterThanOrEqual(before + 7 * DAY);
    expect(input.expiresAt).toBeLessThan(before + 7 * DAY + 60_000);

    const shown = within(await screen.findByRole('region', { name: /Keys for “Production backend”/ }));
    shown.getByText(/they will not be shown again/);
    shown.getByText(SECRET);
    shown.getByText(CLIENT);
    shown.getByRole('button', { name: 'Copy Secret server key' });
    // The list has the new set by its last four characters only.
    const table = within(await screen.findByRole('table', { name: 'API keys' }));
    await table.findByText('Production backend');
    expect(table.queryByText(SECRET)).toBeNull();
    table.getByText(SECRET.slice(-4));

    fireEvent.click(shown.getByRole('button', { name: 'I have copied the keys' }));
    expect(screen.queryByText(SECRET)).toBeNull();
    expect(screen.queryByText(CLIENT)).toBeNull();
    expect(screen.queryByRole('region', { name: /Keys for/ })).toBeNull();
  });

  it('takes "never" and a date, and refuses a past date in words', async () => {
    const apiKeys = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Create API keys' }));
    const form = within(screen.getByRole('region', { name: 'New API keys' }));
    fireEvent.change(form.getByLabelText('Description'), { target: { value: 'CI' } });
    fireEvent.change(form.getByLabelText('Expires'), { target: { value: 'date' } });
    fireEvent.change(form.getByLabelText('Expiry date'), { target: { value: '2001-01-01' } });
    fireEvent.click(form.getByRole('button', { name: 'Create keys' }));
    await form.findByText('Choose a date in the future.');
    for (const name of ['Publishable client key', 'Secret server key'])
      fireEvent.click(form.getByRole('checkbox', { name: new RegExp(name) }));
    fireEvent.change(form.getByLabelText('Expires'), { target: { value: 'never' } });
    fireEvent.click(form.getByRole('button', { name: 'Create keys' }));
    await form.findByText('Choose at least one key.');
    expect(apiKeys.create).not.toHaveBeenCalled();
    fireEvent.click(form.getByRole('checkbox', { name: /Super secret admin key/ }));
    fireEvent.click(form.getByRole('button', { name: 'Create keys' }));
    await waitFor(() => expect(apiKeys.create).toHaveBeenCalledTimes(1));
    expect(apiKeys.create.mock.calls[0]![0]).toMatchObject({
      expiresAt: NEVER_MILLIS,
      hasSuperSecretAdminKey: true,
    });
  });

  it('lists key sets by last four, expiry and state, and revokes only after a confirmation', async () => {
    const apiKeys = renderPage([
      keySet(),
      keySet({ id: 'k1', description: 'Old', expiresAtMillis: Date.now() - DAY }),
      keySet({ id: 'k2', description: 'Forever', expiresAtMillis: NEVER_MILLIS }),
    ]);
    const table = within(await screen.findByRole('table', { name: 'API keys' }));
    const row = (name: string) => within(table.getByText(name).closest('tr')!);
    row('Backend').getByText('wxyz');
    row('Backend').getByText('Active');
    row('Old').getByText('Expired');
    row('Forever').getByText('Never');

    fireEvent.click(row('Backend').getByRole('button', { name: 'Revoke' }));
    expect(apiKeys.revoke).not.toHaveBeenCalled();
    row('Backend').getByText(/Every request with these keys fails from now on/);
    fireEvent.click(row('Backend').getByRole('button', { name: 'Cancel' }));
    expect(apiKeys.revoke).not.toHaveBeenCalled();
    fireEvent.click(row('Backend').getByRole('button', { name: 'Revoke' }));
    fireEvent.click(row('Backend').getByRole('button', { name: 'Yes, revoke' }));
    await waitFor(() => expect(apiKeys.revoke).toHaveBeenCalledWith('k0'));
    await screen.findByText('Keys “Backend” revoked');
    await waitFor(() => expect(row('Backend').getByText(/Revoked/)).toBeTruthy());
    expect(row('Backend').queryByRole('button', { name: 'Revoke' })).toBeNull();
  });
});
