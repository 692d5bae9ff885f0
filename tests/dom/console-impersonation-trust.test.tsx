/**
 * The console's Impersonate section refuses, attacker side first, to hand an impersonation token
 * to an origin the project does not trust: a typed or remembered address on another origin is
 * named in an inline message with a link to the Domains page, the button stays off, and no request
 * at all reaches the API (no session is made and then thrown away). The console's real admin app
 * over a fake API, so "no token" is checked at `fetch`.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ServerUser } from 'signet/plugins/server-users';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AdminApp, adminPlugins } from '../../console/src/admin/admin-app.js';
import { type ProjectAdmin, ProjectAdminProvider } from '../../console/src/admin/admin-context.js';
import {
  appUrlStorageKey,
  ImpersonateSection,
} from '../../console/src/pages/user-detail/impersonate-section.js';
import { ToastProvider } from '../../console/src/shell/toasts.js';
import { createApp } from '../../core/index.js';
import { fakeApi, json } from '../support/fake-api.js';

const USER = { id: 'u1', primaryEmail: 'ann@example.com' } as ServerUser;
const TRUSTED = 'https://app.example.com';

function renderSection(config: Partial<ProjectAdmin['project']['config']> = {}) {
  const api = fakeApi({
    'POST /auth/sessions': () => json({ refresh_token: 'rt_impersonation', access_token: 'at' }),
  });
  const app = createApp({
    projectId: 'p1',
    baseUrl: 'http://api.test',
    tokenStore: 'memory',
    redirectMethod: 'none',
    adminAccessToken: async () => 'owner-admin-token',
    fetch: api.fetch,
    plugins: adminPlugins(),
  } as never) as unknown as AdminApp;
  const admin: ProjectAdmin = {
    projectId: 'p1',
    app,
    project: {
      id: 'p1',
      displayName: 'Demo',
      userCount: 1,
      config: {
        oauthProviders: [],
        domains: [{ domain: TRUSTED, handlerPath: '/auth' }],
        allowLocalhost: false,
        ...config,
      },
    } as unknown as ProjectAdmin['project'],
    reload: async () => {},
    setProject: () => {},
  };
  const onImpersonated = vi.fn();
  render(
    <ToastProvider>
      <ProjectAdminProvider value={admin}>
        <ImpersonateSection app={app} projectId="p1" user={USER} onImpersonated={onImpersonated} />
      </ProjectAdminProvider>
    </ToastProvider>,
  );
  return { api, onImpersonated };
}

const section = () => screen.getByRole('region', { name: 'Impersonate' });
const field = () => within(section()).getByLabelText('App address') as HTMLInputElement;
const button = () =>
  within(section()).getByRole('button', { name: 'Impersonate this user' }) as HTMLButtonElement;
const type = (value: string) => fireEvent.change(field(), { target: { value } });

let open: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  localStorage.clear();
  open = vi.spyOn(window, 'open').mockImplementation(() => null);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The refusal as the admin sees it: the origin named, a way to the Domains page, the button off. */
function expectRefused(origin: string) {
  const message = within(section()).getByText(
    `${origin} is not a trusted domain of this project, so no impersonation link is made for it.`,
  );
  expect(field().getAttribute('aria-invalid')).toBe('true');
  expect(field().getAttribute('aria-describedby')).toBe(message.id);
  const link = within(section()).getByRole('link', { name: /Domains page/ });
  expect(link.getAttribute('href')).toBe('/console/projects/p1/domains');
  expect(button().disabled).toBe(true);
}

describe('an untrusted address', () => {
  it.each([
    ['a look-alike suffix', 'https://app.example.com.evil.test/', 'https://app.example.com.evil.test'],
    ['a look-alike prefix', 'https://evil-app.example.com', 'https://evil-app.example.com'],
    ['userinfo in front of the real host', 'https://app.example.com@evil.test', 'https://evil.test'],
    ['the trusted host on another port', 'https://app.example.com:8443', 'https://app.example.com:8443'],
    ['the trusted host on http', 'http://app.example.com', 'http://app.example.com'],
  ])('typed (%s) is named, and neither button nor Enter asks for a token', async (_, address, origin) => {
    const { api, onImpersonated } = renderSection();
    type(address);
    expectRefused(origin);
    fireEvent.click(button());
    // Enter in the field submits the form even if a browser let it through: the action refuses too.
    fireEvent.submit(field().form!);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.fetch).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
    expect(onImpersonated).not.toHaveBeenCalled();
    expect(localStorage.getItem(appUrlStorageKey('p1'))).toBeNull();
    expectRefused(origin);
  });

  it('remembered from an earlier visit (or planted) is shown refused, not used', async () => {
    localStorage.setItem(appUrlStorageKey('p1'), 'https://evil.test/steal');
    const { api } = renderSection();
    expect(field().value).toBe('https://evil.test/steal');
    expectRefused('https://evil.test');
    fireEvent.submit(field().form!);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.fetch).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
    // Still there for the admin to see and correct; it is not rewritten behind their back.
    expect(localStorage.getItem(appUrlStorageKey('p1'))).toBe('https://evil.test/steal');
  });

  it('remembered while localhost was allowed is refused once it is not', () => {
    localStorage.setItem(appUrlStorageKey('p1'), 'http://localhost:5173');
    renderSection({ allowLocalhost: false });
    expectRefused('http://localhost:5173');
  });

  it('a script URL is refused with the address hint, before any request', async () => {
    const { api } = renderSection();
    type('javascript:alert(document.domain)');
    expect(button().disabled).toBe(false);
    fireEvent.click(button());
    expect(await within(section()).findByText(/Enter the app’s address/)).toBeTruthy();
    expect(api.fetch).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
  });
});

describe('a trusted address', () => {
  it('after a refused one: the message goes, the button works and the link goes to that origin', async () => {
    const { api, onImpersonated } = renderSection();
    type('https://app.example.com.evil.test');
    expect(button().disabled).toBe(true);
    type(`${TRUSTED}/`);
    expect(within(section()).queryByText(/is not a trusted domain/)).toBeNull();
    expect(within(section()).queryByRole('link', { name: /Domains page/ })).toBeNull();
    expect(button().disabled).toBe(false);
    fireEvent.click(button());
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(open).toHaveBeenCalledWith(
      'https://app.example.com/auth/impersonate#refresh_token=rt_impersonation',
      '_blank',
      'noopener',
    );
    expect(api.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'POST /api/v1/auth/sessions',
    ]);
    expect(onImpersonated).toHaveBeenCalledTimes(1);
  });

  it('localhost on any port when the project allows it', async () => {
    renderSection({ allowLocalhost: true });
    type('http://127.0.0.1:4000');
    expect(button().disabled).toBe(false);
    fireEvent.click(button());
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(open.mock.calls[0]![0]).toBe(
      'http://127.0.0.1:4000/handler/impersonate#refresh_token=rt_impersonation',
    );
  });
});
