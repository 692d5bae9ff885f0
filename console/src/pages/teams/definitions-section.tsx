/**
 * The project's team permissions: the five system ones (read-only, marked "System") and the
 * project's own, which can be created, edited (description and contained permissions), renamed
 * and deleted after a confirmation. A rename or a delete also changes the project's default
 * lists on the server, so the project config is reloaded after either.
 */
import { useState } from 'react';
import type { PermissionDefinition } from 'signet/plugins/admin-team-permission-definitions';
import { Badge, Button, ConfirmButton } from 'signet/react';
import { useProjectAdmin } from '../../admin/admin-context.js';
import { EmptyState, LoadStatus, Section } from '../../shell/states.js';
import { TableFrame } from '../../shell/table-frame.js';
import { useToast } from '../../shell/toasts.js';
import type { Loaded } from '../../shell/use-load.js';
import { messageOf } from '../../shell/use-load.js';
import { DefinitionForm } from './definition-form.js';

/** The "Permission definitions" section of the teams page. */
export function DefinitionsSection({ definitions }: { definitions: Loaded<PermissionDefinition[]> }) {
  const { app, reload: reloadProject } = useProjectAdmin();
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const list = definitions.data ?? [];
  const own = list.filter((definition) => !definition.isSystem);

  const remove = async (definition: PermissionDefinition) => {
    try {
      const deleted = await app.teamPermissionDefinitions.delete(definition.id);
      if (deleted.status === 'error') throw deleted.error;
      definitions.set(
        list
          .filter((d) => d.id !== definition.id)
          .map((d) => ({
            ...d,
            containedPermissionIds: d.containedPermissionIds.filter((c) => c !== definition.id),
          })),
      );
      toast(`Permission “${definition.id}” deleted`);
      await reloadProject();
    } catch (thrown) {
      toast(`The permission could not be deleted. ${messageOf(thrown)}`, 'error');
    }
  };

  return (
    <Section
      title="Permission definitions"
      actions={
        !creating &&
        definitions.status === 'ready' && (
          <Button variant="secondary" onClick={() => setCreating(true)}>
            New permission
          </Button>
        )
      }
    >
      <p className="console-muted">
        What members of a team may do. System permissions (starting with “$”) are built in; your own can
        contain others, so holding one gives every permission it contains.
      </p>
      {creating && (
        <DefinitionForm
          definitions={list}
          onCancel={() => setCreating(false)}
          onSaved={(created) => {
            setCreating(false);
            definitions.set([...list, created].sort((a, b) => compareIds(a.id, b.id)));
            toast(`Permission “${created.id}” created`);
          }}
        />
      )}
      <LoadStatus of={definitions} loading="Loading permissions" rows={3} what="The permissions" />
      {definitions.status === 'ready' && (
        <>
          <TableFrame columns={['Permission', 'Description', 'Contains', 'Actions']}>
            {list.map((definition) =>
              editing === definition.id ? (
                <tr key={definition.id}>
                  <td colSpan={4}>
                    <DefinitionForm
                      definitions={list}
                      editing={definition}
                      onCancel={() => setEditing(null)}
                      onSaved={(saved, previousId) => {
                        setEditing(null);
                        definitions.set(
                          list
                            .map((d) => (d.id === previousId ? saved : d))
                            .map((d) => ({
                              ...d,
                              containedPermissionIds: d.containedPermissionIds
                                .map((c) => (c === previousId ? saved.id : c))
                                .sort(compareIds),
                            }))
                            .sort((a, b) => compareIds(a.id, b.id)),
                        );
                        toast(`Permission “${saved.id}” saved`);
                        if (previousId !== saved.id) void reloadProject();
                      }}
                    />
                  </td>
                </tr>
              ) : (
                <tr key={definition.id}>
                  <td>
                    <code>{definition.id}</code> {definition.isSystem && <Badge>System</Badge>}
                  </td>
                  <td>{definition.description || <span className="console-muted">—</span>}</td>
                  <td>
                    {definition.containedPermissionIds.length === 0 ? (
                      <span className="console-muted">—</span>
                    ) : (
                      <ul className="console-teams-chips">
                        {definition.containedPermissionIds.map((id) => (
                          <li key={id}>
                            <code>{id}</code>
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td>
                    {definition.isSystem ? (
                      <span className="console-muted">Built in</span>
                    ) : (
                      <div className="console-teams-actions">
                        <Button
                          variant="secondary"
                          aria-label={`Edit ${definition.id}`}
                          onClick={() => setEditing(definition.id)}
                        >
                          Edit
                        </Button>
                        <ConfirmButton
                          label="Delete"
                          question={
                            <>
                              Delete “{definition.id}”? Every member loses it, and permissions and defaults
                              that contain it no longer do.
                            </>
                          }
                          confirmLabel="Delete permission"
                          onConfirm={() => remove(definition)}
                        />
                      </div>
                    )}
                  </td>
                </tr>
              ),
            )}
          </TableFrame>
          {own.length === 0 && (
            <EmptyState title="No permissions of your own yet">
              Create one to give members more than the system permissions.
            </EmptyState>
          )}
        </>
      )}
    </Section>
  );
}

/** Sorts ids as the server does (plain code-unit order, so `$` ones come first). */
function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
