/**
 * `/handler/team-invitation?code=…`, the page an emailed team invitation opens. The code is checked
 * first (that works signed out), so a wrong, expired or used link says so before anyone is asked to
 * sign in. Signed out, the page offers sign-in and sign-up, both coming back to this same link.
 * Signed in, it names the team and the account that will join, with Join and Ignore; joining
 * selects the team and links to its settings.
 */

import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type AppCore, RateLimitError, SignetError, withReturnTo } from '../../core/index.js';
import {
  FullPage,
  type HandlerRouteProps,
  MessageCard,
  SignInToContinueCard,
  Skeleton,
  TextButton,
  UnknownErrorCard,
  useApp,
  usePluginApi,
  useSessionStatus,
  useUser,
} from '../../react/index.js';
import { type TeamInvitationDetails, type TeamsUrl, teams } from './index.js';

/** Why a link cannot be used, in words: a card's title and its sentence. */
interface Problem {
  title: string;
  message: string;
}

/** The link's title when its code is missing or unknown (product-spec §2). */
export const INVALID_INVITATION_TITLE = 'Invalid Team Invitation Link';

const MISSING: Problem = {
  title: INVALID_INVITATION_TITLE,
  message: 'This link has no invitation code. Please open the link from your invitation email again.',
};

/**
 * A failed check, details or accept in words; null for a failure the user cannot act on (the
 * unknown-error card).
 */
export function invitationProblem(error: unknown): Problem | null {
  if (error instanceof RateLimitError) return { title: 'Too many attempts', message: error.message };
  if (!(error instanceof SignetError)) return null;
  switch (error.code) {
    case 'VERIFICATION_CODE_NOT_FOUND':
      return {
        title: INVALID_INVITATION_TITLE,
        message: 'Please check that you opened the whole link from your invitation email.',
      };
    case 'VERIFICATION_CODE_EXPIRED':
      return {
        title: 'Expired Team Invitation Link',
        message: 'This invitation has expired. Please ask a member of the team to invite you again.',
      };
    case 'VERIFICATION_CODE_ALREADY_USED':
      return {
        title: 'Used Team Invitation Link',
        message: 'This invitation has already been used, or was declined.',
      };
    case 'VERIFICATION_CODE_MAX_ATTEMPTS_REACHED':
      return {
        title: 'Team Invitation Link Locked',
        message: 'This link was tried too many times. Please ask a member of the team to invite you again.',
      };
    default:
      return { title: 'This invitation cannot be used', message: error.message };
  }
}

/** What a call about the code came to: not yet known, fine, or a problem (null: unexpected). */
type Outcome<T> =
  | { status: 'pending' }
  | { status: 'ok'; data: T }
  | { status: 'failed'; problem: Problem | null };

/** Runs a call about the code and turns its answer (or what it threw) into an `Outcome`. */
const outcomeOf = async <T,>(
  call: () => Promise<{ status: 'ok'; data: T } | { status: 'error'; error: unknown }>,
): Promise<Outcome<T>> => {
  try {
    const result = await call();
    return result.status === 'ok' ? result : { status: 'failed', problem: invitationProblem(result.error) };
  } catch (failure) {
    return { status: 'failed', problem: invitationProblem(failure) };
  }
};

