/**
 * The sign-in / sign-up page of product-spec §2. A layout with slots: buttons, then the
 * 'Or continue with' rule, then the forms (tabs when there are several), all contributed by
 * plugins through the screen contract. The page itself knows no plugin.
 */
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { planAuthPage } from './auth-page-plan.js';
import { AuthTabs } from './auth-tabs.js';
import { useProject, useSessionStatus, useSignetContext } from './hooks.js';
import { SignedInCard, SignUpDisabledCard, UnknownErrorCard } from './message-cards.js';
import type { AuthFormSlot, AuthKind } from './screens.js';
import { SecondFactorSlot, usePendingSignIn } from './second-factor-slot.js';
import { Separator } from './ui/separator.js';
import { Skeleton } from './ui/skeleton.js';
import { AuthPendingContext } from './use-auth-submit.js';
import { useRedirectHref } from './use-redirect-href.js';

/** Options of the auth page. */
export interface AuthPageOptions {
  /** `tabId` of the form selected first when several are offered. */
  firstTab?: string;
  /** When already signed in, go to the after-sign-in (or after-sign-up) page instead of staying. */
  automaticRedirect?: boolean;
  /** Shown under the forms, e.g. links to terms of service. */
  extraInfo?: ReactNode;
  /** Sign-up forms leave out the repeat-password field. */
  noPasswordRepeat?: boolean;
}

/** Props of `AuthPage`. */
export interface AuthPageProps extends AuthPageOptions {
  type: AuthKind;
}

/** The sign-in or sign-up page. */
export function AuthPage({ type, firstTab, automaticRedirect, extraInfo, noPasswordRepeat }: AuthPageProps) {
  const { app, screens, loadError } = useSignetContext();
  const project = useProject();
  const status = useSessionStatus();
  const [pending, setPending] = useState(0);
  const report = useCallback((delta: 1 | -1) => setPending((n) => n + delta), []);
  const signInLink = useRedirectHref('signIn');
  const signUpLink = useRedirectHref('signUp');
  const pendingSignIn = usePendingSignIn();

  // A sign-in submitted on this page redirects by itself; only an earlier session redirects here.
  const alreadySignedIn = status === 'signed-in' && pending === 0;
  useEffect(() => {
    if (!alreadySignedIn || !automaticRedirect) return;
    app.redirect
      .redirect({ url: app.redirect.afterAuthHref(type) }, { replace: true })
      .catch((error: unknown) => console.error(error));
  }, [app, alreadySignedIn, automaticRedirect, type]);

  if (!project || status === 'loading') return loadError ? <UnknownErrorCard /> : <Skeleton />;
  if (alreadySignedIn) return <SignedInCard />;
  // A first factor succeeded and the server wants a second one: its slot replaces the forms.
  if (pendingSignIn) return <SecondFactorSlot />;
  const plan = planAuthPage(project, type, screens, firstTab);
  if (plan.kind === 'sign-up-disabled') return <SignUpDisabledCard />;

  const renderForm = (form: AuthFormSlot) => {
    const Form = type === 'sign-up' && form.SignUp ? form.SignUp : form.SignIn;
    return <Form kind={type} noPasswordRepeat={noPasswordRepeat} />;
  };

  return (
    <AuthPendingContext.Provider value={report}>
      <section className="signet-card signet-auth" data-kind={type}>
        <header className="signet-auth-header">
          <h1 className="signet-card-title">
            {type === 'sign-in' ? 'Sign in to your account' : 'Create a new account'}
          </h1>
          {type === 'sign-up' ? (
            <p className="signet-auth-switch">
              Already have an account?{' '}
              <a className="signet-link" href={signInLink}>
                Sign in
              </a>
            </p>
          ) : (
            plan.kind === 'methods' &&
            plan.signUpLink && (
              <p className="signet-auth-switch">
                Don't have an account?{' '}
                <a className="signet-link" href={signUpLink}>
                  Sign up
                </a>
              </p>
            )
          )}
        </header>
        {plan.kind === 'no-method' ? (
          <p className="signet-auth-empty">No authentication method enabled.</p>
        ) : (
          <>
            {plan.buttons.length > 0 && (
              <div className="signet-auth-buttons">
                {plan.buttons.map(({ Component }, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for the page's life.
                  <Component key={index} kind={type} />
                ))}
              </div>
            )}
            {plan.separator && <Separator>Or continue with</Separator>}
            {plan.tabs ? (
              <AuthTabs
                tabs={plan.forms.map((f) => ({ id: f.tabId, label: f.label }))}
                initial={plan.firstTab ?? ''}
              >
                {(tabId) => {
                  const form = plan.forms.find((f) => f.tabId === tabId);
                  return form ? renderForm(form) : null;
                }}
              </AuthTabs>
            ) : (
              plan.forms[0] && renderForm(plan.forms[0])
            )}
          </>
        )}
        {extraInfo && <div className="signet-extra-info">{extraInfo}</div>}
      </section>
    </AuthPendingContext.Provider>
  );
}
