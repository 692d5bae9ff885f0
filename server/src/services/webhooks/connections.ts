/**
 * Kept-alive connections for webhook POSTs, one pool per checked address. An endpoint that takes a
 * stream of events is sent them over connections already open, as mature senders do, instead of
 * a TCP connection made and torn down for every message on both sides.
 *
 * A pool holds only connections made to one address that the URL policy checked, for one origin
 * (scheme, name, port): a request uses the pool of the address its own check chose, so a name that
 * now resolves elsewhere (DNS rebinding) gets a new pool and a new connection, never one made to
 * an address it no longer resolves to.
 */
import http from 'node:http';
import https from 'node:https';
import type { ResolvedAddress } from './url-policy.js';

/**
 * How long an idle connection is kept: under the 5 s Node's HTTP server keeps one (and a server's
 * own `Keep-Alive: timeout=` hint shortens it further), so the sender lets go first.
 */
export const IDLE_CONNECTION_MS = 4000;

/** Pools kept at most; the least recently used is let go (its idle connections time out). */
const MAX_POOLS = 256;

/** Idle connections kept per pool. */
const MAX_IDLE_PER_POOL = 8;

const pools = new Map<string, http.Agent>();

/** The pool for POSTs to `url` over a connection to `address`. */
export function connectionPool(url: URL, address: ResolvedAddress): http.Agent {
  const key = `${url.protocol}//${url.host}|${address.family}|${address.address}`;
  const found = pools.get(key);
  if (found) {
    // Most recently used last, so the first is the one to let go.
    pools.delete(key);
    pools.set(key, found);
    return found;
  }
  if (pools.size >= MAX_POOLS) pools.delete(pools.keys().next().value as string);
  const options: http.AgentOptions = {
    keepAlive: true,
    timeout: IDLE_CONNECTION_MS,
    maxFreeSockets: MAX_IDLE_PER_POOL,
    scheduling: 'lifo',
  };
  const pool = url.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
  pools.set(key, pool);
  return pool;
}
