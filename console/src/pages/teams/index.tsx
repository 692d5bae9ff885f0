/**
 * The Teams page (`/projects/:projectId/teams`): the project's teams, its team permission
 * definitions, and its team settings. The definitions are loaded once here, since the settings'
 * default lists choose from them too.
 */
import { useProjectAdmin } from '../../admin/admin-context.js';
import type { PageProps } from '../../shell/page.js';
import { PageHeader } from '../../shell/states.js';
import { useLoad } from '../../shell/use-load.js';
import { DefinitionsSection } from './definitions-section.js';
import { SettingsSection } from './settings-section.js';
import { TeamsSection } from './teams-section.js';
import './teams.css';

/** The teams page. */
export default function TeamsPage(_props: PageProps) {
  const { app } = useProjectAdmin();
  const definitions = useLoad(() => app.teamPermissionDefinitions.list(), [app]);
  return (
    <>
      <PageHeader
        title="Teams"
        description="Teams of the project, what their members may do, and how new teams start."
      />
      <TeamsSection />
      <DefinitionsSection definitions={definitions} />
      <SettingsSection definitions={definitions} />
    </>
  );
}
