/**
 * The console's domains page against a fake API: adding a trusted domain (the handler path
 * defaulting to /handler, saved as its origin, refused before any request when it is not an
 * http(s) origin or repeats one), editing, removing behind a question, allow localhost, and the
 * server's refusals in words.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDomain } from '../../console/src/pages/domains/domain-rules.js';
import DomainsPage from '../../console/src/pages/domains/index.js';
import { adminProjectJson } from './console-admin-project.js';
import { renderSettingsPage } from './console-settings.harness.js';

afterEach(() => cleanup());

const addSection = () => screen.getByRole('region', { name: 'Add a trusted domain' });
const trusted = () => screen.getByRole('region', { name: 'Trusted domains' });
const rowOf = (domain: string) =>
  within(trusted()).getByRole('row', { name: new RegExp(domain.replace(/[.]/g, '\\.')) });

function add(domain: string, handlerPath?: string) {
  const form = addSection();
  fireEvent.change(within(form).getByRole('textbox', { name: 'Domain' }), { target: { value: domain } });
  if (handlerPath !== undefined)
    fireEvent.change(within(form).getByRole('textbox', { name: 'Handler path' }), {
      target: { value: handlerPath },
    });
  fireEvent.click(within(form).getByRole('button', { name: 'Add domain' }));
}

describe('domain rules', () => {
  it.each([
    ['', 'Enter the domain, e.g. https://app.example.com.'],
    ['app.example.com', 'The domain must start with https:// (or http://).'],
    ['ftp://app.example.com', 'The domain must start with https:// (or http://).'],
    ['https://', 'This is not a valid address.'],
    [
      'https://app.example.com/shop',
      'Enter only the origin, without a path: https://app.example.com. The handler path goes in its own field.',
    ],
    ['https://app.example.com?x=1', expect.stringContaining('Enter only the origin')],
    ['https://user:pw@app.example.com', 'The domain cannot contain a user name or password.'],
    ['https://taken.example.com', 'https://taken.example.com is already a trusted domain.'],
  ])('refuses %j', (typed, message) => {
    expect(checkDomain(typed, '/handler', ['https://taken.example.com'])).toEqual({
      ok: false,
      domain: message,
    });
  });

  it('keeps the origin and defaults the handler path; a path must start with /', () => {
    expect(checkDomain(' https://App.Example.com/ ', '', [])).toEqual({
      ok: true,
      domain: 'https://app.example.com',
      handlerPath: '/handler',
    });
    expect(checkDomain('http://localhost:3000', '/auth', [])).toEqual({
      ok: true,
      domain: 'http://localhost:3000',
      handlerPath: '/auth',
    });
    expect(checkDomain('https://a.example', 'handler', [])).toEqual({
      ok: false,
      handlerPath: 'The handler path must start with /, e.g. /handler.',
    });
  });
});

describe('trusted domains', () => {
  it('says so when there is none, then adds one with the default handler path', async () => {
    const { patches } = renderSettingsPage(DomainsPage);
    within(trusted()).getByText('No trusted domains yet');
    add('app.example.com');
    await within(addSection()).findByText('The domain must start with https:// (or http://).');
    expect(patches).toEqual([]);
    add('https://app.example.com/');
    await screen.findByText('https://app.example.com added');
    expect(patches).toEqual([
      {
        config: { domains: [{ domain: 'https://app.example.com', handler_path: '/handler' }] },
        description: 'The shop',
      },
    ]);
    const row = within(trusted()).getByRole('row', { name: /https:\/\/app\.example\.com/ });
    within(row).getByText('/handler');
    expect(within(addSection()).getByRole('textbox', { name: 'Domain' })).toHaveProperty('value', '');
  });

  it('edits a domain in place, keeping the others', async () => {
    const { patches } = renderSettingsPage(DomainsPage, {
      project: adminProjectJson({
        domains: [
          { domain: 'https://a.example.com', handler_path: '/handler' },
          { domain: 'https://b.example.com', handler_path: '/handler' },
        ],
      }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Edit https://a.example.com' }));
    const form = within(trusted());
    expect(document.activeElement).toBe(form.getByRole('textbox', { name: 'Domain' }));
    fireEvent.change(form.getByRole('textbox', { name: 'Domain' }), {
      target: { value: 'https://b.example.com' },
    });
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    await form.findByText('https://b.example.com is already a trusted domain.');
    fireEvent.change(form.getByRole('textbox', { name: 'Handler path' }), { target: { value: '/auth' } });
    fireEvent.change(form.getByRole('textbox', { name: 'Domain' }), {
      target: { value: 'https://a.example.com' },
    });
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    await screen.findByText('https://a.example.com saved');
    // Focus comes back to the row the form replaced.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit https://a.example.com' }));
    expect(patches).toEqual([
      {
        config: {
          domains: [
            { domain: 'https://a.example.com', handler_path: '/auth' },
            { domain: 'https://b.example.com', handler_path: '/handler' },
          ],
        },
        description: 'The shop',
      },
    ]);
  });

  it('removes a domain only after the question', async () => {
    const { patches } = renderSettingsPage(DomainsPage, {
      project: adminProjectJson({
        domains: [
          { domain: 'https://a.example.com', handler_path: '/handler' },
          { domain: 'https://b.example.com', handler_path: '/handler' },
        ],
      }),
    });
    fireEvent.click(within(rowOf('https://a.example.com')).getByRole('button', { name: 'Remove' }));
    expect(patches).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(rowOf('https://a.example.com')).getByRole('button', { name: 'Remove' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, remove' }));
    await screen.findByText('https://a.example.com removed');
    expect(patches).toEqual([
      {
        config: { domains: [{ domain: 'https://b.example.com', handler_path: '/handler' }] },
        description: 'The shop',
      },
    ]);
    expect(within(trusted()).queryByText('https://a.example.com')).toBeNull();
  });

  it('shows the server’s refusal in words', async () => {
    renderSettingsPage(DomainsPage, {
      patch: () => new Response('Duplicate domain found: https://app.example.com', { status: 400 }),
    });
    add('https://app.example.com');
    await within(addSection()).findByText('Duplicate domain found: https://app.example.com');
  });
});

describe('allow localhost', () => {
  it('is a switch saved at once', async () => {
    const { patches } = renderSettingsPage(DomainsPage);
    const localhost = screen.getByRole('switch', { name: 'Allow localhost' });
    expect(localhost).toHaveProperty('checked', true);
    fireEvent.click(localhost);
    await screen.findByText('Localhost is no longer trusted');
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Allow localhost' })).toHaveProperty('checked', false),
    );
    expect(patches).toEqual([{ config: { allow_localhost: false }, description: 'The shop' }]);
  });
});
