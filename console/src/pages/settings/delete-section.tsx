/**
 * Deleting the project, confirmed by typing its name: then the console goes to the projects list,
 * reloaded so the project is gone from it and from the switcher.
 */
import { useState } from 'react';
import { Actions, FormError, Stack, TypeToConfirm } from 'signet/react';
import { useProjectAdmin } from '../../admin/admin-context.js';
import { navigate } from '../../router/router.js';
import { useOwner } from '../../shell/owner-context.js';
import { Section } from '../../shell/states.js';
import { useToast } from '../../shell/toasts.js';
import { messageOf } from '../../shell/use-load.js';

/** Delete project. */
export function DeleteSection() {
  const { app, project } = useProjectAdmin();
  const { projects } = useOwner();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  return (
    <Section title="Delete project">
      <Stack>
        <p className="console-muted">
          Deleting the project removes its users, teams, keys, emails and webhooks for good. Apps using it
          stop working.
        </p>
        <Actions>
          <TypeToConfirm
            label="Delete project"
            question={`Delete “${project.displayName}” and everything in it? This cannot be undone.`}
            expected={project.displayName}
            fieldLabel={`Type the project name, “${project.displayName}”, to confirm`}
            confirmLabel="Delete this project"
            onConfirm={async () => {
              setError(null);
              try {
                await app.adminProject.delete();
              } catch (cause) {
                setError(`The project could not be deleted. ${messageOf(cause)}`);
                return;
              }
              projects.reload();
              navigate('/projects');
              toast(`Project “${project.displayName}” deleted`);
            }}
          />
        </Actions>
        <FormError>{error}</FormError>
      </Stack>
    </Section>
  );
}
