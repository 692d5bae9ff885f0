/**
 * `POST /webhooks/svix-token` (wire.md §4.11): a token for the Svix API, where an admin manages the
 * project's webhook endpoints and sees their deliveries. With a Svix server configured it is that
 * server's app-portal token (Svix keeps one application per project, made on first use); without
 * one it is signet's own token for the Svix API signet serves at its origin.
 */
import * as v from 'valibot';
import { StatusError } from '../../errors.js';
import { defineRoute } from '../../http/route.js';
import type { SvixOptions } from '../../services/context.js';
import { issueApiToken } from '../../services/webhooks/api-tokens.js';
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
  // Writes nothing.
  writes: 'none',
  body: emptyBody,
  async handler({ ctx, auth, json }) {
    const svix = ctx.svix;
    // No Svix server: signet serves the Svix API itself (features/webhooks/svix-api), and this
    // token opens it for this project only.
    if (!svix) return json({ token: issueApiToken(ctx, auth.project.id) }, 201);
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
