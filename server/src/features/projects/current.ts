/** `GET`, `PATCH`, `DELETE /projects/current` (wire.md §4.11): the project, as its clients and its admins see it. */

import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { SuccessSchema } from '../../../../wire/common.js';
import { AdminProjectSchema, ClientProjectSchema } from '../../../../wire/project.js';
import { projects } from '../../db/schema.js';
import { StatusError } from '../../errors.js';
import { defineRoute } from '../../http/route.js';
import { forgetManagedProject } from '../../services/project-owners.js';
import { clientProjectView, loadAdminProjectView } from '../../services/project-view.js';
import { emptyBody } from '../fields.js';
import { projectUpdateBody } from './config-body.js';
import { projectChanges, saveProjectChanges } from './project-changes.js';

/** The current project: client view for client and server access, admin view for admin. */
export const getCurrentProjectRoute = defineRoute({
  method: 'GET',
  path: '/projects/current',
  summary: 'The current project (client view, or admin view for admins)',
  response: v.union([AdminProjectSchema, ClientProjectSchema]),
  access: ['client', 'server', 'admin'],
  // Every app asks for this at start. Client and server access get the project authentication
  // brought, answered in the turn the request arrived when it came from memory, with the text made
  // the first time that record was sent; admins get the user count read now.
  handler({ ctx, auth, json, jsonOf }) {
    if (auth.type !== 'admin') return jsonOf(auth.project, clientProjectView);
    return loadAdminProjectView(ctx.db, auth.project).then(json);
  },
});

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
    const project = await saveProjectChanges(ctx, auth.project.id, body, set);
    return json(await loadAdminProjectView(ctx.db, project));
  },
});

/**
 * Deletes the project and everything it owns: users and their channels, passwords and sessions,
 * keys, codes, templates and sent emails go with it (ON DELETE CASCADE), and its owners stop
 * listing it.
 */
export const deleteCurrentProjectRoute = defineRoute({
  method: 'DELETE',
  path: '/projects/current',
  summary: 'Deletes the project and everything it owns',
  response: SuccessSchema,
  access: ['admin'],
  body: emptyBody,
  async handler({ ctx, auth, json }) {
    // Every owner and every admin token lives in it.
    if (auth.project.id === 'internal') throw new StatusError(400, 'The internal project cannot be deleted.');
    await ctx.db.transaction(async (tx) => {
      await tx.delete(projects).where(eq(projects.id, auth.project.id));
      await forgetManagedProject(tx, auth.project.id);
    });
    return json({ success: true });
  },
});
