/**
 * The console's project settings page against a fake API: the production-mode checklist (each
 * problem in words, linking to the page that fixes it), the switch disabled with the reason while
 * any problem remains and confirmed before it sends `is_production_mode`, saving the name without
 * losing the description, and deleting the project only after its exact name is typed.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import ProjectSettingsPage from '../../console/src/pages/settings/index.js';
import { knownError } from '../support/fake-api.js';
import { adminProjectJson } from './console-admin-project.js';
import { renderSettingsPage } from './console-settings.harness.js';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

const checklist = () => screen.getByRole('list', { name: 'Production mode checklist' });
const productionSection = () => screen.getByRole('region', { name: 'Production mode' });

describe('production-mode checklist', () => {
  it('lists every problem in words with a link to the page that fixes it, and keeps the switch disabled', () => {
    renderSettingsPage(ProjectSettingsPage, {
      project: adminProjectJson({
        allow_localhost: true,
        domains: [
          { domain: 'http://shop.example.com', handler_path: '/handler' },
          { domain: 'https://127.0.0.1', handler_path: '/handler' },
        ],
        oauth_providers: [
          { id: 'github', enabled: true, type: 'shared' },
          { id: 'google', enabled: false, type: 'shared' },
          { id: 'spotify', enabled: true, type: 'standard', client_id: 'id', client_secret: 'secret' },
        ],
      }),
    });
    const items = within(checklist()).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      "Localhost is not allowed in production mode, turn off 'Allow localhost' in project settings Fix on the Domains page",
      'Trusted domains should be HTTPS: http://shop.example.com Fix on the Domains page',
      'Localhost domains are not allowed to be trusted in production mode: https://127.0.0.1 Fix on the Domains page',
      expect.stringContaining('GitHub sign-in uses shared development keys'),
    ]);
    const links = within(checklist()).getAllByRole('link');
    expect(links.slice(0, 3).map((a) => a.getAttribute('href'))).toEqual(
      Array(3).fill('/console/projects/proj-1/domains'),
    );
    expect(links[3]).toHaveProperty('textContent', 'Fix on the Sign-in methods page');
    expect(links[3]!.getAttribute('href')).toBe('/console/projects/proj-1/sign-in-methods');

    const turnOn = within(productionSection()).getByRole('button', { name: 'Turn on production mode' });
    expect(turnOn).toHaveProperty('disabled', true);
    expect(document.getElementById(turnOn.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Fix the 4 problems above to turn on production mode.',
    );
  });

  it('enables the switch when nothing is left, and turning on is confirmed and sends is_production_mode: true', async () => {
    const { patches } = renderSettingsPage(ProjectSettingsPage, {
      project: adminProjectJson({
        allow_localhost: false,
        domains: [{ domain: 'https://shop.example.com', handler_path: '/handler' }],
        oauth_providers: [
          { id: 'github', enabled: true, type: 'standard', client_id: 'id', client_secret: 's' },
        ],
      }),
    });
    expect(screen.queryByRole('list', { name: 'Production mode checklist' })).toBeNull();
    screen.getByText('Nothing stands in the way of production mode.');
    // The shared email server delivers nothing: said, with where to fix it, but not blocking.
    const advice = screen.getByRole('list', { name: 'Production mode advice' });
    within(advice).getByText(/^Emails are not delivered/);
    expect(
      within(advice).getByRole('link', { name: 'Set it up on the Emails page' }).getAttribute('href'),
    ).toBe('/console/projects/proj-1/emails');
    const turnOn = within(productionSection()).getByRole('button', { name: 'Turn on production mode' });
    expect(turnOn).toHaveProperty('disabled', false);
    fireEvent.click(turnOn);
    expect(patches).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, turn it on' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({ is_production_mode: true, description: 'The shop' });
    await screen.findByText('Production mode is on');
    within(productionSection()).getByText('On');
    within(productionSection()).getByRole('button', { name: 'Turn off production mode' });
  });

  it('a project already in production mode with problems can still be turned off, after the question', async () => {
    const { patches } = renderSettingsPage(ProjectSettingsPage, {
      project: adminProjectJson({ allow_localhost: true }, { is_production_mode: true }),
    });
    within(checklist()).getByText(/Localhost is not allowed in production mode/);
    fireEvent.click(screen.getByRole('button', { name: 'Turn off production mode' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, turn it off' }));
    await waitFor(() => expect(patches).toEqual([{ is_production_mode: false, description: 'The shop' }]));
    await screen.findByText('Production mode is off');
    expect(
      within(productionSection()).getByRole('button', { name: 'Turn on production mode' }),
    ).toHaveProperty('disabled', true);
  });

  it('a refusal from the server is shown in words', async () => {
    renderSettingsPage(ProjectSettingsPage, {
      project: adminProjectJson({ allow_localhost: false }),
      patch: () => knownError('SCHEMA_ERROR', 'Request validation failed on PATCH /api/v1/projects/current'),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on production mode' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, turn it on' }));
    await within(productionSection()).findByText(
      'Request validation failed on PATCH /api/v1/projects/current',
    );
    within(productionSection()).getByText('Off');
  });
});

it('gives no email advice to a project with its own SMTP server', () => {
  renderSettingsPage(ProjectSettingsPage, {
    project: adminProjectJson({
      email_config: {
        type: 'standard',
        host: 'smtp.example.com',
        port: 587,
        username: 'u',
        password: 'p',
        sender_name: 'Acme',
        sender_email: 'noreply@example.com',
      },
    }),
  });
  expect(screen.queryByRole('list', { name: 'Production mode advice' })).toBeNull();
});

describe('general settings', () => {
  it('saves the name with the description, and refuses an empty name before any request', async () => {
    const { patches, stored, reloadProjects } = renderSettingsPage(ProjectSettingsPage);
    const name = screen.getByRole('textbox', { name: 'Project name' });
    fireEvent.change(name, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Enter a project name.');
    expect(patches).toEqual([]);
    fireEvent.change(name, { target: { value: 'Acme shop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Project saved');
    expect(patches).toEqual([{ display_name: 'Acme shop', description: 'The shop' }]);
    expect(stored().description).toBe('The shop');
    // The switcher's list of the owner's projects is reloaded to show the new name.
    expect(reloadProjects).toHaveBeenCalledTimes(1);
  });

  it('shows the project id and the JWKS URL of this server', () => {
    renderSettingsPage(ProjectSettingsPage);
    screen.getByRole('button', { name: 'Copy Project ID' });
    screen.getByText('proj-1');
    screen.getByText(`${window.location.origin}/api/v1/projects/proj-1/.well-known/jwks.json`);
  });
});

describe('delete project', () => {
  it('sends nothing until the exact name is typed, then deletes, reloads the list and goes to the projects', async () => {
    const { api, reloadProjects } = renderSettingsPage(ProjectSettingsPage);
    const deletes = () => api.requests.filter((r) => r.method === 'DELETE');
    fireEvent.click(screen.getByRole('button', { name: 'Delete project' }));
    const field = screen.getByRole('textbox', { name: 'Type the project name, “Acme app”, to confirm' });
    for (const attempt of ['', 'acme app', 'Acme app ', 'Acme']) {
      fireEvent.change(field, { target: { value: attempt } });
      fireEvent.click(screen.getByRole('button', { name: 'Delete this project' }));
      await screen.findByText('Type “Acme app” exactly to confirm.');
    }
    expect(deletes()).toHaveLength(0);
    fireEvent.change(field, { target: { value: 'Acme app' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete this project' }));
    await waitFor(() => expect(window.location.pathname).toBe('/console/projects'));
    expect(deletes()).toHaveLength(1);
    expect(reloadProjects).toHaveBeenCalledTimes(1);
    await screen.findByText('Project “Acme app” deleted');
  });

  it('Cancel sends nothing; a failed delete is said in words and stays on the page', async () => {
    const { api } = renderSettingsPage(ProjectSettingsPage);
    fireEvent.click(screen.getByRole('button', { name: 'Delete project' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(api.requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    api.fetch.mockImplementationOnce(async () => new Response('Internal error', { status: 503 }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete project' }));
    fireEvent.change(screen.getByRole('textbox', { name: /to confirm/ }), { target: { value: 'Acme app' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete this project' }));
    await screen.findByText(/^The project could not be deleted\./);
    expect(window.location.pathname).not.toBe('/console/projects');
  });
});
