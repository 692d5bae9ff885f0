/** `GET` and `POST /team-permission-definitions` (wire.md §4.10, §5.6): admin only. */

import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { listOf } from '../../../../wire/common.js';
import { PermissionDefinitionSchema } from '../../../../wire/team.js';
import { permissionDefinitions } from '../../db/schema.js';
import { defineRoute } from '../../http/route.js';
import { lockProjectDefinitions } from '../../services/teams/permissions.js';
import {
  alreadyExists,
  checkContained,
  compare,
  containedIdsField,
  definitionView,
  descriptionField,
  permissionIdField,
  systemDefinitionViews,
} from './shared.js';

/** The five system permissions and the project's own, by id. */
export const listPermissionDefinitionsRoute = defineRoute({
  method: 'GET',
  path: '/team-permission-definitions',
  summary: "The project's team permissions, system ones included",
  response: listOf(PermissionDefinitionSchema),
  access: ['admin'],
  async handler({ ctx, auth, json }) {
    const rows = await ctx.db
      .select()
      .from(permissionDefinitions)
      .where(eq(permissionDefinitions.projectId, auth.project.id));
    const items = [...systemDefinitionViews(), ...rows.map(definitionView)].sort((a, b) =>
      compare(a.id, b.id),
    );
    return json({ items, is_paginated: false });
  },
});

/** Defines a permission; what it contains must exist already (system or defined). */
export const createPermissionDefinitionRoute = defineRoute({
  method: 'POST',
  path: '/team-permission-definitions',
  summary: 'Defines a team permission',
  response: PermissionDefinitionSchema,
  status: 201,
  access: ['admin'],
  body: v.strictObject({
    id: permissionIdField,
    description: v.optional(descriptionField),
    contained_permission_ids: v.optional(containedIdsField),
  }),
  async handler({ ctx, auth, body, json }) {
    const row = await ctx.db.transaction(async (tx) => {
      const project = await lockProjectDefinitions(tx, auth.project.id);
      const defined = new Set(project.definitions.map((d) => d.id));
      if (defined.has(body.id)) throw alreadyExists(body.id);
      const contained = checkContained(body.contained_permission_ids ?? [], defined);
      const [inserted] = await tx
        .insert(permissionDefinitions)
        .values({
          projectId: auth.project.id,
          id: body.id,
          description: body.description ?? null,
          containedPermissionIds: contained,
        })
        .returning();
      return inserted!;
    });
    return json(definitionView(row), 201);
  },
});
