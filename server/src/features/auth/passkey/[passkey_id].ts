/**
 * `PATCH` and `DELETE /auth/passkey/{passkey_id}` (beyond the reference): rename or remove one of
 * the signed-in user's passkeys. Another user's passkey id is answered as if it did not exist.
 */
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { SuccessSchema } from '../../../../../wire/common.js';
import { PasskeySchema } from '../../../../../wire/passkey.js';
import { passkeys } from '../../../db/schema.js';
import { StatusError } from '../../../errors.js';
import type { UserAuth } from '../../../http/route.js';
import { defineRoute } from '../../../http/route.js';
import { isUuid } from '../../../services/users.js';
import { boundedString, INPUT_LIMITS } from '../../fields.js';
import { passkeyView } from './index.js';

const notFound = () => new StatusError(404, 'Passkey not found.');

/** The condition picking passkey `id` of the signed-in user. */
function ownPasskey(auth: UserAuth, id: string) {
  if (!isUuid(id)) throw notFound();
  return and(eq(passkeys.id, id), eq(passkeys.userId, auth.user.row.id));
}

/** Renames a passkey. */
export const renamePasskeyRoute = defineRoute({
  method: 'PATCH',
  path: '/auth/passkey/:passkey_id',
  summary: "Renames one of the signed-in user's passkeys",
  response: PasskeySchema,
  access: ['client', 'server', 'admin'],
  writes: 'none',
  me: true,
  body: v.strictObject({
    name: v.pipe(boundedString(INPUT_LIMITS.name), v.trim(), v.minLength(1, 'must not be empty')),
  }),
  async handler({ ctx, auth, body, params, json }) {
    const [row] = await ctx.db
      .update(passkeys)
      .set({ name: body.name })
      .where(ownPasskey(auth as UserAuth, params.passkey_id))
      .returning();
    if (!row) throw notFound();
    return json(passkeyView(row));
  },
});

/** Removes a passkey. */
export const deletePasskeyRoute = defineRoute({
  method: 'DELETE',
  path: '/auth/passkey/:passkey_id',
  summary: "Removes one of the signed-in user's passkeys",
  response: SuccessSchema,
  access: ['client', 'server', 'admin'],
  writes: 'user',
  me: true,
  async handler({ ctx, auth, params, json, wroteUser }) {
    wroteUser((auth as UserAuth).user.row.id);
    const gone = await ctx.db
      .delete(passkeys)
      .where(ownPasskey(auth as UserAuth, params.passkey_id))
      .returning({ id: passkeys.id });
    if (gone.length === 0) throw notFound();
    return json({ success: true });
  },
});
