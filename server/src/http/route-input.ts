/**
 * What a route's handler receives (its `HandlerInput`), built once per request by the pipeline in
 * route.ts, with the answers it can give.
 */
import * as v from 'valibot';
import type { ServerContext } from '../services/context.js';
import { clientIp } from '../services/rate-limit/client-ip.js';
import type { RequestAuth } from '../services/request-auth.js';
import { headerOf } from './auth.js';
import { finishedResponse, jsonResponse } from './responses.js';
import type { HandlerInput, RouteSpec, RunOptions } from './route-spec.js';

/**
 * The JSON text of each view made of a source by `jsonOf`, kept as long as the source lives (the
 * auth cache drops a user record when the user changes or the entry lapses, and its texts go
 * with it).
 */
const VIEW_TEXTS = new WeakMap<object, Map<(source: never) => unknown, string>>();

/** The JSON text of `view(source)`, made (and shown to `made`) the first time only. */
function viewText(source: object, view: (source: never) => unknown, made: (data: unknown) => void): string {
  const texts = VIEW_TEXTS.get(source) ?? new Map<(source: never) => unknown, string>();
  let text = texts.get(view);
  if (text === undefined) {
    const data = view(source as never);
    made(data);
    text = JSON.stringify(data);
    texts.set(view, text);
    VIEW_TEXTS.set(source, texts);
  }
  return text;
}

/**
 * What a handler receives, as an instance of one class: the client address and the answers are
 * getters on the prototype, so a request builds only the answer its handler takes (handlers
 * destructure their input, so each answer is a function of its own, not a method).
 */
export class RouteInput implements HandlerInput<unknown, unknown, RequestAuth | null> {
  constructor(
    readonly ctx: ServerContext,
    private readonly spec: RouteSpec,
    readonly request: Request,
    readonly auth: RequestAuth | null,
    readonly body: unknown,
    readonly query: unknown,
    readonly params: Record<string, string>,
    readonly rawBody: unknown,
    private readonly connection: RunOptions,
  ) {}

  /** Worked out only by the handlers that count per IP, not on every request. */
  get clientIp(): string {
    return clientIp(this.request, this.connection.socket?.remoteAddress, this.ctx.trustedProxies);
  }

  /** Pretty-printed when a browser asks (its `accept` names HTML). */
  get json(): (data: unknown, status?: number) => Response {
    return (data, status = this.spec.status ?? 200) => {
      if (this.connection.checkResponses) assertResponseMatches(this.spec, data);
      const pretty = this.pretty;
      if (pretty || status >= 400) return jsonResponse(status, data, pretty);
      return finishedResponse(status, JSON.stringify(data), 'json', this.connection.requestId);
    };
  }

  get jsonOf(): <S extends object>(source: S, view: (source: S) => unknown) => Response {
    return (source: object, view: (source: never) => unknown) => {
      if (this.pretty) return this.json(view(source as never));
      const text = viewText(source, view, (data) => {
        if (this.connection.checkResponses) assertResponseMatches(this.spec, data);
      });
      return finishedResponse(this.spec.status ?? 200, text, 'json', this.connection.requestId);
    };
  }

  /** Whether a browser viewing the API asked (its `accept` names HTML): JSON is indented then. */
  private get pretty(): boolean {
    return (headerOf(this.request, this.connection.headers, 'accept') ?? '').includes('text/html');
  }

  get text(): (body: string) => Response {
    return (body) => finishedResponse(this.spec.status ?? 200, body, 'text', this.connection.requestId);
  }

  /** The users the handler named with `wroteUser`, for the pipeline to drop from memory. */
  usersWritten: Array<{ userId: string; projectId: string | undefined }> | undefined;

  get wroteUser(): (userId: string, projectId?: string) => void {
    return (userId, projectId) => {
      this.usersWritten ??= [];
      this.usersWritten.push({ userId, projectId });
    };
  }
}

/**
 * Throws (a 500, and a failing test) when a JSON answer does not match the route's `response`
 * schema: the schema is what the OpenAPI document promises and what the kit parses.
 */
function assertResponseMatches(spec: RouteSpec, data: unknown): void {
  const schema = spec.response === 'text' ? undefined : spec.response;
  const result = schema ? v.safeParse(schema, data) : { success: false, issues: [] };
  if (result.success) return;
  const issues = (result.issues ?? []).map(
    (i) => `${(i.path ?? []).map((p) => String(p.key)).join('.')}: ${i.message}`,
  );
  throw new Error(
    `The answer of ${spec.method} ${spec.path} does not match its response schema: ${issues.join('; ')}`,
  );
}
