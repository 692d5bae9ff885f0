/**
 * The screen contract: how a plugin puts its part on the kit's pages without the pages knowing it.
 * A plugin's `screens.tsx` exports a factory (e.g. `passwordScreens()`) that returns a plain
 * `ScreenContribution`; the host passes the contributions to `<SignetProvider screens={[...]}>`.
 * Pages are layouts with slots (buttons, forms, extra handler routes) filled from that list, so
 * adding a plugin adds its button, tab or page with no change to the page.
 */
import type { ComponentType } from 'react';
import type { ClientProject } from '../core/project.js';

/** Which of the two auth pages a slot is rendered on. */
export type AuthKind = 'sign-in' | 'sign-up';

/** Props every auth form receives from the page. */
export interface AuthFormProps {
  /** The page the form is on. */
  kind: AuthKind;
  /** Sign-up only: leave out the repeat-password field. */
  noPasswordRepeat?: boolean;
}

/**
 * A form on the sign-in / sign-up page (password, magic link, ...). With two or more enabled
 * forms the page shows tabs labelled `label`; with one, just the form.
 */
export interface AuthFormSlot {
  /** Stable id of the tab, used by the page's `firstTab` option (e.g. `'password'`). */
  tabId: string;
  /** Tab label, e.g. `'Email & Password'`. */
  label: string;
  /** Tabs are sorted by ascending order; ties keep the contributions' order. Default 0. */
  order?: number;
  /** Whether the project offers this form on this page. */
  isEnabled(project: ClientProject, kind: AuthKind): boolean;
  /** The sign-in form. */
  SignIn: ComponentType<AuthFormProps>;
  /** The sign-up form; without it the form is not offered on the sign-up page. */
  SignUp?: ComponentType<AuthFormProps>;
}

/** Buttons shown above the forms (OAuth providers, passkey, ...). */
export interface AuthButtonsSlot {
  /** Groups are sorted by ascending order. Default 0. */
  order?: number;
  /** Whether the group has anything to show on this page for this project. */
  isEnabled(project: ClientProject, kind: AuthKind): boolean;
  Component: ComponentType<{ kind: AuthKind }>;
}

/** Props of a page a plugin adds under the handler base path. */
export interface HandlerRouteProps {
  /** Path segments after the route's own segment (`/handler/verify/a/b` → `['a', 'b']`). */
  rest: readonly string[];
  /** The page's query string, parsed. */
  searchParams: URLSearchParams;
}

/** What one plugin contributes to the React screens. A plain object; build it in a factory. */
export interface ScreenContribution {
  /** Unique id of the contribution, by convention the plugin's id. */
  id: string;
  /**
   * The plugin namespace the screens need on the app (e.g. `'password'`). When the app was
   * created without that plugin the contribution is ignored, so a screen never calls a missing API.
   * Leave out for screens that need no plugin.
   */
  plugin?: string;
  authForm?: AuthFormSlot;
  authButtons?: AuthButtonsSlot;
  /**
   * Extra handler pages, keyed by their first path segment (`'forgot-password'` serves
   * `/handler/forgot-password`). The built-in routes (sign-in, sign-up, sign-out, error) win.
   */
  routes?: Readonly<Record<string, ComponentType<HandlerRouteProps>>>;
}

/** Declares a contribution with its types checked; a plain identity function. */
/* @__NO_SIDE_EFFECTS__ */
export function defineScreens(contribution: ScreenContribution): ScreenContribution {
  return contribution;
}

/** The contributions whose plugin the app has. */
export function activeScreens(
  screens: readonly ScreenContribution[],
  plugins: readonly string[],
): ScreenContribution[] {
  return screens.filter((s) => s.plugin === undefined || plugins.includes(s.plugin));
}
