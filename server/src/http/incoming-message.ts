/**
 * Node's request object with a cheaper `headers`. Node's HTTP server builds every request's header
 * object itself before any listener runs (it reads `host` and `expect` from it), and its builder
 * pays for each header it does not know by name (every `x-stack-*` header) with a second pass
 * over its list of known names, two new strings (the name behind a marker character, then cut
 * out of it again) and two lookups of that cut string as a key. Here each name is looked up once
 * among the names Node treats apart, as the client spelled it (lower case or capitalised words)
 * and else lower-cased, and stored once, a known name under this program's own string. On
 * users/me's request (seven headers, the access token among them) that counted about 2,500 fewer
 * instructions per request, and the root's short request as many as before (docs/benchmarks.md,
 * the twenty-seventh round).
 *
 * The object is the one Node builds, by Node's own rules (`_http_incoming`'s `matchKnownFields`
 * and `_addHeaderLine`; tests/unit/incoming-headers.test.ts holds this builder to Node's on the
 * Node it runs on): names in lower case; a repeated header joined with `, ` (`cookie` with `; `),
 * kept in a list (`set-cookie`), or dropped after the first for the names Node drops, unless the
 * server joins duplicates; the same `{}` with the same checks, so even names like `__proto__` come
 * out as Node leaves them. A request with more headers than any browser or SDK sends is left to
 * Node's own builder, which also honours a server's `maxHeadersCount`.
 */
import { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/** What Node does with a repeat of a header: keeps the first, joins with `, ` or `; `, or lists. */
const FIRST = 0;
const COMMA = 1;
const SEMICOLON = 2;
const LIST = 3;
type Repeat = typeof FIRST | typeof COMMA | typeof SEMICOLON | typeof LIST;

/** A header name Node's HTTP server knows: the name as a string of this program's, and its repeat. */
interface Known {
  readonly name: string;
  readonly repeat: Repeat;
}

/**
 * The names Node's HTTP server treats apart, by what it does with a repeat (every other name is
 * joined with `, `, as are the ones listed under it, which Node also knows by name).
 */
const KNOWN_NAMES: readonly (readonly [Repeat, readonly string[]])[] = [
  [
    FIRST,
    [
      'age',
      'host',
      'from',
      'etag',
      'server',
      'referer',
      'expires',
      'location',
      'user-agent',
      'retry-after',
      'content-type',
      'max-forwards',
      'authorization',
      'last-modified',
      'content-length',
      'if-modified-since',
      'proxy-authorization',
      'if-unmodified-since',
    ],
  ],
  [
    COMMA,
    [
      'date',
      'vary',
      'origin',
      'expect',
      'accept',
      'upgrade',
      'if-match',
      'connection',
      'cache-control',
      'if-none-match',
      'accept-encoding',
      'accept-language',
      'x-forwarded-for',
      'content-encoding',
      'x-forwarded-host',
      'transfer-encoding',
      'x-forwarded-proto',
    ],
  ],
  [SEMICOLON, ['cookie']],
  [LIST, ['set-cookie']],
];

/**
 * The known names by how clients spell them: in lower case and in capitalised words (`Host`,
 * `Content-Type`, as Node's own client and many others send them). A header found here is stored
 * under this program's own string, which V8 finds as a key at once; any other name is lower-cased
 * and looked for again.
 */
const KNOWN = new Map<string, Known>();
for (const [repeat, names] of KNOWN_NAMES) {
  for (const name of names) {
    const known = { name, repeat };
    KNOWN.set(name, known);
    KNOWN.set(
      name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase()),
      known,
    );
  }
}

/** A request's headers as Node's HTTP server makes them of its raw list (names and values in turn). */
export type NodeHeaders = Record<string, string | string[]>;

/**
 * The header object Node makes of `raw` (see the file's comment): `joinDuplicates` is the
 * server's `joinDuplicateHeaders`, under which a repeat of a header Node would drop is joined.
 */
export function headersOfRaw(raw: readonly string[], joinDuplicates: boolean): NodeHeaders {
  const headers: NodeHeaders = {};
  for (let i = 0; i < raw.length; i += 2) {
    const field = raw[i]!;
    const value = raw[i + 1]!;
    let name = field;
    let repeat: Repeat = COMMA;
    let known = KNOWN.get(field);
    if (known === undefined) {
      name = field.toLowerCase();
      if (name !== field) known = KNOWN.get(name);
    }
    if (known !== undefined) {
      name = known.name;
      repeat = known.repeat;
    }
    if (repeat === COMMA || repeat === SEMICOLON) {
      const kept = headers[name];
      headers[name] = typeof kept === 'string' ? kept + (repeat === COMMA ? ', ' : '; ') + value : value;
    } else if (repeat === LIST) {
      const kept = headers['set-cookie'] as string[] | undefined;
      if (kept !== undefined) kept.push(value);
      else headers['set-cookie'] = [value];
    } else if (joinDuplicates) {
      const kept = headers[name];
      headers[name] = kept === undefined ? value : `${kept as string}, ${value}`;
    } else if (headers[name] === undefined) {
      headers[name] = value;
    }
  }
  return headers;
}

/**
 * Raw entries (names and values) past which Node's own builder makes the object: about forty
 * headers, more than browsers and SDKs send, and under any `maxHeadersCount` a server would set.
 */
const OWN_BUILDER_PAST = 80;

/** Node's own `headers` accessor, for requests past {@link OWN_BUILDER_PAST}. */
const nodeHeaders = Object.getOwnPropertyDescriptor(IncomingMessage.prototype, 'headers')!;

/** The header object made of each request, kept on it once made. */
const made = Symbol('headers');

/** A request of signet's HTTP server: Node's own, with the header builder above. */
type SignetRequest = IncomingMessage & { [made]?: NodeHeaders; joinDuplicateHeaders?: boolean };

/**
 * Node's request with the header builder above: given to Node's HTTP server as its
 * `IncomingMessage` class (the option Node offers for extending it), which makes one per request.
 * A function in Node's own style rather than a class: a class's constructor would run a derived
 * constructor's steps and define a field on every request, which counted more than the builder
 * saves on a request of few headers.
 */
export const SignetIncomingMessage = function SignetIncomingMessage(this: IncomingMessage, socket: Socket) {
  IncomingMessage.call(this, socket);
} as unknown as typeof IncomingMessage;
Object.setPrototypeOf(SignetIncomingMessage.prototype, IncomingMessage.prototype);
Object.setPrototypeOf(SignetIncomingMessage, IncomingMessage);

Object.defineProperty(SignetIncomingMessage.prototype, 'headers', {
  configurable: true,
  get(this: SignetRequest): NodeHeaders {
    let headers = this[made];
    if (headers === undefined) {
      const raw = this.rawHeaders;
      headers =
        raw.length > OWN_BUILDER_PAST
          ? (nodeHeaders.get!.call(this) as NodeHeaders)
          : headersOfRaw(raw, Boolean(this.joinDuplicateHeaders));
      this[made] = headers;
    }
    return headers;
  },
  set(this: SignetRequest, value: NodeHeaders) {
    this[made] = value;
  },
});
