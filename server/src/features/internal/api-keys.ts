/** `GET` and `POST /internal/api-keys` (wire.md §4.11): a project's key sets, for its admins. */

import { desc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { ApiKeySchema, CreatedApiKeySchema } from '../../../../wire/api-key.js';
import { listOf } from '../../../../wire/common.js';
import { randomCrockford, randomUuid } from '../../crypto/random.js';
import { apiKeySets } from '../../db/schema.js';
import { StatusError } from '../../errors.js';
import { defineRoute } from '../../http/route.js';
import { boundedString, INPUT_LIMITS } from '../fields.js';
import { apiKeyView, createdApiKeyView } from './api-keys/shared.js';

/** Every key set of the project, newest first, each key by its last four characters. */
export const listApiKeysRoute = defineRoute({
  method: 'GET',
  path: '/internal/api-keys',
  summary: "The project's key sets, by last four characters",
  response: listOf(ApiKeySchema),
  access: ['admin'],
  async handler({ ctx, auth, json }) {
    const rows = await ctx.db
      .select()
      .from(apiKeySets)
      .where(eq(apiKeySets.projectId, auth.project.id))
      .orderBy(desc(apiKeySets.createdAt), desc(apiKeySets.id));
    return json({ items: rows.map(apiKeyView), is_paginated: false });
  },
});

/** The first and last millisecond of the years 100 to 9999: the dates stored and read back as written. */
const MIN_DATE_MILLIS = -59_011_459_200_000; // 0100-01-01T00:00:00Z
const MAX_DATE_MILLIS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** A new key: its prefix and 45 lowercase Crockford base-32 characters (225 random bits). */
const newKey = (prefix: 'pck' | 'ssk' | 'sak') => `${prefix}_${randomCrockford(45)}`;

/** Creates a key set; the answer is the only time its full keys are shown. */
export const createApiKeyRoute = defineRoute({
  method: 'POST',
  path: '/internal/api-keys',
  summary: 'Creates a key set (full keys in this answer only)',
  response: CreatedApiKeySchema,
  access: ['admin'],
  body: v.strictObject({
    description: boundedString(INPUT_LIMITS.text),
    // Any time a date holds, the past included (the reference's too): such a key never works.
    expires_at_millis: v.pipe(
      v.number(),
      v.integer('must be an integer'),
      v.minValue(MIN_DATE_MILLIS, `must be at least ${MIN_DATE_MILLIS}`),
      v.maxValue(MAX_DATE_MILLIS, `must be at most ${MAX_DATE_MILLIS}`),
    ),
    has_publishable_client_key: v.boolean(),
    has_secret_server_key: v.boolean(),
    has_super_secret_admin_key: v.boolean(),
  }),
  async handler({ ctx, auth, body, json }) {
    if (!body.has_publishable_client_key && !body.has_secret_server_key && !body.has_super_secret_admin_key) {
      throw new StatusError(400, 'An API key needs at least one of the three key types.');
    }
    const [row] = await ctx.db
      .insert(apiKeySets)
      .values({
        id: randomUuid(),
        projectId: auth.project.id,
        description: body.description,
        publishableClientKey: body.has_publishable_client_key ? newKey('pck') : null,
        secretServerKey: body.has_secret_server_key ? newKey('ssk') : null,
        superSecretAdminKey: body.has_super_secret_admin_key ? newKey('sak') : null,
        createdAt: new Date(ctx.now()),
        expiresAt: new Date(body.expires_at_millis),
      })
      .returning();
    return json(createdApiKeyView(row!));
  },
});
