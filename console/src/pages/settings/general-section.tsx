/** The project's name and description, saved together. */
import { useState } from 'react';
import { Actions, Button, Form, FormError, Stack, TextField } from 'signet/react';
import { useProjectAdmin } from '../../admin/admin-context.js';
import { useOwner } from '../../shell/owner-context.js';
import { Section } from '../../shell/states.js';
import { useProjectUpdate } from './use-project-update.js';

/** Name and description. */
export function GeneralSection() {
  const { project } = useProjectAdmin();
  const { save, saving } = useProjectUpdate();
  const { projects } = useOwner();
  const [name, setName] = useState(project.displayName);
  const [description, setDescription] = useState(project.description);
  const [nameError, setNameError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const changed = name !== project.displayName || description !== project.description;
  return (
    <Section title="General">
      <Form
        name="project-general"
        onSubmit={async () => {
          if (!name.trim()) {
            setNameError('Enter a project name.');
            return;
          }
          const renamed = name.trim() !== project.displayName;
          const failure = await save({ displayName: name.trim(), description }, 'Project saved');
          setError(failure);
          // The project switcher and the projects list show the name too.
          if (!failure && renamed) projects.reload();
        }}
      >
        <Stack>
          <TextField
            label="Project name"
            value={name}
            error={nameError}
            onChange={(event) => {
              setName(event.target.value);
              setNameError(undefined);
            }}
          />
          <div className="signet-field">
            <label className="signet-label" htmlFor="console-settings-description">
              Description
            </label>
            <textarea
              id="console-settings-description"
              className="console-settings-description"
              rows={3}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
            />
          </div>
          <FormError>{error}</FormError>
          <Actions>
            <Button type="submit" loading={saving} disabled={!changed}>
              Save
            </Button>
          </Actions>
        </Stack>
      </Form>
    </Section>
  );
}
