/**
 * The endpoint routes of the Svix API: list, create, get, update (PUT), patch, delete, the secret
 * (read and rotate), custom headers (always none) and delivery stats.
 */
import type { Hono } from 'hono';
import type { ServerContext } from '../../../services/context.js';
import { endpointDeliveryCounts } from '../../../services/webhooks/attempts.js';
import {
  createEndpoint,
  deleteEndpoint,
  type EndpointFields,
  EndpointUidTakenError,
  endpointSecret,
  findEndpoint,
  listEndpoints,
  rotateEndpointSecret,
  updateEndpoint,
} from '../../../services/webhooks/endpoints.js';
import { isAcceptableSecret } from '../../../services/webhooks/secrets.js';
import type { SvixEnv } from './auth.js';
import { readEndpointBody } from './endpoint-bodies.js';
import { invalid, notFound, SvixApiError } from './errors.js';
import { BodyReader, pageRequest, pathName, readJsonBody } from './input.js';
import { endpointOut, listOut } from './views.js';

const BASE = '/api/v1/app/:app_id/endpoint';
const ONE = `${BASE}/:endpoint_id`;

/** Adds the endpoint routes to `api`. */
export function endpointRoutes(api: Hono<SvixEnv>, ctx: ServerContext): void {
  api.get(BASE, async (c) => {
    const page = await listEndpoints(ctx, c.var.app.id, pageRequest(c));
    return c.json(listOut(page, endpointOut));
  });

  api.post(BASE, async (c) => {
    const { fields, secret } = readEndpointBody(await readJsonBody(c), 'create', c.var.app);
    const row = await uidChecked(() => createEndpoint(ctx, c.var.app.id, fields as EndpointFields, secret));
    return c.json(endpointOut(row), 201);
  });

  api.get(ONE, async (c) => {
    const row = await findEndpoint(ctx, c.var.app.id, pathName(c, 'endpoint_id'));
    if (!row) throw notFound();
    return c.json(endpointOut(row));
  });

  for (const [method, kind] of [
    ['put', 'update'],
    ['patch', 'patch'],
  ] as const) {
    api[method](ONE, async (c) => {
      const id = pathName(c, 'endpoint_id');
      const { fields, secret } = readEndpointBody(await readJsonBody(c), kind, c.var.app);
      const row = await uidChecked(() => updateEndpoint(ctx, c.var.app.id, id, fields));
      if (!row) throw notFound();
      // EndpointPatch may carry a new secret: it is set as a rotation sets it (the old one overlaps).
      if (secret) await rotateEndpointSecret(ctx, c.var.app.id, row.id, secret);
      return c.json(endpointOut(row));
    });
  }

  api.delete(ONE, async (c) => {
    if (!(await deleteEndpoint(ctx, c.var.app.id, pathName(c, 'endpoint_id')))) throw notFound();
    return c.body(null, 204);
  });

  api.get(`${ONE}/secret`, async (c) => {
    const row = await findEndpoint(ctx, c.var.app.id, pathName(c, 'endpoint_id'));
    if (!row) throw notFound();
    return c.json({ key: endpointSecret(ctx, row) });
  });

  api.post(`${ONE}/secret/rotate`, async (c) => {
    const id = pathName(c, 'endpoint_id');
    const reader = new BodyReader(await readJsonBody(c));
    const key = reader.string('key', { max: 200, nullable: true });
    reader.done();
    if (typeof key === 'string' && !isAcceptableSecret(key)) {
      throw invalid(['body', 'key'], 'Must be whsec_ and the base64 of 24 to 75 random bytes.');
    }
    if (!(await rotateEndpointSecret(ctx, c.var.app.id, id, key ?? undefined))) throw notFound();
    return c.body(null, 204);
  });

  // Signet sends no custom headers; Svix's portal reads them, so the answer is "none".
  api.get(`${ONE}/headers`, async (c) => {
    const row = await findEndpoint(ctx, c.var.app.id, pathName(c, 'endpoint_id'));
    if (!row) throw notFound();
    return c.json({ headers: {}, sensitive: [] });
  });

  api.get(`${ONE}/stats`, async (c) => {
    const row = await findEndpoint(ctx, c.var.app.id, pathName(c, 'endpoint_id'));
    if (!row) throw notFound();
    const counts = await endpointDeliveryCounts(ctx, c.var.app.id, row.id);
    return c.json({
      success: counts.success,
      pending: counts.pending,
      fail: counts.failed,
      sending: 0,
      canceled: 0,
    });
  });
}

/** Runs a write, answering Svix's 409 when the `uid` is another endpoint's. */
async function uidChecked<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof EndpointUidTakenError) throw new SvixApiError(409, 'conflict', error.message);
    throw error;
  }
}
