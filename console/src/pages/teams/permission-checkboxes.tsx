/**
 * A set of team permissions chosen with checkboxes: what a definition contains, or what the
 * project gives a team's creator and its new members. System permissions come first, as the list
 * gives them, each with its description beside it.
 */
import type { PermissionDefinition } from 'signet/plugins/admin-team-permission-definitions';

/** Props of `PermissionCheckboxes`. */
export interface PermissionCheckboxesProps {
  /** What the group chooses, in words (the fieldset's legend). */
  legend: string;
  definitions: readonly PermissionDefinition[];
  /** The ids ticked. */
  selected: readonly string[];
  onChange(selected: string[]): void;
  /** An id not offered (a definition cannot contain itself). */
  exclude?: string;
  disabled?: boolean;
}

/** A fieldset of one checkbox per permission. */
export function PermissionCheckboxes({
  legend,
  definitions,
  selected,
  onChange,
  exclude,
  disabled,
}: PermissionCheckboxesProps) {
  const offered = definitions.filter((definition) => definition.id !== exclude);
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...selected.filter((s) => s !== id), id].sort() : selected.filter((s) => s !== id));
  return (
    <fieldset className="console-teams-checkboxes" disabled={disabled}>
      <legend>{legend}</legend>
      {offered.length === 0 && <p className="console-muted">No permissions to choose from yet.</p>}
      {offered.map((definition) => (
        <label key={definition.id} className="console-teams-checkbox">
          <input
            type="checkbox"
            checked={selected.includes(definition.id)}
            onChange={(event) => toggle(definition.id, event.target.checked)}
          />
          <span>
            <code>{definition.id}</code>{' '}
            {definition.description && <span className="console-muted">{definition.description}</span>}
          </span>
        </label>
      ))}
      {selected
        .filter((id) => !offered.some((definition) => definition.id === id) && id !== exclude)
        .map((id) => (
          // A default naming a permission that no longer exists stays visible so it can be unticked.
          <label key={id} className="console-teams-checkbox">
            <input type="checkbox" checked onChange={() => toggle(id, false)} />
            <span>
              <code>{id}</code> <span className="console-muted">not defined</span>
            </span>
          </label>
        ))}
    </fieldset>
  );
}
