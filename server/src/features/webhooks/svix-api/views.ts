/**
 * Rows in the Svix API's output shapes (camelCase, dates as RFC 3339): `EndpointOut`,
 * `MessageOut`, `MessageAttemptOut`, `ApplicationOut`. An endpoint's view never holds its secret.
 */
import type { WebhookApplication } from '../../../services/webhooks/application.js';
import type { AttemptWithMessage } from '../../../services/webhooks/attempts.js';
import type { EndpointRow } from '../../../services/webhooks/endpoints.js';
import type { MessageRow } from '../../../services/webhooks/messages.js';
import type { Page } from '../../../services/webhooks/paging.js';

/** Svix's status names by code. */
const STATUS_TEXT: Record<number, string> = {
  0: 'success',
  1: 'pending',
  2: 'fail',
  3: 'sending',
  4: 'canceled',
};

/** `EndpointOut`. */
export function endpointOut(row: EndpointRow) {
  return {
    id: row.id,
    uid: row.uid,
    url: row.url,
    description: row.description,
    disabled: row.disabled,
    filterTypes: row.filterTypes,
    channels: null,
    metadata: row.metadata,
    rateLimit: null,
    throttleRate: null,
    version: 1,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** `MessageOut`; the payload only `withContent` (Svix's `with_content`, default true). */
export function messageOut(row: MessageRow, withContent: boolean) {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    payload: withContent ? row.payload : {},
    channels: null,
    tags: null,
    timestamp: row.createdAt.toISOString(),
  };
}

/** `MessageAttemptOut`, with the message when `withMsg` asks for it. */
export function attemptOut(row: AttemptWithMessage, options: { withContent: boolean; withMsg: boolean }) {
  return {
    id: row.id,
    msgId: row.messageId,
    endpointId: row.endpointId,
    url: row.url,
    response: options.withContent ? row.response : '',
    responseStatusCode: row.responseStatusCode,
    responseDurationMs: row.responseDurationMs,
    status: row.status,
    statusText: STATUS_TEXT[row.status] ?? 'fail',
    triggerType: row.triggerType,
    timestamp: row.createdAt.toISOString(),
    ...(options.withMsg ? { msg: messageOut(row.message, options.withContent) } : {}),
  };
}

/** `ApplicationOut`: the project's one application, named by the project id as Stack names it. */
export function applicationOut(app: WebhookApplication) {
  return {
    id: app.id,
    uid: app.id,
    name: app.id,
    metadata: {},
    rateLimit: null,
    throttleRate: null,
    createdAt: app.createdAt.toISOString(),
    updatedAt: app.createdAt.toISOString(),
  };
}

/** A `ListResponse…Out` of `page`, each item shown by `view`. */
export function listOut<Row, Out>(page: Page<Row>, view: (row: Row) => Out) {
  return {
    data: page.data.map(view),
    iterator: page.iterator,
    prevIterator: page.prevIterator,
    done: page.done,
  };
}
