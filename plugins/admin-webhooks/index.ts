/**
 * The admin-webhooks plugin: a project's webhook endpoints for its admins — list, create, change
 * and delete them (URL, description, which event types), reveal and rotate their signing secret,
 * read recent messages and each endpoint's delivery attempts, and resend a message. It speaks the
 * Svix API with the token `POST /webhooks/svix-token` gives, at signet's own origin by default or
 * at the Svix server the signet server uses (`serverUrl`), exactly as Stack's dashboard does.
 * `createApp({ superSecretAdminKey, plugins: [adminWebhooks()] })` gives `app.webhooks`.
 */
import { loadedCalls, loadOnce, pluginFactory } from '../../core/index.js';

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

/** The admin-webhooks plugin (admin access). */
export const adminWebhooks = pluginFactory('webhooks', (options: AdminWebhooksOptions = {}) => {
  return {
    access: 'admin',
    setup: (ctx): WebhooksApi => {
      // Every call needs the Svix token and the conversions first: their module is loaded on
      // the first call, and one set of calls (one token) is made for this app.
      const loaded = loadOnce(async () => (await import('./calls.js')).webhooksCalls(ctx, options));
      // The calls that were not async throw at once, as before, for an id no URL can carry.
      const checked = <T>(id: string, call: (calls: WebhooksApi) => Promise<T>): Promise<T> => {
        encodeURIComponent(id);
        return loaded().then(call);
      };
      return {
        ...loadedCalls(loaded, [
          'listEndpoints',
          'createEndpoint',
          'getEndpoint',
          'updateEndpoint',
          'revealSecret',
          'listMessages',
          'resend',
        ]),
        deleteEndpoint: (id) => checked(id, (calls) => calls.deleteEndpoint(id)),
        rotateSecret: (id) => checked(id, (calls) => calls.rotateSecret(id)),
        listAttempts: (id, o) => checked(id, (calls) => calls.listAttempts(id, o)),
        listMessageAttempts: (id, o) => checked(id, (calls) => calls.listMessageAttempts(id, o)),
      };
    },
  };
});
