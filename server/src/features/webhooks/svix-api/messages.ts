/** The message routes of the Svix API: list the project's messages, get one, resend one to an endpoint. */
import type { Context, Hono } from 'hono';
import type { ServerContext } from '../../../services/context.js';
import { findEndpoint } from '../../../services/webhooks/endpoints.js';
import { findMessage, listMessages, type MessageFilter } from '../../../services/webhooks/messages.js';
import { resendMessage } from '../../../services/webhooks/resend.js';
import type { SvixEnv } from './auth.js';
import { notFound, SvixApiError } from './errors.js';
import { pageRequest, pathName, queryBoolean, queryDate, queryEventTypes, queryString } from './input.js';
import { listOut, messageOut } from './views.js';

const BASE = '/api/v1/app/:app_id/msg';

/** The message filters Svix's list calls take (`event_types`, `before`, `after`). */
export function messageFilter(c: Context): MessageFilter {
  return { eventTypes: queryEventTypes(c), before: queryDate(c, 'before'), after: queryDate(c, 'after') };
}

/**
 * Whether the query asks for a channel or tag: signet's messages have neither, so such a filter
 * matches nothing (rather than being ignored and matching everything).
 */
export function filtersByChannelOrTag(c: Context): boolean {
  return queryString(c, 'channel') !== undefined || queryString(c, 'tag') !== undefined;
}

/** Adds the message routes to `api`. */
export function messageRoutes(api: Hono<SvixEnv>, ctx: ServerContext): void {
  api.get(BASE, async (c) => {
    const withContent = queryBoolean(c, 'with_content', true);
    const filter = messageFilter(c);
    const page = pageRequest(c);
    if (filtersByChannelOrTag(c)) return c.json({ data: [], iterator: null, prevIterator: null, done: true });
    const result = await listMessages(ctx, c.var.app.id, filter, page);
    return c.json(listOut(result, (row) => messageOut(row, withContent)));
  });

  api.get(`${BASE}/:msg_id`, async (c) => {
    const withContent = queryBoolean(c, 'with_content', true);
    const row = await findMessage(ctx, c.var.app.id, pathName(c, 'msg_id'));
    if (!row) throw notFound();
    return c.json(messageOut(row, withContent));
  });

  api.post(`${BASE}/:msg_id/endpoint/:endpoint_id/resend`, async (c) => {
    const projectId = c.var.app.id;
    const message = await findMessage(ctx, projectId, pathName(c, 'msg_id'));
    const endpoint = message && (await findEndpoint(ctx, projectId, pathName(c, 'endpoint_id')));
    if (!message || !endpoint) throw notFound();
    const result = await resendMessage(ctx, projectId, message.id, endpoint.id);
    if (result.status === 'endpoint-disabled')
      throw new SvixApiError(409, 'conflict', 'The endpoint is disabled.');
    if (result.status !== 'sending') throw notFound();
    // Svix accepts a resend and makes the attempt after answering: 202 with an empty object.
    return c.json({}, 202);
  });
}
