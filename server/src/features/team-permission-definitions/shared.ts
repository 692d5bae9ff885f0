/**
 * What the permission-definition endpoints share (wire.md §4.10, §5.6): the id rule, the wire
 * shape, and the places a definition's id is named (members' grants, other definitions, the
 * project's default lists). The project's lock is services/teams/permissions.ts's
 * `lockProjectDefinitions`.
 */
import { and, eq, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import { type PermissionDefinitionJson, SYSTEM_PERMISSIONS } from '../../../../wire/team.js';
import type { Database } from '../../db/database.js';
import { permissionDefinitions, projects, teamMemberPermissions, teams } from '../../db/schema.js';
import { knownError, StatusError } from '../../errors.js';
import { isSystemPermission, type lockProjectDefinitions } from '../../services/teams/permissions.js';
import { boundedString, INPUT_LIMITS } from '../fields.js';

type Tx = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

/** A definition row. */
export type DefinitionRow = typeof permissionDefinitions.$inferSelect;

/**
 * A project's own permission id (product-spec §3): lowercase letters, digits, `:` and `_`; the
 * leading `$` belongs to the system permissions.
 */
export const permissionIdField = v.pipe(
  boundedString(INPUT_LIMITS.name),
  v.regex(
    /^[a-z0-9_:]+$/,
    'must contain only lowercase letters, numbers, ":" and "_" (a leading "$" is reserved for system permissions)',
  ),
);

/** The ids a definition contains, as a request gives them (each is checked to exist). */
export const containedIdsField = v.pipe(
  v.array(boundedString(INPUT_LIMITS.name)),
  v.maxLength(1000, 'must have at most 1000 items'),
);

/** A description, as a request gives it. */
export const descriptionField = boundedString(INPUT_LIMITS.text);

/** The wire shape of a definition: contained ids sorted, no `description` key when there is none. */
export function definitionView(row: {
  id: string;
  description: string | null;
  containedPermissionIds: readonly string[];
}): PermissionDefinitionJson {
  return {
    id: row.id,
    ...(row.description === null ? {} : { description: row.description }),
    contained_permission_ids: [...row.containedPermissionIds].sort(compare),
  };
}

/** The five system permissions as definitions. */
export function systemDefinitionViews(): PermissionDefinitionJson[] {
  return Object.entries(SYSTEM_PERMISSIONS).map(([id, description]) => ({
    id,
    description,
    contained_permission_ids: [],
  }));
}

/** Code-unit order, the same on every database. */
export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Refuses changes to a system permission (400 text) and answers PERMISSION_NOT_FOUND for any
 * other `$` id, which no project can define.
 */
export function refuseSystemId(id: string, verb: 'changed' | 'deleted'): void {
  if (isSystemPermission(id)) throw new StatusError(400, `System permission "${id}" cannot be ${verb}.`);
  if (id.startsWith('$')) throw knownError('PERMISSION_NOT_FOUND', { permission_id: id });
}

/**
 * `ids` deduplicated and sorted, each checked to be a system permission or in `defined`
 * (CONTAINED_PERMISSION_NOT_FOUND for the first that is neither).
 */
export function checkContained(ids: readonly string[], defined: ReadonlySet<string>): string[] {
  for (const id of ids) {
    if (!isSystemPermission(id) && !defined.has(id)) {
      throw knownError('CONTAINED_PERMISSION_NOT_FOUND', { permission_id: id });
    }
  }
  return [...new Set(ids)].sort(compare);
}

/** 409 text for a definition id the project already has. */
export function alreadyExists(id: string): StatusError {
  return new StatusError(409, `Permission "${id}" already exists.`);
}

/**
 * Renames (`to` a new id) or removes (`to` undefined) `from` wherever the project names it other
 * than its own definition row: members' grants, other definitions' contained lists, and the
 * project's default lists for team creators and members.
 */
export async function replacePermissionId(
  tx: Tx,
  project: Awaited<ReturnType<typeof lockProjectDefinitions>>,
  projectId: string,
  from: string,
  to: string | undefined,
): Promise<void> {
  const projectTeams = tx.select({ id: teams.id }).from(teams).where(eq(teams.projectId, projectId));
  const grantsOf = (id: string) =>
    and(eq(teamMemberPermissions.permissionId, id), inArray(teamMemberPermissions.teamId, projectTeams));
  if (to === undefined) {
    await tx.delete(teamMemberPermissions).where(grantsOf(from));
  } else {
    // No definition had the new id, so grants of it are leftovers; they would collide.
    await tx.delete(teamMemberPermissions).where(grantsOf(to));
    await tx.update(teamMemberPermissions).set({ permissionId: to }).where(grantsOf(from));
  }

  const swap = (ids: readonly string[]) => {
    const out = ids.flatMap((id) => (id === from ? (to === undefined ? [] : [to]) : [id]));
    return [...new Set(out)].sort(compare);
  };
  for (const definition of project.definitions) {
    if (definition.id === from || !definition.containedPermissionIds.includes(from)) continue;
    await tx
      .update(permissionDefinitions)
      .set({ containedPermissionIds: swap(definition.containedPermissionIds) })
      .where(
        and(eq(permissionDefinitions.projectId, projectId), eq(permissionDefinitions.id, definition.id)),
      );
  }

  const swapList = (list: { id: string }[]) => {
    const seen = new Set<string>();
    const out: { id: string }[] = [];
    for (const { id: old } of list) {
      const id = old === from ? to : old;
      if (id === undefined || seen.has(id)) continue;
      seen.add(id);
      out.push({ id });
    }
    return out;
  };
  const { creator, member } = project.defaults;
  const names = (list: { id: string }[]) => list.some((p) => p.id === from);
  if (names(creator) || names(member)) {
    await tx
      .update(projects)
      .set({
        teamCreatorDefaultPermissions: swapList(creator),
        teamMemberDefaultPermissions: swapList(member),
      })
      .where(eq(projects.id, projectId));
  }
}
