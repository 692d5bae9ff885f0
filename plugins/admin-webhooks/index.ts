/**
 * The admin-webhooks plugin: a project's webhook endpoints for its admins — list, create, change
 * and delete them (URL, description, which event types), reveal and rotate their signing secret,
 * read recent messages and each endpoint's delivery attempts, and resend a message. It speaks the
 * Svix API with the token `POST /webhooks/svix-token` gives, at signet's own origin by default or
 * at the Svix server the signet server uses (`serverUrl`), exactly as Stack's dashboard does.
 * `createApp({ superSecretAdminKey, plugins: [adminWebhooks()] })` gives `app.webhooks`.
 */
import { pluginFactory } from '../../core/index.js';

/** The events signet sends. */
export type WebhookEventType =
  | 'user.created'
  | 'user.updated'
  | 'user.deleted'
  | 'team.created'
  | 'team.updated'
  | 'team.deleted'
  | 'team_membership.created'
  | 'team_membership.deleted'
  | 'team_permission.created'
  | 'team_permission.deleted';

/** An endpoint events are sent to. Its secret is never part of it: see `revealSecret`. */
export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string;
  disabled: boolean;
  /** The event types it receives; null for every type. */
  eventTypes: WebhookEventType[] | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What an endpoint is created with; `update` takes any part of it. */
export interface WebhookEndpointInput {
  url: string;
  description?: string;
  /** Only these event types; null (or left out) for every type. */
  eventTypes?: WebhookEventType[] | null;
  disabled?: boolean;
}

/** One event as sent: `payload` is the `{type, data}` body receivers get. */
export interface WebhookMessage {
  id: string;
  eventType: WebhookEventType;
  payload: { type: WebhookEventType; data: unknown };
  timestamp: Date;
}

/** One try at delivering a message to an endpoint, and what the endpoint answered. */
export interface WebhookAttempt {
  id: string;
  messageId: string;
  endpointId: string;
  url: string;
  status: 'success' | 'pending' | 'fail' | 'sending' | 'canceled';
  /** The HTTP status, or 0 when no answer came. */
  responseStatusCode: number;
  response: string;
  responseDurationMs: number;
  /** `manual` for a resend. */
  trigger: 'scheduled' | 'manual';
  timestamp: Date;
  /** The message it carried. */
  message?: WebhookMessage;
}

/** One page of a list, newest first; pass `next` as `iterator` for the page after it. */
export interface WebhookPage<T> {
  items: T[];
  next: string | null;
  done: boolean;
}

/** Which page of a list to read. */
export interface WebhookPageOptions {
  /** 1 to 250; 50 when left out. */
  limit?: number;
  iterator?: string | null;
}

/** The Svix API refused a call: `code` and `detail` as it sent them (`validation` for a 422). */
export class WebhookApiError extends Error {
  override readonly name = 'WebhookApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
  ) {
    super(detail);
  }
}

/** `app.webhooks`. */
export interface WebhooksApi {
  /** Every endpoint, newest first. */
  listEndpoints(): Promise<WebhookEndpoint[]>;
  createEndpoint(input: WebhookEndpointInput): Promise<WebhookEndpoint>;
  getEndpoint(id: string): Promise<WebhookEndpoint>;
  /** Changes the fields given; the others stay. */
  updateEndpoint(id: string, changes: Partial<WebhookEndpointInput>): Promise<WebhookEndpoint>;
  deleteEndpoint(id: string): Promise<void>;
  /** The endpoint's signing secret (`whsec_…`), for the receiver's verifier. */
  revealSecret(id: string): Promise<string>;
  /** A new signing secret; the old one keeps signing beside it for 24 hours. */
  rotateSecret(id: string): Promise<void>;
  /** The project's recent messages, optionally of some event types only. */
  listMessages(
    options?: WebhookPageOptions & { eventTypes?: WebhookEventType[] },
  ): Promise<WebhookPage<WebhookMessage>>;
  /** An endpoint's recent delivery attempts, each with its message. */
  listAttempts(endpointId: string, options?: WebhookPageOptions): Promise<WebhookPage<WebhookAttempt>>;
  /** The attempts at delivering one message, to every endpoint. */
  listMessageAttempts(messageId: string, options?: WebhookPageOptions): Promise<WebhookPage<WebhookAttempt>>;
  /** Sends a message to an endpoint once more, now. */
  resend(messageId: string, endpointId: string): Promise<void>;
}

/** Options of the plugin. */
export interface AdminWebhooksOptions {
  /**
   * Where the Svix API answers: the Svix server the signet server is configured with, if any
   * (`STACK_SVIX_SERVER_URL`). Default: the app's API base URL (signet serves it itself).
   */
  serverUrl?: string;
}

type Json = Record<string, any>;
const STATUS = ['success', 'pending', 'fail', 'sending', 'canceled'] as const;

const toEndpoint = (j: Json): WebhookEndpoint => ({
  id: j.id,
  url: j.url,
  description: j.description,
  disabled: j.disabled ?? false,
  eventTypes: j.filterTypes ?? null,
  createdAt: new Date(j.createdAt),
  updatedAt: new Date(j.updatedAt),
});

