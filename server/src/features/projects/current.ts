/** `GET /projects/current` (wire.md §4.11). */

import * as v from 'valibot';
import { AdminProjectSchema, ClientProjectSchema } from '../../../../core/wire/project.js';
import { defineRoute } from '../../http/route.js';
import { clientProjectView, loadAdminProjectView } from '../../services/project-view.js';

/** The current project: client view for client and server access, admin view for admin. */
export const getCurrentProjectRoute = defineRoute({
  method: 'GET',
  path: '/projects/current',
  summary: 'The current project (client view, or admin view for admins)',
  response: v.union([AdminProjectSchema, ClientProjectSchema]),
  access: ['client', 'server', 'admin'],
  async handler({ ctx, auth, json }) {
    if (auth.type !== 'admin') return json(clientProjectView(auth.project));
    return json(await loadAdminProjectView(ctx.db, auth.project));
  },
});
