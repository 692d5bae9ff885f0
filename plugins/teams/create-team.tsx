/**
 * Creating a team: the form (name required), usable anywhere under the provider, and the handler
 * page `/handler/create-team` around it, which selects the new team and opens its settings page
 * (or the page named by `after_auth_return_to`, when the link carries one the app trusts).
 */

import { type AppCore, HttpStatusError, RETURN_TO_PARAM } from '../../core/index.js';
import {
  Button,
  Card,
  Form,
  FormError,
  FullPage,
  type HandlerRouteProps,
  isExpectedFailure,
  MessageCard,
  SignedOutCard,
  Skeleton,
  TextField,
  UNHANDLED_MESSAGE,
  useApp,
  useAuthSubmit,
  useFormFields,
  usePluginApi,
  useProject,
  useSessionStatus,
} from '../../react/index.js';
import { type Team, type TeamsUrl, teams } from './index.js';

/** Shown for an empty (or blank) team name. */
export const TEAM_NAME_REQUIRED = 'Please enter a team name';
/** Shown when the project lets no client create teams. */
export const TEAM_CREATION_DISABLED = 'Team creation is not enabled';

/** Props of `CreateTeamForm`. */
export interface CreateTeamFormProps {
  /**
   * Called with the new team once it exists (the team list is already reloaded). Without it the
   * form only resets, so it can sit in a page that lists the teams.
   */
  onCreated?: (team: Team) => void | Promise<void>;
}

/**
 * A team name and 'Create team'. The project must let clients create teams (a refusal shows in
 * words); signed out, the server's message says so.
 */
export function CreateTeamForm({ onCreated }: CreateTeamFormProps) {
  const api = usePluginApi(teams);
  const form = useFormFields({ name: '' });
  const { pending, submit } = useAuthSubmit(async () => {
    const displayName = form.values.name.trim();
    if (form.showErrors({ name: displayName ? undefined : TEAM_NAME_REQUIRED })) return;
    try {
      const result = await api.create({ displayName });
      // The only declared failure is being signed out: about the form, not the name.
      if (result.status === 'error') return form.setFormError(result.error.message);
      await onCreated?.(result.data);
    } catch (failure) {
      // The project's setting changed since the page loaded: the server refuses with a bare 403.
      if (failure instanceof HttpStatusError && failure.status === 403)
        form.setFormError(`${TEAM_CREATION_DISABLED} for this app.`);
      else if (isExpectedFailure(failure)) form.setFormError(failure.message);
      else form.setFormError(`${UNHANDLED_MESSAGE} ${(failure as Error)?.message ?? String(failure)}`);
    }
  });
  return (
    <Form name="create-team" onSubmit={() => void submit()}>
      <TextField label="Team name" name="teamName" autoComplete="organization" {...form.field('name')} />
      <FormError>{form.formError}</FormError>
      <Button type="submit" variant="primary" loading={pending}>
        Create team
      </Button>
    </Form>
  );
}

/**
 * `/handler/create-team`: the form, then the new team selected and its settings page opened. The
 * project forbidding client team creation shows a message instead of the form; signed out, the
 * signed-out card (its 'Sign in' comes back here).
 */
export function CreateTeamPage({ searchParams }: HandlerRouteProps) {
  const app = useApp<AppCore<TeamsUrl>>();
  const api = usePluginApi(teams);
  const status = useSessionStatus();
  const project = useProject();

  if (status === 'loading' || !project)
    return (
      <FullPage>
        <Skeleton />
      </FullPage>
    );
  if (status === 'signed-out')
    return (
      <FullPage>
        <SignedOutCard />
      </FullPage>
    );
  if (!project.config.clientTeamCreationEnabled)
    return (
      <FullPage>
        <MessageCard title={TEAM_CREATION_DISABLED} primary={{ label: 'Go home', href: app.urls.home }}>
          <p>This app does not let users create teams. Ask a team's member to invite you instead.</p>
        </MessageCard>
      </FullPage>
    );

  const created = async (team: Team) => {
    // Selecting is a convenience: the team exists either way, so a failure here does not stop us.
    await api.select(team.id).catch(() => undefined);
    const returnTo = searchParams.get(RETURN_TO_PARAM);
    const url =
      returnTo && app.redirect.isTrusted(returnTo)
        ? returnTo
        : `${app.urls.teamSettings}/${encodeURIComponent(team.id)}`;
    await app.redirect.redirect({ url });
  };
  return (
    <FullPage>
      <Card title="Create a team">
        <CreateTeamForm onCreated={created} />
      </Card>
    </FullPage>
  );
}
