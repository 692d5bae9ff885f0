/** `GET /projects/{project_id}/.well-known/jwks.json` (wire.md §3.1). */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { projects } from '../../../../db/schema.js';
import { textResponse } from '../../../../http/responses.js';
import { defineRoute } from '../../../../http/route.js';

/** A JSON Web Key Set: each key's fields as RFC 7517 names them. */
const JwksSchema = v.object({ keys: v.array(v.record(v.string(), v.unknown())) });

/** The public key that verifies the project's access tokens. */
export const jwksRoute = defineRoute({
  method: 'GET',
  path: '/projects/:project_id/.well-known/jwks.json',
  summary: 'The public keys access tokens of a project are signed with',
  response: JwksSchema,
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
