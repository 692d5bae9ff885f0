/**
 * A project's webhook endpoints: create (with a fresh sealed secret), read by id or by the caller's
 * `uid`, list a page at a time, change, delete, and rotate the signing secret. Every query is
 * scoped by project, so an endpoint id of another project is simply not found.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import { isUniqueViolation } from '../../db/errors.js';
import { webhookEndpoints } from '../../db/schema.js';
import type { ServerContext } from '../context.js';
import { isWebhookId, newWebhookId } from './ids.js';
import { type Page, type PageRequest, readPage } from './paging.js';
import { newEndpointSecret, openSecret, SECRET_OVERLAP_MS, sealSecret, withSecretPrefix } from './secrets.js';

/** An endpoint as stored. */
export type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** What a caller sets on an endpoint (already validated). */
export interface EndpointFields {
  url: string;
  description: string;
  disabled: boolean;
  /** The event types it receives; null for all. */
  filterTypes: string[] | null;
  metadata: Record<string, string>;
  uid: string | null;
}

/** Another endpoint of the project already has this `uid`. */
export class EndpointUidTakenError extends Error {
  constructor() {
    super('An endpoint with this uid already exists.');
  }
}

type Ctx = Pick<ServerContext, 'db' | 'now' | 'webhookSecrets'>;

/** Creates an endpoint; `secret` (Svix's optional `secret`) or a generated one signs its deliveries. */
export async function createEndpoint(
  ctx: Ctx,
  projectId: string,
  fields: EndpointFields,
  secret?: string,
): Promise<EndpointRow> {
  const now = new Date(ctx.now());
  const row = {
    id: newWebhookId('endpoint'),
    projectId,
    ...fields,
    secretSealed: sealSecret(ctx, secret ? withSecretPrefix(secret) : newEndpointSecret()),
    createdAt: now,
    updatedAt: now,
  };
  const [created] = await uniqueUid(() => ctx.db.insert(webhookEndpoints).values(row).returning());
  return created!;
}

/**
 * The endpoint `idOrUid` names (Svix accepts either in its paths), or null. An id-shaped value is
 * looked up as an id first, as Svix does.
 */
export async function findEndpoint(
  ctx: Pick<ServerContext, 'db'>,
  projectId: string,
  idOrUid: string,
): Promise<EndpointRow | null> {
  const column = isWebhookId('endpoint', idOrUid) ? webhookEndpoints.id : webhookEndpoints.uid;
  const [row] = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.projectId, projectId), eq(column, idOrUid)))
    .limit(1);
  if (row || column === webhookEndpoints.uid) return row ?? null;
  return findByUid(ctx, projectId, idOrUid);
}

async function findByUid(ctx: Pick<ServerContext, 'db'>, projectId: string, uid: string) {
  const [row] = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.projectId, projectId), eq(webhookEndpoints.uid, uid)))
    .limit(1);
  return row ?? null;
}

/** One page of the project's endpoints. */
export function listEndpoints(
  ctx: Pick<ServerContext, 'db'>,
  projectId: string,
  page: PageRequest,
): Promise<Page<EndpointRow>> {
  return readPage(webhookEndpoints, page, (where, descending, take) => {
    const order = descending ? desc : asc;
    return ctx.db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.projectId, projectId), where))
      .orderBy(order(webhookEndpoints.createdAt), order(webhookEndpoints.id))
      .limit(take);
  });
}

/** Changes the given fields of an endpoint; null when it does not exist. */
export async function updateEndpoint(
  ctx: Ctx,
  projectId: string,
  idOrUid: string,
  changes: Partial<EndpointFields>,
): Promise<EndpointRow | null> {
  const existing = await findEndpoint(ctx, projectId, idOrUid);
  if (!existing) return null;
  const [updated] = await uniqueUid(() =>
    ctx.db
      .update(webhookEndpoints)
      // Turning an endpoint back on starts its failure clock afresh: the worker disables an
      // endpoint after days of failures, and those days ended when an admin re-enabled it.
      .set({
        ...changes,
        ...(changes.disabled === false ? { failingSince: null } : {}),
        updatedAt: new Date(ctx.now()),
      })
      .where(and(eq(webhookEndpoints.projectId, projectId), eq(webhookEndpoints.id, existing.id)))
      .returning(),
  );
  return updated ?? null;
}

/** Deletes an endpoint (its deliveries and attempts go with it); false when it does not exist. */
export async function deleteEndpoint(ctx: Pick<ServerContext, 'db'>, projectId: string, idOrUid: string) {
  const existing = await findEndpoint(ctx, projectId, idOrUid);
  if (!existing) return false;
  const deleted = await ctx.db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.projectId, projectId), eq(webhookEndpoints.id, existing.id)))
    .returning({ id: webhookEndpoints.id });
  return deleted.length > 0;
}

/** The endpoint's current signing secret, in clear (for an admin who asked for it). */
export function endpointSecret(ctx: Pick<ServerContext, 'webhookSecrets'>, row: EndpointRow): string {
  return openSecret(ctx, row.secretSealed);
}

/**
 * Replaces the signing secret with `key` (or a new one). The old secret keeps signing for
 * `SECRET_OVERLAP_MS`, so receivers can switch over; false when the endpoint does not exist.
 */
export async function rotateEndpointSecret(
  ctx: Ctx,
  projectId: string,
  idOrUid: string,
  key?: string,
): Promise<boolean> {
  const existing = await findEndpoint(ctx, projectId, idOrUid);
  if (!existing) return false;
  const now = ctx.now();
  const rotated = await ctx.db
    .update(webhookEndpoints)
    .set({
      secretSealed: sealSecret(ctx, key ? withSecretPrefix(key) : newEndpointSecret()),
      previousSecretSealed: existing.secretSealed,
      previousSecretExpiresAt: new Date(now + SECRET_OVERLAP_MS),
      updatedAt: new Date(now),
    })
    .where(and(eq(webhookEndpoints.projectId, projectId), eq(webhookEndpoints.id, existing.id)))
    .returning({ id: webhookEndpoints.id });
  return rotated.length > 0;
}

/** Runs a write, turning a taken `uid` into `EndpointUidTakenError`. */
async function uniqueUid<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new EndpointUidTakenError();
    throw error;
  }
}
