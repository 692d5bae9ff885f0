/**
 * The client address a per-IP limit counts by: the socket's remote address, or, behind trusted
 * proxies, the address they recorded in `X-Forwarded-For`. Never read from the header otherwise:
 * anyone can send it, and a limit keyed by it would be a limit on nothing.
 */
import { isIP, isIPv4 } from 'node:net';

/** What counts requests without any known address (in-process `fetch`); they share one key. */
export const UNKNOWN_CLIENT = 'unknown';

/**
 * The address of the client of `request`.
 *
 * @param remoteAddress the socket's peer address, when the request came over a socket
 * @param trustedProxies how many proxies in front of the server append to `X-Forwarded-For`;
 *   0 ignores the header. With n, the n-th address from the right of the chain
 *   `X-Forwarded-For + remote address` is the client: the entries further left were written by
 *   the client itself and could be anything.
 */
export function clientIp(
  request: Request,
  remoteAddress: string | undefined,
  trustedProxies: number,
): string {
  let chosen = remoteAddress;
  if (trustedProxies > 0) {
    const forwarded = (request.headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const chain = remoteAddress ? [...forwarded, remoteAddress] : forwarded;
    const picked = chain[Math.max(0, chain.length - 1 - trustedProxies)];
    if (picked !== undefined && normalise(picked)) chosen = picked;
  }
  return (chosen && normalise(chosen)) || UNKNOWN_CLIENT;
}

/**
 * The key form of an address, or undefined when it is not one: IPv4-mapped IPv6 as plain IPv4,
 * and IPv6 cut to its /64, the block one subscriber is usually given (per-address keys would
 * let one client rotate through 2^64 of them).
 */
function normalise(address: string): string | undefined {
  let value = address;
  // Proxies may write `[v6]:port` or `v4:port`.
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  const mapped = /^::ffff:([\d.]+)$/i.exec(value);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1];
  const kind = isIP(value);
  if (kind === 4) return value;
  if (kind === 6) return `${expandIPv6(value).slice(0, 4).join(':')}::/64`;
  return undefined;
}

/** The eight 16-bit groups of a valid IPv6 address, lower-case, without leading zeros. */
function expandIPv6(address: string): string[] {
  const [head = '', tail] = address.toLowerCase().split('%')[0]!.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  // A trailing dotted IPv4 part stands for two groups.
  const last = right.length > 0 ? right : left;
  const v4 = last.at(-1);
  if (v4?.includes('.')) {
    const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number];
    last.splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const fill = Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...(tail === undefined ? [] : fill), ...right].map((g) =>
    Number.parseInt(g, 16).toString(16),
  );
}
