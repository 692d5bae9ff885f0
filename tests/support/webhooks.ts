/**
 * Webhook tests' parts: a receiver on loopback that records every delivery and answers as the test
 * says (and can go down and come back on the same port), endpoints written straight into the
 * database with sealed secrets, events emitted as the services emit them, and a verifier that is
 * not ours (the `standardwebhooks` package).
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { createSecretBox } from '../../server/src/crypto/secret-box.js';
import type { Database } from '../../server/src/db/database.js';
import { webhookEndpoints } from '../../server/src/db/schema.js';
import { emitWebhookEvents } from '../../server/src/services/webhooks/emit.js';
import type { DeliveryHandoff } from '../../server/src/services/webhooks/handoff.js';
import { newWebhookId } from '../../server/src/services/webhooks/ids.js';
import { newEndpointSecret } from '../../server/src/services/webhooks/secrets.js';

/** One request the receiver got. */
export interface ReceivedHook {
  id: string;
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
  at: number;
}

/** What the receiver answers. */
export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Never answer (the socket stays open until the receiver stops). */
  hang?: boolean;
  /** Answer only after this many milliseconds. */
  delayMs?: number;
}

/** A receiver on loopback (127.0.0.1 unless told another address). */
export interface Receiver {
  url: string;
  received: ReceivedHook[];
  /** Connections the sender opened to it. */
  connections: number;
  /**
   * Closes a kept-alive connection when the next request comes over it, before reading it, as a
   * server does with a connection it has just timed out: the request reaches no handler.
   */
  closeKeptConnections: boolean;
  /** Decides each answer (default 200 OK). */
  answer: (hook: ReceivedHook, index: number) => Answer;
  /** Resolves once `count` requests came in (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  /** Stops listening (connections dropped): deliveries are refused until `start`. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

/** Starts a receiver on `host` (127.0.0.1 by default) and `port` (any free one by default). */
export async function startReceiver(options: { host?: string; port?: number } = {}): Promise<Receiver> {
  const host = options.host ?? '127.0.0.1';
  let server: Server | undefined;
  const open = new Set<ServerResponse>();
  const served = new WeakSet<object>();
  let port = options.port ?? 0;
  let waiters: Array<() => boolean> = [];
  const receiver: Receiver = {
    url: '',
    received: [],
    connections: 0,
    closeKeptConnections: false,
    answer: () => ({ status: 200 }),
    waitFor(count, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${receiver.received.length} of ${count} deliveries arrived`)),
          timeoutMs,
        );
        const check = () => {
          if (receiver.received.length < count) return false;
          clearTimeout(timer);
          resolve();
          return true;
        };
        if (!check()) waiters.push(check);
      });
    },
    async stop() {
      for (const res of open) res.socket?.destroy();
      await new Promise<void>((resolve) => {
        server?.closeAllConnections();
        server?.close(() => resolve());
      });
      server = undefined;
    },
    async start() {
      server = createServer((req, res) => {
        if (receiver.closeKeptConnections && served.has(req.socket)) {
          req.socket.destroy();
          return;
        }
        served.add(req.socket);
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const hook: ReceivedHook = {
            id: String(req.headers['webhook-id']),
            headers: req.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            path: req.url ?? '',
            at: Date.now(),
          };
          const index = receiver.received.push(hook) - 1;
          const answer = receiver.answer(hook, index);
          waiters = waiters.filter((check) => !check());
          if (answer.hang) {
            open.add(res);
            return;
          }
          const send = () => {
            res.writeHead(answer.status, answer.headers);
            res.end(answer.body ?? '');
          };
          if (answer.delayMs) setTimeout(send, answer.delayMs);
          else send();
        });
      });
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(port, host, () => resolve());
      });
      server.on('connection', () => receiver.connections++);
      port = (server.address() as AddressInfo).port;
      receiver.url = `http://${host}:${port}`;
    },
  };
  await receiver.start();
  return receiver;
}

/** Verifies `hook` with `secret` using the standardwebhooks package; returns the parsed payload. */
export function verifyHook(hook: ReceivedHook, secret: string): unknown {
  return new Webhook(secret).verify(hook.body, {
    'webhook-id': String(hook.headers['webhook-id']),
    'webhook-timestamp': String(hook.headers['webhook-timestamp']),
    'webhook-signature': String(hook.headers['webhook-signature']),
  });
}

/** The box that seals endpoint secrets on a server started with `serverSecret`. */
export function webhookSecretBox(serverSecret: string) {
  return createSecretBox(serverSecret, 'webhook endpoint secrets');
}

/** Writes an endpoint of `projectId` for `url`; returns its id and secret. */
export async function addEndpoint(
  db: Database,
  serverSecret: string,
  projectId: string,
  url: string,
  options: { filterTypes?: string[]; previousSecret?: string; previousSecretExpiresAt?: Date } = {},
): Promise<{ id: string; secret: string }> {
  const box = webhookSecretBox(serverSecret);
  const seal = (secret: string) => box.seal(new TextEncoder().encode(secret));
  const secret = newEndpointSecret();
  const id = newWebhookId('endpoint');
  const now = new Date();
  await db.insert(webhookEndpoints).values({
    id,
    projectId,
    url,
    filterTypes: options.filterTypes ?? null,
    secretSealed: seal(secret),
    previousSecretSealed: options.previousSecret ? seal(options.previousSecret) : null,
    previousSecretExpiresAt: options.previousSecretExpiresAt ?? null,
    createdAt: now,
    updatedAt: now,
  });
  return { id, secret };
}

/**
 * Emits `count` `user.updated` events of `projectId` in one transaction (through a process's
 * `handoff` when given); returns the message ids.
 */
export function emitEvents(
  db: Database,
  projectId: string,
  count: number,
  viaSvix = false,
  handoff?: DeliveryHandoff,
): Promise<string[]> {
  return db.transaction((tx) =>
    emitWebhookEvents(
      tx,
      { projectId, viaSvix, at: new Date(), handoff },
      Array.from({ length: count }, (_, i) => ({
        type: 'user.updated' as const,
        data: { id: `user-${i}`, n: i },
      })),
    ),
  );
}