/** The team-invitation page: every state of an emailed invitation link. */
export function TeamInvitationPage({ searchParams }: HandlerRouteProps) {
  const app = useApp<AppCore<TeamsUrl>>();
  const api = usePluginApi(teams);
  const status = useSessionStatus();
  const user = useUser();
  const code = searchParams.get('code') ?? '';
  const [check, setCheck] = useState<Outcome<void>>({ status: 'pending' });
  const [details, setDetails] = useState<Outcome<TeamInvitationDetails>>({ status: 'pending' });
  const [answer, setAnswer] = useState<'none' | 'joining' | 'joined' | 'ignored'>('none');
  // Joining failed: what to say instead of the invitation (null inside: the unknown-error card).
  const [answerFailure, setAnswerFailure] = useState<{ problem: Problem | null } | null>(null);
  const joining = useRef(false);
  const userId = user?.id ?? null;

  // The code, checked without using it: this works signed out.
  useEffect(() => {
    if (!code) return;
    let live = true;
    setCheck({ status: 'pending' });
    void outcomeOf(() => api.checkInvitationCode(code)).then((outcome) => live && setCheck(outcome));
    return () => {
      live = false;
    };
  }, [api, code]);

  // The team it leads to, for the signed-in user (again when another user signs in).
  const checked = check.status === 'ok';
  useEffect(() => {
    if (!code || !checked || !userId) return;
    let live = true;
    setDetails({ status: 'pending' });
    setAnswer('none');
    setAnswerFailure(null);
    void outcomeOf(() => api.invitationDetails(code)).then((outcome) => live && setDetails(outcome));
    return () => {
      live = false;
    };
  }, [api, code, checked, userId]);

  // This very link, so that signing in or up (or as someone else) comes back to it.
  const back = `${app.urls.teamInvitation}?${searchParams.toString()}`;
  const signInHref = withReturnTo(app.urls.signIn, back);

  const page = (content: ReactNode) => <FullPage>{content}</FullPage>;
  const problemCard = (problem: Problem | null) =>
    problem ? (
      <MessageCard title={problem.title} primary={{ label: 'Go home', href: app.urls.home }}>
        <p>{problem.message}</p>
      </MessageCard>
    ) : (
      <UnknownErrorCard />
    );

  if (!code) return page(problemCard(MISSING));
  if (check.status === 'pending' || status === 'loading')
    return page(<Skeleton label="Checking your invitation" />);
  if (check.status === 'failed') return page(problemCard(check.problem));
  if (status === 'signed-out' || !user)
    return page(
      <SignInToContinueCard title="You are invited to join a team" returnTo={back}>
        <p>Sign in or create an account to see the invitation and join the team.</p>
      </SignInToContinueCard>,
    );
  if (answerFailure) return page(problemCard(answerFailure.problem));
  if (details.status === 'pending') return page(<Skeleton label="Loading your invitation" />);
  if (details.status === 'failed') return page(problemCard(details.problem));

  const team = details.data;
  const settingsHref = `${app.urls.teamSettings}/${encodeURIComponent(team.teamId)}`;
  if (answer === 'joined')
    return page(
      <MessageCard
        title={`You joined ${team.teamDisplayName}`}
        primary={{ label: 'Open team settings', href: settingsHref }}
        secondary={{ label: 'Go home', href: app.urls.home }}
      >
        <p>{team.teamDisplayName} is now your selected team.</p>
      </MessageCard>,
    );
  if (answer === 'ignored')
    return page(
      <MessageCard title="Invitation ignored" primary={{ label: 'Go home', href: app.urls.home }}>
        <p>
          You did not join {team.teamDisplayName}. The link keeps working until it expires, if you change your
          mind.
        </p>
      </MessageCard>,
    );

  const join = async () => {
    if (joining.current) return;
    joining.current = true;
    setAnswer('joining');
    const outcome = await outcomeOf(() => api.acceptInvitation(code));
    joining.current = false;
    if (outcome.status === 'failed') {
      setAnswer('none');
      setAnswerFailure({ problem: outcome.problem });
      return;
    }
    // Joined: the new team becomes the selected one (a failure to select leaves the user joined).
    await api.select(team.teamId).catch(() => undefined);
    setAnswer('joined');
  };
  const switchAccount = () =>
    void app.signOut({ redirectUrl: signInHref }).catch(() => setAnswerFailure({ problem: null }));
  const account = user.primaryEmail ?? user.displayName ?? 'this account';
  return page(
    <MessageCard
      title={`You are invited to join ${team.teamDisplayName}`}
      primary={{ label: 'Join', onClick: () => void join(), loading: answer === 'joining' }}
      secondary={{ label: 'Ignore', onClick: () => setAnswer('ignored'), disabled: answer === 'joining' }}
    >
      <p>
        You will join as <strong>{account}</strong>.
      </p>
      <p>
        <TextButton onClick={switchAccount} disabled={answer === 'joining'}>
          Not you? Sign in with another account
        </TextButton>
      </p>
    </MessageCard>,
  );
}
