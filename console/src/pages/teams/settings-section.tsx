/**
 * The project's team settings: whether signed-in users may create teams, whether each new user
 * gets a personal team, and the permissions a team's creator and its new members start with. Saved
 * together into the project config, which every console page then shares.
 */
import { useState } from 'react';
import type { PermissionDefinition } from 'signet/plugins/admin-team-permission-definitions';
import { Actions, Button, FormError } from 'signet/react';
import { useProjectAdmin } from '../../admin/admin-context.js';
import { LoadStatus, Section } from '../../shell/states.js';
import { useToast } from '../../shell/toasts.js';
import type { Loaded } from '../../shell/use-load.js';
import { messageOf } from '../../shell/use-load.js';
import { PermissionCheckboxes } from './permission-checkboxes.js';

const ids = (list: readonly { id: string }[]) => list.map((p) => p.id).sort();
const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/** The "Team settings" section of the teams page. */
export function SettingsSection({ definitions }: { definitions: Loaded<PermissionDefinition[]> }) {
  const { project } = useProjectAdmin();
  return (
    <Section title="Team settings">
      <LoadStatus of={definitions} loading="Loading team settings" rows={3} what="The permissions" />
      {definitions.status === 'ready' && (
        // A config saved elsewhere (or a permission renamed above) starts the form afresh.
        <SettingsForm key={JSON.stringify(project.config)} definitions={definitions.data} />
      )}
    </Section>
  );
}

function SettingsForm({ definitions }: { definitions: readonly PermissionDefinition[] }) {
  const { app, project, setProject } = useProjectAdmin();
  const toast = useToast();
  const saved = project.config;
  const [clientCreation, setClientCreation] = useState(saved.clientTeamCreationEnabled);
  const [personalTeam, setPersonalTeam] = useState(saved.createTeamOnSignUp);
  const [creator, setCreator] = useState(ids(saved.teamCreatorDefaultPermissions));
  const [member, setMember] = useState(ids(saved.teamMemberDefaultPermissions));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const changed =
    clientCreation !== saved.clientTeamCreationEnabled ||
    personalTeam !== saved.createTeamOnSignUp ||
    !sameIds(creator, ids(saved.teamCreatorDefaultPermissions)) ||
    !sameIds(member, ids(saved.teamMemberDefaultPermissions));

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const updated = await app.adminProject.update({
        config: {
          clientTeamCreationEnabled: clientCreation,
          createTeamOnSignUp: personalTeam,
          teamCreatorDefaultPermissions: creator.map((id) => ({ id })),
          teamMemberDefaultPermissions: member.map((id) => ({ id })),
        },
      });
      if (updated.status === 'error') {
        setError(updated.error.message);
        return;
      }
      setProject(updated.data);
      toast('Team settings saved');
    } catch (thrown) {
      setError(messageOf(thrown));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="console-teams-settings"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void save();
      }}
    >
      <label className="console-teams-checkbox">
        <input
          type="checkbox"
          checked={clientCreation}
          onChange={(event) => setClientCreation(event.target.checked)}
        />
        <span>
          Users can create teams
          <span className="console-muted console-teams-hint">
            Signed-in users create teams from the app; otherwise only your server code and this console can.
          </span>
        </span>
      </label>
      <label className="console-teams-checkbox">
        <input
          type="checkbox"
          checked={personalTeam}
          onChange={(event) => setPersonalTeam(event.target.checked)}
        />
        <span>
          Create a personal team on sign-up
          <span className="console-muted console-teams-hint">
            Each new user gets a team of their own, with the creator’s permissions.
          </span>
        </span>
      </label>
      <div className="console-teams-defaults">
        <PermissionCheckboxes
          legend="Permissions of a team’s creator"
          definitions={definitions}
          selected={creator}
          onChange={setCreator}
          disabled={busy}
        />
        <PermissionCheckboxes
          legend="Permissions of new members"
          definitions={definitions}
          selected={member}
          onChange={setMember}
          disabled={busy}
        />
      </div>
      <FormError>{error}</FormError>
      <Actions>
        <Button type="submit" loading={busy} disabled={!changed}>
          Save team settings
        </Button>
        {changed && <span className="console-muted">Unsaved changes</span>}
      </Actions>
    </form>
  );
}
