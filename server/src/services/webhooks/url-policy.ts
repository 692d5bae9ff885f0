/**
 * Where webhooks may go (design.md "Security defaults"): in production mode only https, and never
 * to an address on this machine, a private network, link-local (cloud metadata at
 * 169.254.169.254), carrier-grade NAT, multicast or reserved space — checked on the URL when an
 * endpoint is saved and again on every address the name resolves to when a delivery is sent, the
 * request then going to exactly the address that was checked (a name that resolves differently a
 * moment later, DNS rebinding, gains nothing). Development mode allows everything, loopback
 * included: a developer's receiver runs on their own machine.
 */
import { lookup as dnsLookup } from 'node:dns';
import { isIP } from 'node:net';

/** What the policy depends on. */
export interface UrlPolicyOptions {
  /** The project is in production mode: the strict rules apply. */
  productionMode: boolean;
}

/** One resolved address. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (dns.lookup's `all: true`); injectable for tests. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system resolver (getaddrinfo, as any HTTP client would use). */
export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      if (error) reject(error);
      else resolve(addresses.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 })));
    });
  });

/** IPv4 ranges no production webhook may reach: [first address, prefix length]. */
const FORBIDDEN_V4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and broadcast
];

/** IPv6 ranges no production webhook may reach (IPv4 carried inside IPv6 is checked as IPv4). */
const FORBIDDEN_V6: ReadonlyArray<readonly [string, number]> = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still private)
  ['ff00::', 8], // multicast
  ['100::', 64], // discard-only
  ['2001:db8::', 32], // documentation
];

/**
 * Why a production webhook may not be sent to the URL `raw`, or null when it may. Names are not
 * resolved here (their addresses are checked at each send); literal addresses and `localhost`
 * are refused at once.
 */
export function checkEndpointUrl(raw: string, options: UrlPolicyOptions): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'The URL is not valid.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return 'The URL must use https (or http in development).';
  if (!options.productionMode) return null;
  if (url.protocol !== 'https:') return 'In production mode a webhook URL must use https.';
  if (url.username || url.password) return 'A webhook URL may not carry a user name or password.';
  const host = bareHost(url.hostname);
  if (host === 'localhost' || host.endsWith('.localhost')) {
    return 'In production mode a webhook URL may not point at this machine.';
  }
  if (isIP(host) && isForbiddenAddress(host)) {
    return 'In production mode a webhook URL may not point at a loopback, private, link-local or reserved address.';
  }
  return null;
}

/** Whether `address` (IPv4 or IPv6 text) is one a production webhook may not reach. */
export function isForbiddenAddress(address: string): boolean {
  const kind = isIP(address);
  if (kind === 4) return inAnyV4(parseV4(address));
  if (kind !== 6) return true; // not an address: refuse rather than guess
  const bytes = parseV6(address);
  const embedded = embeddedV4(bytes);
  if (embedded !== null) return inAnyV4(embedded);
  return FORBIDDEN_V6.some(([first, bits]) => samePrefix(bytes, parseV6(first), bits));
}

/**
 * The address a delivery to `url` connects to: the first the host resolves to, after every one of
 * them passed the policy (one bad record among good ones refuses the lot, else a name could
 * alternate). Returns `{ problem }` when the delivery must not be sent.
 */
export async function resolveDeliveryAddress(
  url: URL,
  options: UrlPolicyOptions & { resolve?: Resolver },
): Promise<ResolvedAddress | { problem: string }> {
  const problem = checkEndpointUrl(url.href, options);
  if (problem) return { problem };
  const host = bareHost(url.hostname);
  let addresses: ResolvedAddress[];
  const literal = isIP(host);
  if (literal) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolver)(host);
    } catch (error) {
      return { problem: `The host name did not resolve: ${(error as Error).message}` };
    }
  }
  if (addresses.length === 0) return { problem: 'The host name has no address.' };
  if (options.productionMode) {
    const bad = addresses.find((a) => isForbiddenAddress(a.address));
    if (bad)
      return {
        problem: `The host resolves to ${bad.address}, an address production webhooks may not reach.`,
      };
  }
  return addresses[0]!;
}

/** `[::1]` → `::1`; other host names unchanged, lower-cased. */
function bareHost(hostname: string): string {
  const h = hostname.toLowerCase();
  return h.startsWith('[') && h.endsWith(']') ? h.slice(1, -1) : h;
}

function parseV4(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function inAnyV4(value: number): boolean {
  return FORBIDDEN_V4.some(([first, bits]) => {
    const size = 2 ** (32 - bits);
    const start = parseV4(first);
    return value >= start && value < start + size;
  });
}

/** The 16 bytes of an IPv6 address (a trailing dotted IPv4 part allowed). */
function parseV6(address: string): number[] {
  let text = address.split('%')[0]!; // a zone id names an interface, not an address
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const v4 = parseV4(dotted[1]!);
    text = `${text.slice(0, -dotted[1]!.length)}${((v4 >>> 16) & 0xffff).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const fill = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(fill).fill('0'), ...tailGroups].map((g) =>
    Number.parseInt(g, 16),
  );
  return groups.flatMap((g) => [(g >> 8) & 0xff, g & 0xff]);
}

/**
 * The IPv4 address carried by an IPv4-mapped (`::ffff:a.b.c.d`), IPv4-compatible (`::a.b.c.d`),
 * NAT64 (`64:ff9b::/96`) or 6to4 (`2002::/16`) address, which the network delivers to that IPv4
 * address; null for other addresses.
 */
function embeddedV4(bytes: number[]): number | null {
  const word = (i: number) =>
    ((bytes[i]! << 24) | (bytes[i + 1]! << 16) | (bytes[i + 2]! << 8) | bytes[i + 3]!) >>> 0;
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return word(12);
  if (zeros(0, 12) && word(12) > 1) return word(12); // :: and ::1 are IPv6's own
  if (samePrefix(bytes, parseV6('64:ff9b::'), 96)) return word(12);
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return word(2);
  return null;
}

function samePrefix(a: number[], b: number[], bits: number): boolean {
  for (let i = 0; i < 16 && bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((a[i]! & mask) !== (b[i]! & mask)) return false;
  }
  return true;
}
