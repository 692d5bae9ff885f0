/**
 * `POST /auth/passkey/register` (wire.md §4.4, §6.7): verifies what the browser's authenticator
 * made for the challenge of a registration code, and keeps the passkey. The signed origin must be
 * one the project trusts (services/passkeys.ts), and its hostname the RP id. Beyond the wire: a
 * user keeps several passkeys (at most 20), each named (`name`, optional).
 */
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { count, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { randomUuid } from '../../../crypto/random.js';
import { isUniqueViolation } from '../../../db/errors.js';
import { passkeys } from '../../../db/schema.js';
import { defineRoute } from '../../../http/route.js';
import {
  assertPasskeysEnabled,
  expectedPasskeyOrigin,
  MAX_PASSKEYS_PER_USER,
  passkeyRegistrationFailed,
  verifyRegistrationResponse,
} from '../../../services/passkeys.js';
import { holdLiveSession } from '../../../services/sessions.js';
import { codeField, redeemCode } from '../../../services/verification-codes.js';
import { boundedString, INPUT_LIMITS } from '../../fields.js';
import { registrationResponseField } from './webauthn-fields.js';

const INVALID = 'Passkey registration failed because the verification response is invalid';

/** Adds the passkey the browser made to the signed-in user. */
export const registerPasskeyRoute = defineRoute({
  method: 'POST',
  path: '/auth/passkey/register',
  summary: 'Keeps a passkey made for a registration challenge',
  response: v.object({ user_handle: v.string() }),
  access: ['client', 'server', 'admin'],
  writes: 'user',
  user: true,
  body: v.strictObject({
    credential: registrationResponseField,
    code: codeField,
    name: v.optional(v.pipe(boundedString(INPUT_LIMITS.name), v.trim())),
  }),
  async handler({ ctx, auth, body, json, wroteUser }) {
    const { project, user } = auth;
    wroteUser(user.row.id);
    assertPasskeysEnabled(project);
    const credential = body.credential as unknown as RegistrationResponseJSON;
    const at = new Date(ctx.now());
    await redeemCode(ctx, {
      projectId: project.id,
      type: 'PASSKEY_REGISTRATION_CHALLENGE',
      code: body.code,
      prepare: async (row) => {
        const data = row.data as { challenge?: string; user_id?: string };
        // A registration code is its user's: nobody else's passkey lands on that account.
        if (data.user_id !== user.row.id) throw passkeyRegistrationFailed(INVALID);
        const expected = expectedPasskeyOrigin(project, credential.response.clientDataJSON);
        const verified = await verifyRegistrationResponse({
          response: credential,
          expectedChallenge: data.challenge ?? '',
          expectedOrigin: expected.origin,
          expectedRPID: expected.rpId,
          requireUserVerification: false,
          supportedAlgorithmIDs: [-8, -7, -257],
        }).catch(() => null);
        if (!verified?.verified) throw passkeyRegistrationFailed(INVALID);
        return verified.registrationInfo.credential;
      },
      act: async (tx, _row, made) => {
        // Under the user's lock: an email proof revoking this session cannot slip in between.
        await holdLiveSession(tx, user.row.id, auth.refreshTokenId, ctx.now());
        const [{ kept } = { kept: 0 }] = await tx
          .select({ kept: count() })
          .from(passkeys)
          .where(eq(passkeys.userId, user.row.id));
        if (kept >= MAX_PASSKEYS_PER_USER) {
          throw passkeyRegistrationFailed(`A user can keep at most ${MAX_PASSKEYS_PER_USER} passkeys.`);
        }
        await tx.insert(passkeys).values({
          id: randomUuid(),
          projectId: project.id,
          userId: user.row.id,
          credentialId: made.id,
          publicKey: Buffer.from(made.publicKey).toString('base64url'),
          counter: made.counter,
          transports: made.transports ?? [],
          name: body.name || `Passkey ${kept + 1}`,
          createdAt: at,
        });
      },
    }).catch((error: unknown) => {
      // The same authenticator credential registered before (here or on another account).
      if (isUniqueViolation(error)) throw passkeyRegistrationFailed('This passkey is already registered.');
      throw error;
    });
    return json({ user_handle: credential.id });
  },
});
