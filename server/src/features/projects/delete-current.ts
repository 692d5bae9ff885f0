/** `DELETE /projects/current` with admin access (wire.md §4.11). */

import { eq } from 'drizzle-orm';
import { SuccessSchema } from '../../../../core/wire/common.js';
import { projects } from '../../db/schema.js';
import { StatusError } from '../../errors.js';
import { defineRoute } from '../../http/route.js';
import { forgetManagedProject } from '../../services/project-owners.js';
import { emptyBody } from '../fields.js';

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
