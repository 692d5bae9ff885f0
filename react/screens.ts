/**
 * The screen contract: how a plugin puts its part on the kit's pages without the pages knowing it.
 * A plugin's `screens.tsx` exports a factory (e.g. `passwordScreens()`) that returns a plain
 * `ScreenContribution`; the host passes the contributions to `<SignetProvider screens={[...]}>`.
 * Pages are layouts with named slots — auth buttons, auth forms, second factor, account sections,
 * team sections — filled from that list, each contribution with an order and a `when`. Handler
 * pages are found by the app's configured URLs, never by a literal path segment.
 */
import type { ComponentType } from 'react';
import type { PluginRef } from '../core/plugin.js';
import type { ClientProject } from '../core/project.js';
import type { PendingSignIn } from '../core/sign-in.js';
import type { CurrentUser } from '../core/user.js';

/** Which of the two auth pages a slot is rendered on. */
export type AuthKind = 'sign-in' | 'sign-up';

/** What a slot's `when` decides on. `kind` is set on the auth pages only. */
export interface SlotContext {
  project: ClientProject;
  user: CurrentUser | null;
  kind: AuthKind | null;
}

/** What a team section's `when` decides on: the slot context and the team the sections are about. */
export interface TeamSlotContext extends SlotContext {
  teamId: string;
}

/** Common to every slot contribution; `C` is what the slot's `when` is told. */
export interface SlotEntry<C extends SlotContext = SlotContext> {
  /** Entries are sorted by ascending order; ties keep the contributions' order. Default 0. */
  order?: number;
  /** Whether to show the entry; shown always when left out. */
  when?(context: C): boolean;
}

/** Props every auth form receives from the page. */
export interface AuthFormProps {
  /** The page the form is on. */
  kind: AuthKind;
  /** Sign-up only: leave out the repeat-password field. */
  noPasswordRepeat?: boolean;
}

/**
 * A form on the sign-in / sign-up page (password, magic link, ...). With two or more shown forms
 * the page shows tabs labelled `label`; with one, just the form.
 */
export interface AuthFormSlot extends SlotEntry {
  /** Stable id of the tab, used by the page's `firstTab` option (e.g. `'password'`). */
  tabId: string;
  /** Tab label, e.g. `'Email & Password'`. */
  label: string;
  /** The sign-in form. */
  SignIn: ComponentType<AuthFormProps>;
  /** The sign-up form; without it the form is not offered on the sign-up page. */
  SignUp?: ComponentType<AuthFormProps>;
}

/** Buttons shown above the forms (OAuth providers, passkey, ...). */
export interface AuthButtonsSlot extends SlotEntry {
  Component: ComponentType<{ kind: AuthKind }>;
}

/** Props of a second-factor screen. */
export interface SecondFactorProps {
  /** The attempt waiting for the second factor. */
  attempt: PendingSignIn;
  /**
   * Where it shows: on the auth page (the user can go back to the first factor), or on a callback
   * page an email link or a provider opened (going back means signing in again from the start).
   */
  place: 'auth-page' | 'callback';
}

/**
 * What the auth page (and the OAuth callback page) shows while a sign-in waits for its second
 * factor. The first shown entry is used.
 */
export interface SecondFactorSlot extends SlotEntry {
  Component: ComponentType<SecondFactorProps>;
}

/** A section of the account-settings page (profile, emails, password, sessions, ...). */
export interface AccountSectionSlot extends SlotEntry {
  /** Stable id, also the section's anchor (`#emails`). */
  id: string;
  /** Heading, e.g. `'Emails'`. */
  title: string;
  /** Shown under the heading. */
  description?: string;
  Component: ComponentType<{ user: CurrentUser }>;
}

/**
 * A section of a team's page (`<TeamSections teamId>`: a team's settings page, a team's entry in
 * account settings). Any plugin can add one; `when` also sees the team's id.
 */
export interface TeamSectionSlot extends SlotEntry<TeamSlotContext> {
  /** Stable id, also the section's anchor (`#members`). */
  id: string;
  /** Heading, e.g. `'Members'`. */
  title: string;
  /** Shown under the heading. */
  description?: string;
  /**
   * A hook deciding, while the sections render, whether this one shows: for what `when` cannot
   * know up front, such as the user's permissions in the team, read from a signal so the section
   * follows it. The section and its link in the sections' nav are absent while it returns false.
   * Called once per section and link, so it must read a shared (cached) value, not make a request.
   */
  useShown?(teamId: string): boolean;
  Component: ComponentType<{ teamId: string }>;
}

/** Props of a page a plugin adds under the handler base path. */
export interface HandlerRouteProps {
  /** Path segments after the page's own URL (`<page>/a/b` → `['a', 'b']`). */
  rest: readonly string[];
  /** The page's query string, parsed. */
  searchParams: URLSearchParams;
}

/** What one plugin contributes to the React screens. A plain object; build it in a factory. */
export interface ScreenContribution {
  /** Unique id of the contribution, by convention the plugin's id. */
  id: string;
  /**
   * The plugin the screens need, named by its factory (`plugin: password`), as `usePluginApi`
   * names it. When the app was created without that plugin the contribution is ignored (and
   * reported in development), so a screen never calls a missing API. Leave out for screens that
   * need no plugin.
   */
  plugin?: PluginRef;
  authForm?: AuthFormSlot;
  authButtons?: AuthButtonsSlot;
  secondFactor?: SecondFactorSlot;
  accountSections?: readonly AccountSectionSlot[];
  teamSections?: readonly TeamSectionSlot[];
  /**
   * Handler pages by the name of their URL in `app.urls` (`{ forgotPassword: ForgotPasswordPage }`),
   * so a page moved with `createApp({ urls })` is still found. The core pages (sign-in, sign-up,
   * sign-out, account settings, error) win.
   */
  pages?: Readonly<Record<string, ComponentType<HandlerRouteProps>>>;
}

/** Declares a contribution with its types checked; a plain identity function. */
/* @__NO_SIDE_EFFECTS__ */
export function defineScreens(contribution: ScreenContribution): ScreenContribution {
  return contribution;
}

/**
 * The contributions whose plugin the app has. `report` hears of each one left out (the provider
 * warns in development: screens were added without their plugin).
 */
export function activeScreens(
  screens: readonly ScreenContribution[],
  plugins: readonly string[],
  report?: (contribution: ScreenContribution) => void,
): ScreenContribution[] {
  return screens.filter((s) => {
    const active = s.plugin === undefined || plugins.includes(s.plugin.id);
    if (!active) report?.(s);
    return active;
  });
}

const byOrder = (a: { order?: number }, b: { order?: number }) => (a.order ?? 0) - (b.order ?? 0);

/** The entries of one slot that show in `context`, in order. */
export function slotEntries<T extends SlotEntry<C>, C extends SlotContext = SlotContext>(
  screens: readonly ScreenContribution[],
  pick: (contribution: ScreenContribution) => T | readonly T[] | undefined,
  context: C,
): T[] {
  return screens
    .flatMap((s) => {
      const picked = pick(s);
      return picked === undefined ? [] : Array.isArray(picked) ? (picked as readonly T[]) : [picked as T];
    })
    .filter((entry) => entry.when?.(context) ?? true)
    .sort(byOrder);
}
