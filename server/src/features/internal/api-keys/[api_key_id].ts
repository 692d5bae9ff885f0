/** `GET` and `PATCH /internal/api-keys/{api_key_id}` (wire.md §4.11): one key set; revoking it. */

import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { ApiKeySchema } from '../../../../../wire/api-key.js';
import { apiKeySets } from '../../../db/schema.js';
import { defineRoute } from '../../../http/route.js';
import { boundedString, INPUT_LIMITS } from '../../fields.js';
import { apiKeyView, findApiKey } from './shared.js';

/** One key set of the project. */
export const getApiKeyRoute = defineRoute({
  method: 'GET',
  path: '/internal/api-keys/:api_key_id',
  summary: 'One key set',
  response: ApiKeySchema,
  access: ['admin'],
  async handler({ ctx, auth, params, json }) {
    return json(apiKeyView(await findApiKey(ctx.db, auth.project.id, params.api_key_id)));
  },
});

/**
 * Renames or revokes a key set. Revocation is for good (only `true` is accepted) and takes effect
 * on the next request to any server process: every request checks its key in the database.
 */
export const updateApiKeyRoute = defineRoute({
  method: 'PATCH',
  path: '/internal/api-keys/:api_key_id',
  summary: 'Renames or revokes a key set',
  response: ApiKeySchema,
  access: ['admin'],
  body: v.strictObject({
    description: v.optional(boundedString(INPUT_LIMITS.text)),
    revoked: v.optional(v.literal(true, 'must be true: a revoked key cannot be restored')),
  }),
  async handler({ ctx, auth, params, body, json }) {
    const found = await findApiKey(ctx.db, auth.project.id, params.api_key_id);
    const set: Partial<typeof apiKeySets.$inferInsert> = {};
    if (body.description !== undefined) set.description = body.description;
    // The first revocation's time stays.
    if (body.revoked && !found.manuallyRevokedAt) set.manuallyRevokedAt = new Date(ctx.now());
    if (Object.keys(set).length === 0) return json(apiKeyView(found));
    const [row] = await ctx.db
      .update(apiKeySets)
      .set(set)
      .where(and(eq(apiKeySets.id, found.id), eq(apiKeySets.projectId, auth.project.id)))
      .returning();
    return json(apiKeyView(row!));
  },
});
