/**
 * The console's sign-in methods page against a fake API: switches saved at once, adding a provider
 * with own keys shows this server's callback URL to paste at the provider and sends the keys,
 * shared keys only where offered, every configured provider sent with each change, removal behind
 * a question, the merge strategy, and the server's refusals in words.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import SignInMethodsPage from '../../console/src/pages/sign-in-methods/index.js';
import { json } from '../support/fake-api.js';
import { adminProjectJson } from './console-admin-project.js';
import { renderSettingsPage } from './console-settings.harness.js';

afterEach(() => cleanup());

const providersSection = () => screen.getByRole('region', { name: 'OAuth providers' });
const callbackOf = (id: string) => `${window.location.origin}/api/v1/auth/oauth/callback/${id}`;

describe('sign-in method switches', () => {
  it('each switch saves its config field at once, with a toast, keeping the description', async () => {
    const { patches } = renderSettingsPage(SignInMethodsPage);
    const passkeys = screen.getByRole('switch', { name: 'Passkeys' });
    expect(passkeys).toHaveProperty('checked', false);
    fireEvent.click(passkeys);
    await screen.findByText('Passkeys turned on');
    expect(screen.getByRole('switch', { name: 'Passkeys' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('switch', { name: 'Allow sign-up' }));
    await screen.findByText('Sign-up turned off');
    fireEvent.click(screen.getByRole('switch', { name: 'Users can delete their account' }));
    await screen.findByText('Account deletion by users turned on');
    expect(patches).toEqual([
      { config: { passkey_enabled: true }, description: 'The shop' },
      { config: { sign_up_enabled: false }, description: 'The shop' },
      { config: { client_user_deletion_enabled: true }, description: 'The shop' },
    ]);
  });

  it('the merge strategy is saved when chosen', async () => {
    const { patches } = renderSettingsPage(SignInMethodsPage);
    expect(screen.getByRole('radio', { name: /Link to the existing account/ })).toHaveProperty(
      'checked',
      true,
    );
    fireEvent.click(screen.getByRole('radio', { name: /Refuse the sign-in/ }));
    await waitFor(() =>
      expect(patches).toEqual([
        { config: { oauth_account_merge_strategy: 'raise_error' }, description: 'The shop' },
      ]),
    );
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /Refuse the sign-in/ })).toHaveProperty('checked', true),
    );
  });
});

it('warns when no way to sign in is left on', async () => {
  renderSettingsPage(SignInMethodsPage, {
    project: adminProjectJson({ magic_link_enabled: false, passkey_enabled: false }),
  });
  expect(screen.queryByText(/No way to sign in is on/)).toBeNull();
  fireEvent.click(screen.getByRole('switch', { name: 'Email and password' }));
  await screen.findByText(
    'No way to sign in is on: nobody can sign in or sign up. Turn on email and password, email codes or an OAuth provider.',
  );
  fireEvent.click(screen.getByRole('switch', { name: 'Passkeys' }));
  await screen.findByText(/^Only people who already added a passkey can sign in/);
});

describe('OAuth providers', () => {
  it('says so when there is none', () => {
    renderSettingsPage(SignInMethodsPage);
    within(providersSection()).getByText('No OAuth providers yet');
  });

  it('own keys show the callback URL to paste at the provider, require the keys, and send them', async () => {
    const { patches } = renderSettingsPage(SignInMethodsPage);
    fireEvent.click(screen.getByRole('button', { name: 'Add a provider' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Provider' }), { target: { value: 'github' } });
    // GitHub may use the shared keys; they are the default and need no callback URL.
    expect(screen.getByRole('radio', { name: 'Shared development keys' })).toHaveProperty('checked', true);
    expect(screen.queryByText(callbackOf('github'))).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Your own keys' }));
    screen.getByText(callbackOf('github'));
    screen.getByRole('button', { name: 'Copy Callback URL' });

    fireEvent.click(screen.getByRole('button', { name: 'Add GitHub' }));
    await screen.findByText('Enter the client ID GitHub gave you.');
    screen.getByText('Enter the client secret GitHub gave you.');
    expect(patches).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: 'Client ID' }), { target: { value: ' Iv1.abc ' } });
    fireEvent.change(screen.getByLabelText('Client secret'), { target: { value: 'shh' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add GitHub' }));
    await screen.findByText('GitHub added');
    expect(patches).toEqual([
      {
        config: {
          oauth_providers: [
            { id: 'github', enabled: true, type: 'standard', client_id: 'Iv1.abc', client_secret: 'shh' },
          ],
        },
        description: 'The shop',
      },
    ]);
    const row = within(providersSection()).getByRole('row', { name: /GitHub/ });
    within(row).getByText('Own keys');
    within(row).getByText('On');
  });

  it('a provider without shared keys offers only own keys, with its extra field', async () => {
    const { patches } = renderSettingsPage(SignInMethodsPage);
    fireEvent.click(screen.getByRole('button', { name: 'Add a provider' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Provider' }), { target: { value: 'facebook' } });
    expect(screen.getByRole('radio', { name: /Shared development keys/ })).toHaveProperty('disabled', true);
    expect(screen.getByRole('radio', { name: 'Your own keys' })).toHaveProperty('checked', true);
    screen.getByText(callbackOf('facebook'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Client ID' }), { target: { value: 'app-id' } });
    fireEvent.change(screen.getByLabelText('Client secret'), { target: { value: 'app-secret' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Configuration ID (optional)' }), {
      target: { value: 'cfg-9' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add Facebook' }));
    await screen.findByText('Facebook added');
    expect(patches[0]).toMatchObject({
      config: {
        oauth_providers: [
          {
            id: 'facebook',
            type: 'standard',
            client_id: 'app-id',
            client_secret: 'app-secret',
            facebook_config_id: 'cfg-9',
          },
        ],
      },
    });
  });

  it('a change to one provider sends every configured provider; turning off and removing (confirmed) work', async () => {
    const google = { id: 'google', enabled: true, type: 'shared' as const };
    const spotify = {
      id: 'spotify',
      enabled: true,
      type: 'standard' as const,
      client_id: 'sp',
      client_secret: 'sps',
    };
    const { patches } = renderSettingsPage(SignInMethodsPage, {
      project: adminProjectJson({ oauth_providers: [google, spotify] }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Turn off Google' }));
    await screen.findByText('Google turned off');
    expect(patches[0]).toEqual({
      config: { oauth_providers: [{ ...google, enabled: false }, spotify] },
      description: 'The shop',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Remove Spotify' }));
    expect(patches).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, remove Spotify' }));
    await screen.findByText('Spotify removed');
    // The server keeps every provider (one left out is refused): removing forgets the keys and
    // turns it off, and the console no longer lists it.
    expect(patches[1]).toEqual({
      config: {
        oauth_providers: [
          { ...google, enabled: false },
          { id: 'spotify', enabled: false, type: 'standard' },
        ],
      },
      description: 'The shop',
    });
    expect(within(providersSection()).queryByRole('row', { name: /Spotify/ })).toBeNull();
    within(providersSection()).getByRole('row', { name: /Google/ });

    // A removed provider is offered again, with nothing of its old keys.
    fireEvent.click(screen.getByRole('button', { name: 'Add a provider' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Provider' }), { target: { value: 'spotify' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Your own keys' }));
    expect(screen.getByRole('textbox', { name: 'Client ID' })).toHaveProperty('value', '');
    fireEvent.change(screen.getByRole('textbox', { name: 'Client ID' }), { target: { value: 'sp2' } });
    fireEvent.change(screen.getByLabelText('Client secret'), { target: { value: 'sps2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Spotify' }));
    await screen.findByText('Spotify added');
    expect(patches[2]).toMatchObject({
      config: {
        oauth_providers: [
          { ...google, enabled: false },
          { id: 'spotify', enabled: true, type: 'standard', client_id: 'sp2', client_secret: 'sps2' },
        ],
      },
    });
  });

  it('editing own keys keeps the secret unless changed; the callback URL is shown', async () => {
    const github = {
      id: 'github',
      enabled: true,
      type: 'standard' as const,
      client_id: 'old',
      client_secret: 'kept',
    };
    const { patches } = renderSettingsPage(SignInMethodsPage, {
      project: adminProjectJson({ oauth_providers: [github] }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Edit GitHub' }));
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Your own keys' }));
    screen.getByText(callbackOf('github'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Client ID' }), { target: { value: 'new' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('GitHub saved');
    // The toast shows while saving ends; the form closes and focus moves back after it.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit GitHub' })),
    );
    expect(patches[0]).toEqual({
      config: { oauth_providers: [{ ...github, client_id: 'new' }] },
      description: 'The shop',
    });
  });

  it('in production mode a provider on shared keys is flagged, and the server’s refusal is shown in words', async () => {
    renderSettingsPage(SignInMethodsPage, {
      project: adminProjectJson(
        { oauth_providers: [{ id: 'github', enabled: false, type: 'shared' }] },
        { is_production_mode: true },
      ),
      patch: () =>
        new Response(
          "Provider with id 'github' is enabled with standard keys, so client_id and client_secret are required.",
          { status: 400 },
        ),
    });
    expect(within(providersSection()).queryByText(/Refused in production mode/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit GitHub' }));
    screen.getByText(/This project is in production mode, where shared keys are refused\./);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Turn on GitHub' }));
    await within(providersSection()).findByText(
      "Provider with id 'github' is enabled with standard keys, so client_id and client_secret are required.",
    );
  });

  it('in production mode a new provider starts on own keys; after adding, focus is back on Add a provider', async () => {
    renderSettingsPage(SignInMethodsPage, { project: adminProjectJson({}, { is_production_mode: true }) });
    fireEvent.click(screen.getByRole('button', { name: 'Add a provider' }));
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Provider' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Provider' }), { target: { value: 'google' } });
    expect(screen.getByRole('radio', { name: 'Your own keys' })).toHaveProperty('checked', true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Client ID' }), { target: { value: 'g-id' } });
    fireEvent.change(screen.getByLabelText('Client secret'), { target: { value: 'g-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Google' }));
    await screen.findByText('Google added');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a provider' })),
    );
  });

  it('flags an enabled shared provider in production mode', () => {
    renderSettingsPage(SignInMethodsPage, {
      project: adminProjectJson(
        { oauth_providers: [{ id: 'google', enabled: true, type: 'shared' }] },
        { is_production_mode: true },
      ),
    });
    within(providersSection()).getByText('Refused in production mode: set up your own Google keys.');
  });

  it('the server’s answer is what the page then shows', async () => {
    renderSettingsPage(SignInMethodsPage, {
      patch: () => json(adminProjectJson({ magic_link_enabled: true, passkey_enabled: true })),
    });
    fireEvent.click(screen.getByRole('switch', { name: 'Email codes and links' }));
    await screen.findByText('Email codes and links turned on');
    expect(screen.getByRole('switch', { name: 'Passkeys' })).toHaveProperty('checked', true);
  });
});
