/**
 * `GET` and `POST /internal/projects` (wire.md §4.11): a signed-in user of the `internal` project
 * lists the projects it manages and creates new ones, becoming their owner.
 */

import { desc, inArray, sql } from 'drizzle-orm';
import { listOf } from '../../../../wire/common.js';
import { AdminProjectSchema } from '../../../../wire/project.js';
import { randomUuid } from '../../crypto/random.js';
import { projects } from '../../db/schema.js';
import { knownError } from '../../errors.js';
import { defineRoute } from '../../http/route.js';
import { addManagedProject, managedProjectIds } from '../../services/project-owners.js';
import { adminProjectView, loadAdminProjectView } from '../../services/project-view.js';
import type { RequestAuth } from '../../services/request-auth.js';
import { addDefaultPermissionDefinitions } from '../../services/teams/permissions.js';
import type { UserRecord } from '../../services/users.js';
import { projectCreateBody } from '../projects/config-body.js';
import { projectChanges } from '../projects/project-changes.js';

/** The signed-in owner of an internal-project request. */
function owner(auth: RequestAuth): UserRecord {
  if (!auth.user) throw knownError('USER_AUTHENTICATION_REQUIRED');
  if (auth.project.id !== 'internal') throw knownError('EXPECTED_INTERNAL_PROJECT');
  return auth.user;
}

const ANY = ['client', 'server', 'admin'] as const;

/** The projects the signed-in user manages, newest first. */
export const listOwnedProjectsRoute = defineRoute({
  method: 'GET',
  path: '/internal/projects',
  summary: 'The projects the signed-in owner manages',
  response: listOf(AdminProjectSchema),
  access: ANY,
  async handler({ ctx, auth, json }) {
    const ids = managedProjectIds(owner(auth).row.serverMetadata);
    if (ids.length === 0) return json({ items: [], is_paginated: false });
    // Spelled out: in a one-table select drizzle leaves column names unqualified.
    const userCount = sql<number>`(select count(*) from users where users.project_id = projects.id)::int`;
    const rows = await ctx.db
      .select({ project: projects, userCount })
      .from(projects)
      .where(inArray(projects.id, ids))
      .orderBy(desc(projects.createdAt), desc(projects.id));
    return json({ items: rows.map((r) => adminProjectView(r.project, r.userCount)), is_paginated: false });
  },
});

/** Creates a project with the defaults of wire.md §5.10, owned by the signed-in user. */
export const createOwnedProjectRoute = defineRoute({
  method: 'POST',
  path: '/internal/projects',
  summary: 'Creates a project owned by the signed-in user',
  response: AdminProjectSchema,
  status: 201,
  access: ANY,
  body: projectCreateBody,
  async handler({ ctx, auth, body, request, json }) {
    const user = owner(auth);
    const changes = await projectChanges(ctx, request, undefined, body);
    const id = randomUuid();
    const project = await ctx.db.transaction(async (tx) => {
      const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      const [row] = await tx
        .insert(projects)
        .values({
          id,
          displayName: body.display_name,
          createdAt: new Date(ctx.now()),
          configId: randomUuid(),
          ...defined,
        })
        .returning();
      await addManagedProject(tx, user.row.id, id);
      await addDefaultPermissionDefinitions(tx, id);
      return row!;
    });
    return json(await loadAdminProjectView(ctx.db, project), 201);
  },
});
