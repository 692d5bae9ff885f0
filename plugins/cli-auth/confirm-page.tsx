/**
 * `/handler/cli-auth-confirm?login_code=…`, the page a command-line tool opens (wire.md §6.10).
 * Signed out, it offers sign-in and sign-up, both coming back to this same link. Signed in, it says
 * plainly what confirming does, and only a click on Confirm hands the session on: opening the link
 * alone never does, so a link someone else sent gives them nothing unless the user confirms.
 */
import { type ReactNode, useRef, useState } from 'react';
import { type AppCore, ConnectionError, SignetError } from '../../core/index.js';
import {
  FieldError,
  FullPage,
  type HandlerRouteProps,
  MessageCard,
  Note,
  SignInToContinueCard,
  Skeleton,
  useApp,
  usePluginApi,
  useSessionStatus,
  useUser,
} from '../../react/index.js';
import { type CliAuthUrl, cliAuth } from './index.js';

/** The warning shown before anything is handed on. */
export const CLI_AUTH_WARNING =
  'Confirming gives a command-line tool on this computer access to your account. Only confirm if you started this login in your terminal yourself just now.';
/** What the page says once the tool has been let in. */
export const CLI_AUTH_DONE = 'You can close this tab and return to your terminal.';

/** Where the page is: the question, a confirmation under way, or how it ended. */
type Step =
  | { kind: 'asking' }
  | { kind: 'confirming' }
  | { kind: 'confirmed' }
  | { kind: 'cancelled' }
  | { kind: 'invalid' }
  | { kind: 'failed'; message: string };

/** A failure the user can retry, in words. */
function failureMessage(error: unknown): string {
  if (error instanceof ConnectionError)
    return 'The server could not be reached. Check your connection and try again.';
  if (error instanceof SignetError) return error.message;
  return 'Something went wrong. Please try again.';
}

/** The CLI login page: every state between a tool's link and the user's answer. */
export function CliAuthConfirmPage({ searchParams }: HandlerRouteProps) {
  const app = useApp<AppCore<CliAuthUrl>>();
  const api = usePluginApi(cliAuth);
  const status = useSessionStatus();
  const user = useUser();
  const loginCode = searchParams.get('login_code') ?? '';
  const [step, setStep] = useState<Step>({ kind: 'asking' });
  const busy = useRef(false);

  // This very link, so that signing in or up comes back to it.
  const back = `${app.urls.cliAuthConfirm}?${searchParams.toString()}`;
  const page = (content: ReactNode) => <FullPage>{content}</FullPage>;
  const home = { label: 'Go home', href: app.urls.home };

  const invalidCard = (
    <MessageCard title="Invalid or expired login link" primary={home}>
      <p>
        This command-line login link is invalid, has expired or was already used. Run the login command in
        your terminal again to get a new link.
      </p>
    </MessageCard>
  );
  if (!loginCode || step.kind === 'invalid') return page(invalidCard);
  if (step.kind === 'confirmed')
    return page(
      <MessageCard title="Command-line login confirmed">
        <Note role="status">{CLI_AUTH_DONE}</Note>
      </MessageCard>,
    );
  if (step.kind === 'cancelled')
    return page(
      <MessageCard title="Command-line login cancelled" primary={home}>
        <Note role="status">
          The command-line tool was not given access. You can close this tab; the tool stops waiting when its
          link expires.
        </Note>
      </MessageCard>,
    );
  if (status === 'loading') return page(<Skeleton label="Loading" />);
  if (status === 'signed-out' || !user)
    return page(
      <SignInToContinueCard title="Sign in to continue" returnTo={back}>
        <p>
          A command-line tool asks to sign in to your account. Sign in first; you will come back here to
          confirm.
        </p>
      </SignInToContinueCard>,
    );

  const confirm = async () => {
    if (busy.current) return;
    busy.current = true;
    setStep({ kind: 'confirming' });
    try {
      const result = await api.confirm(loginCode);
      if (result.status === 'ok') setStep({ kind: 'confirmed' });
      else if (result.error.code === 'CLI_LOGIN_CODE_INVALID') setStep({ kind: 'invalid' });
      // The session ended meanwhile: the user signs in again and comes back.
      else setStep({ kind: 'failed', message: 'Your session has ended. Please sign in again.' });
    } catch (error) {
      setStep({ kind: 'failed', message: failureMessage(error) });
    } finally {
      busy.current = false;
    }
  };
  const confirming = step.kind === 'confirming';
  const account = user.primaryEmail ?? user.displayName ?? 'your account';
  return page(
    <MessageCard
      title="Confirm command-line login"
      primary={{ label: 'Confirm', onClick: () => void confirm(), loading: confirming }}
      secondary={{ label: 'Cancel', onClick: () => setStep({ kind: 'cancelled' }), disabled: confirming }}
    >
      <p>
        A command-line tool asks to sign in as <strong>{account}</strong>.
      </p>
      <p role="alert">
        <strong>{CLI_AUTH_WARNING}</strong>
      </p>
      <FieldError>{step.kind === 'failed' ? step.message : null}</FieldError>
    </MessageCard>,
  );
}
