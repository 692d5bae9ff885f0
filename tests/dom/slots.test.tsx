/**
 * Slots in a DOM: each contribution's `when` decides by project, user and page kind; `order` mixes
 * plugins' entries with the core's; screens of a plugin the app lacks are left out, and said so.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pluginFactory } from '../../core/index.js';
import { password } from '../../plugins/password/index.js';
import { AccountSettingsPage, AuthPage, defineScreens } from '../../react/index.js';
import { clientUserJson, json } from '../support/fake-api.js';
import { renderWithApp } from './render-app.js';

const tickets = pluginFactory('tickets', () => ({ setup: () => ({}) }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const Section = ({ text }: { text: string }) => <p>{text}</p>;
const Hello = () => <Section text="hello section" />;
const Passwordless = () => <Section text="passwordless section" />;
const Early = () => <Section text="early section" />;
const Buttons = ({ kind }: { kind: string }) => <p>buttons on {kind}</p>;
const KindForm = ({ kind }: { kind: string }) => <p>form on {kind}</p>;

const headings = async () =>
  (await screen.findAllByRole('heading', { level: 2 })).map((heading) => heading.textContent);

describe('account sections', () => {
  const screens = [
    defineScreens({
      id: 'test',
      accountSections: [
        { id: 'late', title: 'Late', order: 2000, Component: Hello },
        {
          id: 'passwordless',
          title: 'Passwordless',
          order: 5,
          when: ({ user }) => user?.hasPassword === false,
          Component: Passwordless,
        },
        { id: 'early', title: 'Early', order: -10, Component: Early },
      ],
    }),
  ];

  it('orders them with the core’s sections and shows one by the user’s state', async () => {
    renderWithApp(<AccountSettingsPage />, {
      plugins: [],
      screens,
      userId: 'u1',
      config: { client_user_deletion_enabled: true },
    });
    expect(await headings()).toEqual(['Early', 'Profile', 'Delete account', 'Late']);
    // The nav lists the same sections, in the same order, linking to their anchors.
    const nav = screen.getByRole('navigation', { name: 'Account settings sections' });
    expect([...nav.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '#early',
      '#profile',
      '#delete-account',
      '#late',
    ]);
    cleanup();

    renderWithApp(<AccountSettingsPage />, {
      plugins: [],
      screens,
      userId: 'u1',
      routes: { 'GET /users/me': () => json({ ...clientUserJson('u1'), has_password: false }) },
    });
    expect(await headings()).toEqual(['Early', 'Profile', 'Passwordless', 'Late']);
    expect(screen.getByText('passwordless section')).toBeTruthy();
  });

  it('leaves out the screens of a plugin the app was created without, and says so', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWithApp(<AccountSettingsPage />, {
      plugins: [password()],
      screens: [
        defineScreens({
          id: 'needs-tickets',
          plugin: tickets, // a plugin this app was not created with
          accountSections: [{ id: 'tickets', title: 'Tickets', Component: Hello }],
        }),
        defineScreens({
          id: 'needs-password',
          plugin: password,
          accountSections: [{ id: 'extra', title: 'Extra', order: 1, Component: Hello }],
        }),
      ],
      userId: 'u1',
    });
    expect(await headings()).toEqual(['Profile', 'Extra']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"tickets" plugin'));
  });
});

describe('auth page slots', () => {
  const screens = [
    defineScreens({
      id: 'buttons',
      authButtons: { when: ({ kind }) => kind === 'sign-up', Component: Buttons },
      authForm: { tabId: 'only-sign-in', label: 'Only sign-in', SignIn: KindForm },
    }),
  ];

  it('shows an entry on the page kind its when allows', async () => {
    renderWithApp(<AuthPage type="sign-up" />, { plugins: [], screens });
    expect(await screen.findByText('buttons on sign-up')).toBeTruthy();
    // A form without a SignUp is not offered on the sign-up page.
    expect(screen.queryByText(/form on/)).toBeNull();
    cleanup();

    renderWithApp(<AuthPage type="sign-in" />, { plugins: [], screens });
    expect(await screen.findByText('form on sign-in')).toBeTruthy();
    expect(screen.queryByText(/buttons on/)).toBeNull();
  });
});
