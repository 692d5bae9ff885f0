/**
 * `POST /auth/passkey/sign-in` (wire.md §4.4, §6.7): signs in the owner of the passkey that signed
 * the challenge of an authentication code. The passkey is found by the credential id, the origin
 * must be one the project trusts, the signature must verify against the kept public key, and the
 * signature counter must move forward: a counter at or below the kept one means a cloned
 * authenticator (or a replayed assertion) and is refused. Then the one sign-in ending, so a user
 * with TOTP on still owes the second factor.
 */
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { and, eq, lt } from 'drizzle-orm';
import * as v from 'valibot';
import { SignInResponseSchema } from '../../../../../wire/auth.js';
import { passkeys } from '../../../db/schema.js';
import { defineRoute } from '../../../http/route.js';
import {
  assertPasskeysEnabled,
  expectedPasskeyOrigin,
  passkeyAuthenticationFailed,
  verifyAuthenticationResponse,
} from '../../../services/passkeys.js';
import { enforceRateLimit } from '../../../services/rate-limit/enforce.js';
import { endSignIn, signInAnswer } from '../../../services/sign-in-ending.js';
import { codeField, redeemCode } from '../../../services/verification-codes.js';
import { authenticationResponseField } from './webauthn-fields.js';

const INVALID = 'Passkey authentication failed because the verification response is invalid';
const CLONED = 'Passkey authentication failed because the signature counter did not increase';

/** Signs in with a passkey. */
export const passkeySignInRoute = defineRoute({
  method: 'POST',
  path: '/auth/passkey/sign-in',
  summary: 'Signs in with a passkey assertion',
  response: SignInResponseSchema,
  access: ['client', 'server', 'admin'],
  writes: 'user',
  body: v.strictObject({ authentication_response: authenticationResponseField, code: codeField }),
  async handler({ ctx, auth, body, json, clientIp, wroteUser }) {
    const { project } = auth;
    assertPasskeysEnabled(project);
    await enforceRateLimit(ctx, auth, 'useCode', { ip: clientIp });
    const assertion = body.authentication_response as unknown as AuthenticationResponseJSON;
    const ending = await redeemCode(ctx, {
      projectId: project.id,
      type: 'PASSKEY_AUTHENTICATION_CHALLENGE',
      code: body.code,
      prepare: async (row) => {
        const [passkey] = await ctx.db
          .select()
          .from(passkeys)
          .where(and(eq(passkeys.projectId, project.id), eq(passkeys.credentialId, assertion.id)));
        if (!passkey) throw passkeyAuthenticationFailed('Passkey not found');
        // The credential id finds the passkey and its public key decides; the user handle the
        // authenticator sends is not compared, as the reference does not (Stack's recorded
        // ceremonies carry their recording user's handle and must replay).
        const expected = expectedPasskeyOrigin(project, assertion.response.clientDataJSON);
        const result = await verifyAuthenticationResponse({
          response: assertion,
          expectedChallenge: (row.data as { challenge?: string }).challenge ?? '',
          expectedOrigin: expected.origin,
          expectedRPID: expected.rpId,
          requireUserVerification: false,
          credential: {
            id: passkey.credentialId,
            publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
            counter: passkey.counter,
          },
        }).catch((error: unknown) => {
          throw passkeyAuthenticationFailed(/counter/i.test(String(error)) ? CLONED : INVALID);
        });
        if (!result.verified) throw passkeyAuthenticationFailed(INVALID);
        return { passkey, newCounter: result.authenticationInfo.newCounter };
      },
      act: async (tx, _row, { passkey, newCounter }) => {
        // Authenticators without a counter always send 0; with one, it must have moved past the
        // kept value at the moment of writing, so two assertions racing cannot both pass.
        const moved = await tx
          .update(passkeys)
          .set({ counter: newCounter, lastUsedAt: new Date(ctx.now()) })
          .where(
            and(
              eq(passkeys.id, passkey.id),
              newCounter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, newCounter),
            ),
          )
          .returning({ id: passkeys.id });
        if (moved.length === 0)
          throw passkeyAuthenticationFailed(newCounter === 0 ? 'Passkey not found' : CLONED);
        return endSignIn(ctx, tx, { projectId: project.id, userId: passkey.userId, isNewUser: false });
      },
    });
    wroteUser(ending.userId);
    return json(await signInAnswer(ctx, ending, { reportNewUser: true }));
  },
});
