/** `GET /projects/current` (wire.md §4.11). */
import { count, eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import { defineRoute } from '../../http/route.js';
import { adminProjectView, clientProjectView } from '../../services/project-view.js';

/** The current project: client view for client and server access, admin view for admin. */
export const getCurrentProjectRoute = defineRoute({
  method: 'GET',
  path: '/projects/current',
  access: ['client', 'server', 'admin'],
  async handler({ ctx, auth, json }) {
    if (auth.type !== 'admin') return json(clientProjectView(auth.project));
    const [row] = await ctx.db.select({ n: count() }).from(users).where(eq(users.projectId, auth.project.id));
    return json(adminProjectView(auth.project, row?.n ?? 0));
  },
});
