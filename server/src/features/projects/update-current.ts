/** `PATCH /projects/current` with admin access (wire.md §4.11, §5.10). */

import { eq } from 'drizzle-orm';
import { AdminProjectSchema } from '../../../../core/wire/project.js';
import { projects } from '../../db/schema.js';
import { defineRoute } from '../../http/route.js';
import { projectChanges } from '../../services/project-update.js';
import { loadAdminProjectView } from '../../services/project-view.js';
import { projectUpdateBody } from './config-body.js';

/** Updates the project as its admin. */
export const updateCurrentProjectRoute = defineRoute({
  method: 'PATCH',
  path: '/projects/current',
  summary: "Changes the project's config",
  response: AdminProjectSchema,
  access: ['admin'],
  body: projectUpdateBody,
  async handler({ ctx, auth, body, request, json }) {
    const set = await projectChanges(ctx, request, auth.project, body);
    const [project] = await ctx.db
      .update(projects)
      .set(set)
      .where(eq(projects.id, auth.project.id))
      .returning();
    return json(await loadAdminProjectView(ctx.db, project!));
  },
});
