/** `POST /contact-channels/verify` and its `check-code` (wire.md §4.9, §6.9): verifying an address with an emailed code. */
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { SuccessSchema } from '../../../../wire/common.js';
import { contactChannels } from '../../db/schema.js';
import { defineRoute } from '../../http/route.js';
import { enforceRateLimit } from '../../services/rate-limit/enforce.js';
import { codeField, redeemCode } from '../../services/verification-codes.js';
import { checkCodeRoute } from '../check-code-route.js';

/** Marks the (user, email) channel of the code verified; the code is used in the same transaction. */
export const verifyChannelRoute = defineRoute({
  method: 'POST',
  path: '/contact-channels/verify',
  summary: 'Verifies an address with an emailed code',
  response: SuccessSchema,
  access: ['client', 'server', 'admin'],
  writes: 'user',
  body: v.strictObject({ code: codeField }),
  async handler({ ctx, auth, body, json, clientIp, wroteUser }) {
    await enforceRateLimit(ctx, auth, 'useCode', { ip: clientIp });
    await redeemCode(ctx, {
      projectId: auth.project.id,
      type: 'CONTACT_CHANNEL_VERIFICATION',
      code: body.code,
      async act(tx, row) {
        const email = String((row.method as { email?: unknown }).email ?? '');
        const userId = String((row.data as { user_id?: unknown }).user_id ?? '');
        wroteUser(userId);
        await tx
          .update(contactChannels)
          .set({ isVerified: true })
          .where(
            and(
              eq(contactChannels.userId, userId),
              eq(contactChannels.type, 'email'),
              eq(contactChannels.value, email),
            ),
          );
      },
    });
    return json({ success: true });
  },
});

/** Says whether a verification code would be accepted (counts as an attempt). */
export const verifyCheckCodeRoute = checkCodeRoute(
  '/contact-channels/verify/check-code',
  'CONTACT_CHANNEL_VERIFICATION',
);
