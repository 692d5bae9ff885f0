/** The named message cards of product-spec §2, with their exact texts. */
import type { ReactNode } from 'react';
import { withReturnTo } from '../core/redirects.js';
import { useApp, useProject } from './hooks.js';
import { MessageCard } from './message-card.js';
import { useRedirectHref } from './use-redirect-href.js';

/** 'You are already signed in', with 'Go home' and 'Sign out'. */
export function SignedInCard() {
  const { urls } = useApp();
  return (
    <MessageCard
      title="You are already signed in"
      primary={{ label: 'Go home', href: urls.home }}
      secondary={{ label: 'Sign out', href: urls.signOut }}
    />
  );
}

/** 'You are not currently signed in.', with 'Sign in' (returning here afterwards). */
export function SignedOutCard() {
  const signIn = useRedirectHref('signIn');
  return (
    <MessageCard title="You are not currently signed in." primary={{ label: 'Sign in', href: signIn }} />
  );
}

/**
 * A page that needs a signed-in user, seen signed out: 'Sign in' and, where the project takes new
 * users, 'Sign up', both coming back to `returnTo` (the page itself, with its query) afterwards.
 */
export function SignInToContinueCard(props: { title: string; returnTo: string; children: ReactNode }) {
  const { urls } = useApp();
  const project = useProject();
  const signUp = project?.config.signUpEnabled !== false;
  return (
    <MessageCard
      title={props.title}
      primary={{ label: 'Sign in', href: withReturnTo(urls.signIn, props.returnTo) }}
      secondary={signUp ? { label: 'Sign up', href: withReturnTo(urls.signUp, props.returnTo) } : undefined}
    >
      {props.children}
    </MessageCard>
  );
}

/** Shown on the sign-up page when the project takes no new users. */
export function SignUpDisabledCard() {
  const { urls } = useApp();
  const signIn = useRedirectHref('signIn');
  return (
    <MessageCard
      title="Sign up for new users is not enabled at the moment."
      primary={{ label: 'Go home', href: urls.home }}
      secondary={{ label: 'Sign in', href: signIn }}
    />
  );
}

/** After sending a password-reset or similar email; says nothing about whether the user exists. */
export function EmailSentCard() {
  const { urls } = useApp();
  return (
    <MessageCard title="Email sent!" primary={{ label: 'Go home', href: urls.home }}>
      <p>
        If the user with this e-mail address exists, an e-mail was sent to your inbox. Make sure to check your
        spam folder.
      </p>
    </MessageCard>
  );
}

/** After a password reset; 'Sign in' deliberately carries no return-to target. */
export function PasswordResetCard() {
  const { urls } = useApp();
  return (
    <MessageCard title="Password reset successfully!" primary={{ label: 'Sign in', href: urls.signIn }}>
      <p>Your password has been reset. You can now sign in with your new password.</p>
    </MessageCard>
  );
}

/** For failures the user cannot fix. */
export function UnknownErrorCard() {
  const { urls } = useApp();
  return (
    <MessageCard title="An unknown error occurred" primary={{ label: 'Go home', href: urls.home }}>
      <p>Please try again and if the problem persists, contact support.</p>
    </MessageCard>
  );
}

/** For a handler address no route serves. */
export function NotFoundCard() {
  const { urls } = useApp();
  return (
    <MessageCard title="Page not found" primary={{ label: 'Go home', href: urls.home }}>
      <p>There is no page at this address.</p>
    </MessageCard>
  );
}
