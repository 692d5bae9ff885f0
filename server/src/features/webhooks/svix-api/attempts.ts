/** The attempt routes of the Svix API: what each endpoint answered, by endpoint or by message. */
import type { Context, Hono } from 'hono';
import type { ServerContext } from '../../../services/context.js';
import { type AttemptFilter, listAttempts } from '../../../services/webhooks/attempts.js';
import { findEndpoint } from '../../../services/webhooks/endpoints.js';
import { findMessage } from '../../../services/webhooks/messages.js';
import type { SvixEnv } from './auth.js';
import { notFound } from './errors.js';
import { pageRequest, pathName, queryBoolean, queryInteger, queryString } from './input.js';
import { filtersByChannelOrTag, messageFilter } from './messages.js';
import { attemptOut, listOut } from './views.js';

const BASE = '/api/v1/app/:app_id/attempt';

/** Reads the query of an attempt list and answers the page for `filter`. */
async function answer(ctx: ServerContext, c: Context<SvixEnv>, filter: AttemptFilter) {
  const withContent = queryBoolean(c, 'with_content', true);
  const withMsg = queryBoolean(c, 'with_msg', false);
  const status = queryInteger(c, 'status', 0, 4);
  const page = pageRequest(c);
  const query = { ...filter, ...messageFilter(c), ...(status === undefined ? {} : { status }) };
  if (filtersByChannelOrTag(c)) return c.json({ data: [], iterator: null, prevIterator: null, done: true });
  const result = await listAttempts(ctx, c.var.app.id, query, page);
  return c.json(listOut(result, (row) => attemptOut(row, { withContent, withMsg })));
}

/** Adds the attempt routes to `api`. */
export function attemptRoutes(api: Hono<SvixEnv>, ctx: ServerContext): void {
  api.get(`${BASE}/endpoint/:endpoint_id`, async (c) => {
    const endpoint = await findEndpoint(ctx, c.var.app.id, pathName(c, 'endpoint_id'));
    if (!endpoint) throw notFound();
    return answer(ctx, c, { endpointId: endpoint.id });
  });

  api.get(`${BASE}/msg/:msg_id`, async (c) => {
    const message = await findMessage(ctx, c.var.app.id, pathName(c, 'msg_id'));
    if (!message) throw notFound();
    const endpointName = queryString(c, 'endpoint_id');
    if (endpointName === undefined) return answer(ctx, c, { messageId: message.id });
    const endpoint = await findEndpoint(ctx, c.var.app.id, endpointName);
    // An endpoint the project does not have has made no attempts.
    if (!endpoint) return c.json({ data: [], iterator: null, prevIterator: null, done: true });
    return answer(ctx, c, { messageId: message.id, endpointId: endpoint.id });
  });
}
