/**
 * Who manages which project: an `internal` project user's `server_metadata.managedProjectIds`
 * (wire.md §1.5), the list admin access tokens are checked against.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { serverMeta, users } from '../db/schema.js';

type Tx = Pick<Database, 'update'>;

/** The server_meta key of a development project waiting for its first owner. */
export const DEV_PROJECT_AWAITING_OWNER = 'dev_project_awaiting_owner';

/**
 * Gives the development project waiting for an owner (seeded with `ownedByFirstSignUp`) to the
 * internal user `ownerId`, who has just signed up. The waiting mark is taken by a delete, so of
 * two sign-ups at once exactly one becomes the owner.
 */
export async function claimWaitingDevProject(
  tx: Pick<Database, 'update' | 'delete'>,
  ownerId: string,
): Promise<void> {
  const [waiting] = await tx
    .delete(serverMeta)
    .where(eq(serverMeta.key, DEV_PROJECT_AWAITING_OWNER))
    .returning({ projectId: serverMeta.value });
  if (waiting) await addManagedProject(tx, ownerId, waiting.projectId);
}

/** Adds `projectId` to the projects `ownerId` manages, in one statement (concurrent adds keep both). */
export async function addManagedProject(tx: Tx, ownerId: string, projectId: string): Promise<void> {
  await tx
    .update(users)
    .set({
      serverMetadata: sql`coalesce(${users.serverMetadata}, '{}'::jsonb) || jsonb_build_object('managedProjectIds',
        (case when jsonb_typeof(${users.serverMetadata}->'managedProjectIds') = 'array'
          then ${users.serverMetadata}->'managedProjectIds' else '[]'::jsonb end) || to_jsonb(${projectId}::text))`,
    })
    .where(and(eq(users.id, ownerId), eq(users.projectId, 'internal')));
}

/** Removes `projectId` from every owner's list (the project is gone). */
export async function forgetManagedProject(tx: Tx, projectId: string): Promise<void> {
  await tx
    .update(users)
    .set({
      serverMetadata: sql`${users.serverMetadata} || jsonb_build_object('managedProjectIds',
        (${users.serverMetadata}->'managedProjectIds') - ${projectId}::text)`,
    })
    .where(
      and(
        eq(users.projectId, 'internal'),
        sql`jsonb_typeof(${users.serverMetadata}->'managedProjectIds') = 'array'`,
        sql`(${users.serverMetadata}->'managedProjectIds') ? ${projectId}::text`,
      ),
    );
}

/** The ids of the projects a user's server metadata says it manages. */
export function managedProjectIds(serverMetadata: unknown): string[] {
  const ids = (serverMetadata as { managedProjectIds?: unknown } | null)?.managedProjectIds;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}
