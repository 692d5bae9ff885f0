/**
 * What the sign-in / sign-up page shows, decided as a pure function of the project, the page kind
 * and the contributed slots, so the rules of product-spec §2 are testable without a DOM.
 */
import type { ClientProject } from '../core/project.js';
import {
  type AuthButtonsSlot,
  type AuthFormSlot,
  type AuthKind,
  type ScreenContribution,
  slotEntries,
} from './screens.js';

/** The layout the page renders. */
export type AuthPagePlan =
  | { kind: 'sign-up-disabled' }
  | { kind: 'no-method' }
  | {
      kind: 'methods';
      /** Button groups, in order. */
      buttons: AuthButtonsSlot[];
      forms: AuthFormSlot[];
      /** The 'Or continue with' rule between buttons and forms. */
      separator: boolean;
      /** Tabs when two or more forms are enabled. */
      tabs: boolean;
      /** The tab selected first. */
      firstTab: string | null;
      /** Whether the sign-in page links to sign-up. */
      signUpLink: boolean;
    };

/** Plans the page. `firstTab` picks the initial tab when it names an enabled form. */
export function planAuthPage(
  project: ClientProject,
  kind: AuthKind,
  screens: readonly ScreenContribution[],
  firstTab?: string,
): AuthPagePlan {
  if (kind === 'sign-up' && !project.config.signUpEnabled) return { kind: 'sign-up-disabled' };
  const context = { project, user: null, kind };
  const forms = slotEntries(screens, (s) => s.authForm, context).filter(
    (f) => kind === 'sign-in' || !!f.SignUp,
  );
  const buttons = slotEntries(screens, (s) => s.authButtons, context);
  if (forms.length === 0 && buttons.length === 0) return { kind: 'no-method' };
  return {
    kind: 'methods',
    buttons,
    forms,
    separator: forms.length > 0 && buttons.length > 0,
    tabs: forms.length > 1,
    firstTab: forms.find((f) => f.tabId === firstTab)?.tabId ?? forms[0]?.tabId ?? null,
    signUpLink: kind === 'sign-in' && project.config.signUpEnabled,
  };
}
