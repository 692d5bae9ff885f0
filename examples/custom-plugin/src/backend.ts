/**
 * The ticket plugin's backend: a small Node HTTP server of the host's own. It holds the tickets
 * (in memory: one process, five minutes), checks who asks for one through signet (`users/me` with
 * the user's access token), and signs a ticket's opener in by creating a session with signet's
 * server access (`serverSessions`). Its errors use the wire's known-error format with the plugin's
 * own codes.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from 'signet';
import { serverSessions } from 'signet/plugins/server-sessions';
import { TICKET_ERROR_MESSAGES, TICKET_LIFETIME_MS, type TicketErrorCode } from './wire.js';

/** Where the backend finds signet. */
export interface TicketBackendOptions {
  signetUrl: string;
  projectId: string;
  publishableClientKey: string;
  secretServerKey: string;
  /** The browser origin allowed to call (CORS), e.g. `http://localhost:5173`. */
  allowOrigin?: string;
  /** The loopback port to listen on (default: any free one). */
  port?: number;
  now?: () => number;
}

interface StoredTicket {
  userId: string;
  expiresAt: number;
  used: boolean;
}

/** Starts the backend on a loopback port (`options.port`, or a free one); `close()` stops it. */
export async function startTicketBackend(options: TicketBackendOptions) {
  const now = options.now ?? Date.now;
  const tickets = new Map<string, StoredTicket>();
  const signet = createApp({
    projectId: options.projectId,
    secretServerKey: options.secretServerKey,
    baseUrl: options.signetUrl,
    tokenStore: 'memory',
    plugins: [serverSessions()],
  });

  const send = (res: ServerResponse, status: number, body: unknown, code?: string) => {
    res.writeHead(status, {
      'content-type': 'application/json',
      'access-control-allow-origin': options.allowOrigin ?? '*',
      'access-control-allow-headers': 'content-type, authorization',
      'access-control-expose-headers': 'x-stack-known-error',
      ...(code ? { 'x-stack-known-error': code } : {}),
    });
    res.end(JSON.stringify(body));
  };
  const fail = (
    res: ServerResponse,
    status: number,
    code: TicketErrorCode | 'USER_AUTHENTICATION_REQUIRED',
    message?: string,
  ) => send(res, status, { code, error: message ?? TICKET_ERROR_MESSAGES[code as TicketErrorCode] }, code);

  /** The signet user an access token belongs to, asked of signet itself. */
  async function userOf(accessToken: string): Promise<string | null> {
    const response = await fetch(`${options.signetUrl}/api/v1/users/me`, {
      headers: {
        'x-stack-project-id': options.projectId,
        'x-stack-access-type': 'client',
        'x-stack-publishable-client-key': options.publishableClientKey,
        'x-stack-access-token': accessToken,
      },
    });
    if (!response.ok) return null;
    return ((await response.json()) as { id?: string }).id ?? null;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (req.method === 'OPTIONS') return send(res, 204, null);
    if (req.method === 'POST' && req.url === '/tickets') {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const userId = token ? await userOf(token) : null;
      if (!userId) return fail(res, 401, 'USER_AUTHENTICATION_REQUIRED', 'Sign in to create a ticket.');
      const ticket = randomBytes(24).toString('base64url');
      const expiresAt = now() + TICKET_LIFETIME_MS;
      tickets.set(ticket, { userId, expiresAt, used: false });
      return send(res, 201, { ticket, expires_at: expiresAt });
    }
    if (req.method === 'POST' && req.url === '/tickets/redeem') {
      let body: { ticket?: unknown } = {};
      try {
        body = JSON.parse(await readBody(req));
      } catch {
        // An unreadable body names no ticket.
      }
      const stored = typeof body.ticket === 'string' ? tickets.get(body.ticket) : undefined;
      if (!stored) return fail(res, 404, 'TICKET_UNKNOWN');
      if (stored.used) return fail(res, 409, 'TICKET_USED');
      if (stored.expiresAt <= now()) return fail(res, 410, 'TICKET_EXPIRED');
      // Used before the session exists: two racing redeems cannot both get one.
      stored.used = true;
      const session = await signet.serverSessions.create({
        userId: stored.userId,
        expiresInMillis: 24 * 3600_000,
      });
      if (session.status === 'error') return fail(res, 404, 'TICKET_UNKNOWN');
      return send(res, 200, {
        access_token: session.data.accessToken,
        refresh_token: session.data.refreshToken,
        user_id: stored.userId,
      });
    }
    send(res, 404, { error: 'not found' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > 10_000) reject(new Error('too large'));
    });
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}
