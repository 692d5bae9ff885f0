/**
 * `POST /webhooks/svix-token` (wire.md §4.11): a token for Svix's app portal, where an admin sees
 * the project's webhook endpoints and deliveries. Svix keeps one application per project, made
 * on first use.
 */
import * as v from 'valibot';
import { StatusError } from '../../errors.js';
import { defineRoute } from '../../http/route.js';
import type { SvixOptions } from '../../services/context.js';
import { emptyBody } from '../fields.js';

/** Calls the Svix API; a failure is the server's configuration problem, said plainly. */
async function svixCall(svix: SvixOptions, path: string, body: unknown): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(new URL(path, svix.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${svix.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new StatusError(502, `The webhook server (Svix) could not be reached: ${(error as Error).message}`);
  }
  if (!response.ok) throw new StatusError(502, `The webhook server (Svix) answered ${response.status}.`);
  return (await response.json()) as Record<string, unknown>;
}

/** A Svix app-portal token for the project's webhooks. */
export const svixTokenRoute = defineRoute({
  method: 'POST',
  path: '/webhooks/svix-token',
  summary: "A Svix app-portal token for the project's webhooks",
  response: v.object({ token: v.string() }),
  status: 201,
  access: ['admin'],
  body: emptyBody,
  async handler({ ctx, auth, json }) {
    const svix = ctx.svix;
    if (!svix) {
      throw new StatusError(
        400,
        'Webhooks are not configured on this server: start signet-server with STACK_SVIX_SERVER_URL and STACK_SVIX_API_KEY (or the svix option) to manage webhook endpoints.',
      );
    }
    const projectId = auth.project.id;
    await svixCall(svix, '/api/v1/app/?get_if_exists=true', { uid: projectId, name: projectId });
    const access = await svixCall(
      svix,
      `/api/v1/auth/app-portal-access/${encodeURIComponent(projectId)}/`,
      {},
    );
    if (typeof access.token !== 'string')
      throw new StatusError(502, 'The webhook server (Svix) sent no token.');
    return json({ token: access.token }, 201);
  },
});
