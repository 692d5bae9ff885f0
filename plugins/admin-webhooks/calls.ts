/**
 * The admin-webhooks plugin's calls: the Svix API token, each call and the conversions of what
 * Svix answers. `adminWebhooks()` loads this module on the first call, so an app that bundles the
 * plugin but never opens the webhook pages does not load them at once.
 */
import type { PluginContext } from '../../core/index.js';
import {
  type AdminWebhooksOptions,
  WebhookApiError,
  type WebhookAttempt,
  type WebhookEndpoint,
  type WebhookEndpointInput,
  type WebhookMessage,
  type WebhookPage,
  type WebhooksApi,
} from './index.js';

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

/** `app.webhooks` for one app: its token is fetched once and kept while the Svix API takes it. */
export function webhooksCalls(ctx: PluginContext, options: AdminWebhooksOptions): WebhooksApi {
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
}