const toMessage = (j: Json): WebhookMessage => ({
  id: j.id,
  eventType: j.eventType,
  payload: j.payload,
  timestamp: new Date(j.timestamp),
});

const toAttempt = (j: Json): WebhookAttempt => ({
  id: j.id,
  messageId: j.msgId,
  endpointId: j.endpointId,
  url: j.url,
  status: STATUS[j.status as number] ?? 'fail',
  responseStatusCode: j.responseStatusCode,
  response: j.response,
  responseDurationMs: j.responseDurationMs,
  trigger: j.triggerType === 1 ? 'manual' : 'scheduled',
  timestamp: new Date(j.timestamp),
  ...(j.msg ? { message: toMessage(j.msg) } : {}),
});

/** The Svix body fields of `input` (only those given). */
function endpointBody(input: Partial<WebhookEndpointInput>): Json {
  const body: Json = {};
  if (input.url !== undefined) body.url = input.url;
  if (input.description !== undefined) body.description = input.description;
  if (input.eventTypes !== undefined) body.filterTypes = input.eventTypes;
  if (input.disabled !== undefined) body.disabled = input.disabled;
  return body;
}

/** The admin-webhooks plugin (admin access). */
export const adminWebhooks = pluginFactory('webhooks', (options: AdminWebhooksOptions = {}) => {
  return {
    access: 'admin',
    setup: (ctx): WebhooksApi => {
      const base = (options.serverUrl ?? ctx.http.url('').replace(/\/api\/v1$/, '')).replace(/\/$/, '');
      const app = `${base}/api/v1/app/${encodeURIComponent(ctx.projectId)}`;
      let token: Promise<string> | undefined;
      const freshToken = () =>
        (token = ctx.call<{ token: string }>('/webhooks/svix-token', { method: 'POST', body: {} }).then(
          (j) => j.token,
          (error: unknown) => {
            // A failed fetch is not kept: the next call asks again.
            token = undefined;
            throw error;
          },
        ));

      /** One Svix API call; a refused token (expired) is replaced once and the call made again. */
      async function svix<T>(method: string, path: string, body?: unknown, query?: Json): Promise<T> {
        const url = new URL(app + path);
        for (const [k, v] of Object.entries(query ?? {})) if (v != null) url.searchParams.set(k, String(v));
        for (let retried = false; ; retried = true) {
          const response = await ctx.http.fetch(url, {
            method,
            headers: {
              authorization: `Bearer ${await (token ?? freshToken())}`,
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          if (response.status === 401 && !retried) {
            freshToken();
            continue;
          }
          const text = await response.text();
          const json = text ? JSON.parse(text) : undefined;
          if (response.ok) return json as T;
          const detail = typeof json?.detail === 'string' ? json.detail : text;
          throw new WebhookApiError(response.status, json?.code ?? 'validation', detail);
        }
      }
      const endpoint = (id: string) => `/endpoint/${encodeURIComponent(id)}`;
      const page = async <T>(path: string, view: (j: Json) => T, query: Json): Promise<WebhookPage<T>> => {
        const j = await svix<Json>('GET', path, undefined, query);
        return { items: j.data.map(view), next: j.iterator, done: j.done };
      };

      return {
        async listEndpoints() {
          const all: WebhookEndpoint[] = [];
          for (let iterator: string | null = null, done = false; !done; ) {
            const p: WebhookPage<WebhookEndpoint> = await page('/endpoint', toEndpoint, {
              limit: 250,
              iterator,
            });
            all.push(...p.items);
            ({ next: iterator, done } = p);
          }
          return all;
        },
        createEndpoint: async (input) => toEndpoint(await svix('POST', '/endpoint', endpointBody(input))),
        getEndpoint: async (id) => toEndpoint(await svix('GET', endpoint(id))),
        updateEndpoint: async (id, changes) =>
          toEndpoint(await svix('PATCH', endpoint(id), endpointBody(changes))),
        deleteEndpoint: (id) => svix('DELETE', endpoint(id)),
        revealSecret: async (id) => (await svix<{ key: string }>('GET', `${endpoint(id)}/secret`)).key,
        rotateSecret: (id) => svix('POST', `${endpoint(id)}/secret/rotate`, {}),
        listMessages: (o = {}) =>
          page('/msg', toMessage, {
            limit: o.limit,
            iterator: o.iterator,
            event_types: o.eventTypes?.join(','),
          }),
        listAttempts: (id, o = {}) =>
          page(`/attempt${endpoint(id)}`, toAttempt, {
            limit: o.limit,
            iterator: o.iterator,
            with_msg: true,
          }),
        listMessageAttempts: (id, o = {}) =>
          page(`/attempt/msg/${encodeURIComponent(id)}`, toAttempt, { limit: o.limit, iterator: o.iterator }),
        resend: async (messageId, endpointId) => {
          await svix('POST', `/msg/${encodeURIComponent(messageId)}${endpoint(endpointId)}/resend`, {});
        },
      };
    },
  };
});
