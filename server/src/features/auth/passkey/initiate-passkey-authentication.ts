/**
 * `POST /auth/passkey/initiate-passkey-authentication` (wire.md §4.4, §6.7): WebAuthn request
 * options for a sign-in with any passkey of the project (discoverable credentials, so no list),
 * and a 65-second code holding the challenge.
 */
import { PasskeyInitiationSchema } from '../../../../../wire/passkey.js';
import { PASSKEY_RP_ID_SENTINEL } from '../../../../../wire/passkey-rp-id.js';
import { defineRoute } from '../../../http/route.js';
import {
  assertPasskeysEnabled,
  generateAuthenticationOptions,
  passkeyChallenge,
} from '../../../services/passkeys.js';
import { createVerificationCode } from '../../../services/verification-codes.js';
import { emptyBody } from '../../fields.js';

/** Starts a passkey sign-in. */
export const initiatePasskeyAuthenticationRoute = defineRoute({
  method: 'POST',
  path: '/auth/passkey/initiate-passkey-authentication',
  summary: 'WebAuthn request options for signing in with a passkey',
  response: PasskeyInitiationSchema,
  access: ['client', 'server', 'admin'],
  // Writes only the challenge, which authentication never reads.
  writes: 'none',
  body: emptyBody,
  async handler({ ctx, auth, json }) {
    const { project } = auth;
    assertPasskeysEnabled(project);
    const options = await generateAuthenticationOptions({
      rpID: PASSKEY_RP_ID_SENTINEL,
      challenge: Buffer.from(passkeyChallenge(ctx, project), 'base64url'),
      allowCredentials: [],
      timeout: 60_000,
      userVerification: 'preferred',
    });
    const code = await createVerificationCode(ctx, {
      projectId: project.id,
      type: 'PASSKEY_AUTHENTICATION_CHALLENGE',
      method: {},
      data: { challenge: options.challenge },
      redirectUrl: null,
    });
    return json({ options_json: options as unknown as Record<string, unknown>, code });
  },
});
