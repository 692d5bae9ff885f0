/**
 * `GET /auth/passkey` (beyond the reference): the signed-in user's passkeys, oldest first, for the
 * account page. The wire has no such list (it keeps one passkey per user); docs/server/passkeys.md.
 */
import { asc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { type PasskeyJson, PasskeySchema } from '../../../../../wire/passkey.js';
import { passkeys } from '../../../db/schema.js';
import { defineRoute } from '../../../http/route.js';

/** A kept passkey as the wire shows it. */
export function passkeyView(row: typeof passkeys.$inferSelect): PasskeyJson {
  return {
    id: row.id,
    name: row.name,
    created_at_millis: row.createdAt.getTime(),
    last_used_at_millis: row.lastUsedAt?.getTime() ?? null,
  };
}

/** Lists the signed-in user's passkeys. */
export const listPasskeysRoute = defineRoute({
  method: 'GET',
  path: '/auth/passkey',
  summary: "The signed-in user's passkeys",
  response: v.object({ items: v.array(PasskeySchema), is_paginated: v.literal(false) }),
  access: ['client', 'server', 'admin'],
  me: true,
  async handler({ ctx, auth, json }) {
    const rows = await ctx.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.userId, auth.user!.row.id))
      .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
    return json({ items: rows.map(passkeyView), is_paginated: false });
  },
});
