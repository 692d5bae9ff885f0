/**
 * Defines a team permission or changes one: its id (a new id renames it everywhere it is named),
 * its description and the permissions it contains. The id rule is checked here first, so a typo
 * is a message under the field rather than a round trip.
 */
import { useState } from 'react';
import type { PermissionDefinition } from 'signet/plugins/admin-team-permission-definitions';
import { Form, FormError, TextField } from 'signet/react';
import { useProjectAdmin } from '../../admin/admin-context.js';
import { FormButtons } from '../../shell/form-buttons.js';
import { messageOf } from '../../shell/use-load.js';
import { PermissionCheckboxes } from './permission-checkboxes.js';

/** Why `id` cannot name a project's permission, or undefined when it can. */
export function permissionIdProblem(id: string): string | undefined {
  if (!id) return 'Give the permission an id.';
  if (id.startsWith('$')) return 'Ids starting with “$” are reserved for the system permissions.';
  if (!/^[a-z0-9_:]+$/.test(id)) return 'Use only lowercase letters, numbers, “:” and “_”.';
  return undefined;
}

/** Props of `DefinitionForm`. */
export interface DefinitionFormProps {
  /** Every definition, to choose contained ones from. */
  definitions: readonly PermissionDefinition[];
  /** The definition being changed; a new one when left out. */
  editing?: PermissionDefinition;
  onSaved(definition: PermissionDefinition, previousId?: string): void;
  onCancel(): void;
}

/** The create / edit form of a permission definition. */
export function DefinitionForm({ definitions, editing, onSaved, onCancel }: DefinitionFormProps) {
  const { app } = useProjectAdmin();
  const [id, setId] = useState(editing?.id ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [contained, setContained] = useState<string[]>(editing?.containedPermissionIds ?? []);
  const [idError, setIdError] = useState<string>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (busy) return;
    const trimmed = id.trim();
    const problem = permissionIdProblem(trimmed);
    if (problem) {
      setIdError(problem);
      return;
    }
    setBusy(true);
    setFormError(null);
    try {
      const fields = { description: description.trim(), containedPermissionIds: contained };
      const saved = editing
        ? await app.teamPermissionDefinitions.update(editing.id, {
            ...fields,
            ...(trimmed === editing.id ? {} : { id: trimmed }),
          })
        : await app.teamPermissionDefinitions.create({ id: trimmed, ...fields });
      if (saved.status === 'error') {
        setFormError(
          saved.error.code === 'CONTAINED_PERMISSION_NOT_FOUND'
            ? 'A contained permission no longer exists. Reload the page and choose again.'
            : saved.error.message,
        );
        return;
      }
      onSaved(saved.data, editing?.id);
    } catch (thrown) {
      const status = (thrown as { status?: number }).status;
      if (status === 409) setIdError(`The project already has a permission “${trimmed}”.`);
      else setFormError(messageOf(thrown));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form name={editing ? 'edit-permission' : 'create-permission'} onSubmit={submit}>
      <div className="console-teams-definition-form">
        <TextField
          label="Permission ID"
          value={id}
          error={idError}
          autoFocus
          autoComplete="off"
          spellCheck={false}
          maxLength={1000}
          placeholder="e.g. billing:read"
          onChange={(event) => {
            setId(event.target.value);
            setIdError(undefined);
          }}
        />
        {editing && id.trim() !== editing.id && (
          <p className="console-muted">
            Renaming carries the new id into every member’s grant, other permissions and the defaults.
          </p>
        )}
        <TextField
          label="Description"
          value={description}
          maxLength={10_000}
          onChange={(event) => setDescription(event.target.value)}
        />
        <PermissionCheckboxes
          legend="Contained permissions (holding this one also gives these)"
          definitions={definitions}
          selected={contained}
          onChange={setContained}
          exclude={editing?.id}
          disabled={busy}
        />
        <FormError>{formError}</FormError>
        <FormButtons
          submit={editing ? 'Save permission' : 'Create permission'}
          busy={busy}
          onCancel={onCancel}
        />
      </div>
    </Form>
  );
}
