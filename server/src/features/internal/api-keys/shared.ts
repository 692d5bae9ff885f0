/** The wire views of a project's key sets (wire.md §5.9) and the lookup by id. */
import { and, eq } from 'drizzle-orm';
import type { ApiKeyJson, CreatedApiKeyJson } from '../../../../../wire/api-key.js';
import type { Database } from '../../../db/database.js';
import { apiKeySets } from '../../../db/schema.js';
import { knownError } from '../../../errors.js';
import { isUuid } from '../../../services/users.js';

/** A key set row. */
export type ApiKeyRow = typeof apiKeySets.$inferSelect;

const KEY_FIELDS = [
  ['publishable_client_key', 'publishableClientKey'],
  ['secret_server_key', 'secretServerKey'],
  ['super_secret_admin_key', 'superSecretAdminKey'],
] as const;

function scalars(row: ApiKeyRow) {
  return {
    id: row.id,
    description: row.description,
    created_at_millis: row.createdAt.getTime(),
    expires_at_millis: row.expiresAt.getTime(),
    ...(row.manuallyRevokedAt ? { manually_revoked_at_millis: row.manuallyRevokedAt.getTime() } : {}),
  };
}

/** A key set as listed and read: each key by its last four characters only. */
export function apiKeyView(row: ApiKeyRow): ApiKeyJson {
  const view: ApiKeyJson = scalars(row);
  for (const [wire, column] of KEY_FIELDS) {
    const key = row[column];
    if (key) view[wire] = { last_four: key.slice(-4) };
  }
  return view;
}

/** A key set as just created: the one answer that holds the full keys. */
export function createdApiKeyView(row: ApiKeyRow): CreatedApiKeyJson {
  const view: CreatedApiKeyJson = scalars(row);
  for (const [wire, column] of KEY_FIELDS) {
    const key = row[column];
    if (key) view[wire] = key;
  }
  return view;
}

/** Key set `id` of `projectId`, or API_KEY_NOT_FOUND (also for ids that are no UUID). */
export async function findApiKey(db: Database, projectId: string, id: string): Promise<ApiKeyRow> {
  if (!isUuid(id)) throw knownError('API_KEY_NOT_FOUND');
  const [row] = await db
    .select()
    .from(apiKeySets)
    .where(and(eq(apiKeySets.id, id.toLowerCase()), eq(apiKeySets.projectId, projectId)));
  if (!row) throw knownError('API_KEY_NOT_FOUND');
  return row;
}
