/** `GET /projects/{project_id}/.well-known/jwks.json` (wire.md §3.1). */
import { eq } from 'drizzle-orm';
import { projects } from '../db/schema.js';
import { textResponse } from '../http/responses.js';
import { defineRoute } from '../http/route.js';

/** The public key that verifies the project's access tokens. */
export const jwksRoute = defineRoute({
  method: 'GET',
  path: '/projects/:project_id/.well-known/jwks.json',
  access: 'none',
  async handler({ ctx, params, json }) {
    const projectId = params.project_id ?? '';
    const [project] = await ctx.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.id, projectId));
    if (!project) return textResponse(404, 'Project not found');
    return json({ keys: [ctx.keyOf(projectId).publicJwk] });
  },
});
