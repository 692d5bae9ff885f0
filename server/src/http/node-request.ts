/**
 * The request the API's fast lane (fast-lane.ts) hands signet's pipeline: a Fetch API `Request` as
 * far as anything can tell (`instanceof Request`, every property and method), made from Node's
 * request without building one. Its method and URL are plain fields, which is all the pipeline
 * reads of a request without a body (it reads the headers Node parsed, see auth.ts); its
 * `headers` are built the first time they are read, and anything else a handler reads (the body,
 * the signal, `clone()`) builds the real `Request` then, once. Like the adapter's own light
 * requests it holds none of the Fetch API's internal state, so `new Request(it)` is not supported
 * (nothing in signet does it; `it.clone()` gives a real copy).
 */
import type { IncomingMessage } from 'node:http';

/** What the fast lane takes: requests without a body (see fast-lane.ts). */
type LaneMethod = 'GET';

export class NodeRequest {
  private headersMade: Headers | undefined = undefined;
  private realMade: Request | undefined = undefined;

  /**
   * @param incoming Node's request, whose raw header list the `headers` are made from.
   * @param method The request's method.
   * @param url The request's absolute URL, as the adapter would have made it.
   */
  constructor(
    private readonly incoming: IncomingMessage,
    readonly method: LaneMethod,
    readonly url: string,
  ) {}

  /** The request's headers as the client sent them (names lowercased, repeated ones joined). */
  get headers(): Headers {
    if (this.headersMade === undefined) {
      const headers = new Headers();
      const raw = this.incoming.rawHeaders;
      for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
      this.headersMade = headers;
    }
    return this.headersMade;
  }

  /** The Fetch API's own request for the same method, URL and headers, made once. */
  real(): Request {
    this.realMade ??= new Request(this.url, { method: this.method, headers: this.headers });
    return this.realMade;
  }
}

/**
 * Every other member of `Request` (found on its prototypes, so a Node version that adds one is
 * covered) answered by the real request: an accessor reads it there, a method runs there.
 */
const OWN = new Set(['constructor', 'method', 'url', 'headers']);
for (let proto: object | null = Request.prototype; proto && proto !== Object.prototype; ) {
  for (const name of Reflect.ownKeys(proto)) {
    if (OWN.has(name as string) || Object.hasOwn(NodeRequest.prototype, name)) continue;
    const descriptor = Object.getOwnPropertyDescriptor(proto, name)!;
    if (descriptor.get) {
      Object.defineProperty(NodeRequest.prototype, name, {
        configurable: true,
        get(this: NodeRequest) {
          return Reflect.get(this.real(), name);
        },
      });
    } else if (typeof descriptor.value === 'function') {
      Object.defineProperty(NodeRequest.prototype, name, {
        configurable: true,
        writable: true,
        value(this: NodeRequest, ...args: unknown[]) {
          const real = this.real();
          return (Reflect.get(real, name) as (...a: unknown[]) => unknown).apply(real, args);
        },
      });
    }
  }
  proto = Object.getPrototypeOf(proto);
}
// `instanceof Request` holds, as it does for the adapter's own lightweight requests.
Object.setPrototypeOf(NodeRequest.prototype, Request.prototype);

/**
 * A `Request` for Node's `incoming` with `method` and `url` (see {@link NodeRequest}): its
 * remaining members are installed on the prototype above, which TypeScript cannot see.
 */
export function requestFromNode(incoming: IncomingMessage, method: LaneMethod, url: string): Request {
  return new NodeRequest(incoming, method, url) as unknown as Request;
}
