/** `PATCH`, `DELETE /team-permission-definitions/{permission_id}` (wire.md §4.10): admin only. */

import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { SuccessSchema } from '../../../../wire/common.js';
import { PermissionDefinitionSchema } from '../../../../wire/team.js';
import { permissionDefinitions } from '../../db/schema.js';
import { knownError } from '../../errors.js';
import { defineRoute } from '../../http/route.js';
import { lockProjectDefinitions } from '../../services/teams/permissions.js';
import { emptyBody } from '../fields.js';
import {
  alreadyExists,
  checkContained,
  compare,
  containedIdsField,
  definitionView,
  descriptionField,
  permissionIdField,
  refuseSystemId,
  replacePermissionId,
} from './shared.js';

/**
 * Changes a definition: a new `id` renames it everywhere it is named (members' grants, other
 * definitions, the project's default lists) in the same transaction; `contained_permission_ids`
 * replaces the list. System permissions cannot be changed.
 */
export const updatePermissionDefinitionRoute = defineRoute({
  method: 'PATCH',
  path: '/team-permission-definitions/:permission_id',
  summary: 'Changes or renames a team permission',
  response: PermissionDefinitionSchema,
  access: ['admin'],
  body: v.optional(
    v.strictObject({
      id: v.optional(permissionIdField),
      description: v.optional(descriptionField),
      contained_permission_ids: v.optional(containedIdsField),
    }),
    {},
  ),
  async handler({ ctx, auth, params, body, json }) {
    const from = params.permission_id;
    refuseSystemId(from, 'changed');
    const row = await ctx.db.transaction(async (tx) => {
      const project = await lockProjectDefinitions(tx, auth.project.id);
      const current = project.definitions.find((d) => d.id === from);
      if (!current) throw knownError('PERMISSION_NOT_FOUND', { permission_id: from });
      const to = body.id ?? from;
      const defined = new Set(project.definitions.map((d) => d.id));
      if (to !== from) {
        if (defined.has(to)) throw alreadyExists(to);
        defined.delete(from);
        defined.add(to);
      }
      // A definition that contains itself keeps doing so under its new id.
      const contained =
        body.contained_permission_ids === undefined
          ? [...new Set(current.containedPermissionIds.map((id) => (id === from ? to : id)))].sort(compare)
          : checkContained(body.contained_permission_ids, defined);
      const [updated] = await tx
        .update(permissionDefinitions)
        .set({
          id: to,
          description: body.description ?? current.description,
          containedPermissionIds: contained,
        })
        .where(and(eq(permissionDefinitions.projectId, auth.project.id), eq(permissionDefinitions.id, from)))
        .returning();
      if (to !== from) await replacePermissionId(tx, project, auth.project.id, from, to);
      return updated!;
    });
    return json(definitionView(row));
  },
});

/**
 * Deletes a definition and every mention of it: members' grants of it, other definitions'
 * contained lists, the project's default lists.
 */
export const deletePermissionDefinitionRoute = defineRoute({
  method: 'DELETE',
  path: '/team-permission-definitions/:permission_id',
  summary: 'Deletes a team permission',
  response: SuccessSchema,
  access: ['admin'],
  body: emptyBody,
  async handler({ ctx, auth, params, json }) {
    const id = params.permission_id;
    refuseSystemId(id, 'deleted');
    await ctx.db.transaction(async (tx) => {
      const project = await lockProjectDefinitions(tx, auth.project.id);
      const deleted = await tx
        .delete(permissionDefinitions)
        .where(and(eq(permissionDefinitions.projectId, auth.project.id), eq(permissionDefinitions.id, id)))
        .returning({ id: permissionDefinitions.id });
      if (deleted.length === 0) throw knownError('PERMISSION_NOT_FOUND', { permission_id: id });
      await replacePermissionId(tx, project, auth.project.id, id, undefined);
    });
    return json({ success: true });
  },
});
