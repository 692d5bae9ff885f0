/**
 * `POST /auth/passkey/initiate-passkey-registration` (wire.md §4.4, §6.7): WebAuthn creation
 * options for the signed-in user, and a 65-second code holding their challenge.
 */
import { eq } from 'drizzle-orm';
import { PasskeyInitiationSchema } from '../../../../../wire/passkey.js';
import { PASSKEY_RP_ID_SENTINEL } from '../../../../../wire/passkey-rp-id.js';
import { passkeys } from '../../../db/schema.js';
import { defineRoute } from '../../../http/route.js';
import {
  assertPasskeysEnabled,
  generateRegistrationOptions,
  passkeyChallenge,
  userHandleOf,
} from '../../../services/passkeys.js';
import { createVerificationCode } from '../../../services/verification-codes.js';
import { emptyBody } from '../../fields.js';

/** Starts adding a passkey to the signed-in user. */
export const initiatePasskeyRegistrationRoute = defineRoute({
  method: 'POST',
  path: '/auth/passkey/initiate-passkey-registration',
  summary: 'WebAuthn creation options for adding a passkey to the signed-in user',
  response: PasskeyInitiationSchema,
  access: ['client', 'server', 'admin'],
  writes: 'none',
  user: true,
  body: emptyBody,
  async handler({ ctx, auth, json }) {
    const { project, user } = auth;
    assertPasskeysEnabled(project);
    const primary = user.channels.find((c) => c.type === 'email' && c.isPrimary)?.value;
    const name = user.row.displayName || primary || 'Stack Auth User';
    const existing = await ctx.db
      .select({ id: passkeys.credentialId, transports: passkeys.transports })
      .from(passkeys)
      .where(eq(passkeys.userId, user.row.id));
    const userHandle = userHandleOf(user.row.id);
    const options = await generateRegistrationOptions({
      rpName: project.displayName,
      rpID: PASSKEY_RP_ID_SENTINEL,
      userID: userHandle,
      userName: name,
      userDisplayName: name,
      challenge: Buffer.from(passkeyChallenge(ctx, project), 'base64url'),
      timeout: 60_000,
      attestationType: 'none',
      // The wire sends none; signet keeps several passkeys per user, so the authenticators already
      // registered are listed and the browser refuses to register one twice.
      excludeCredentials: existing.map((c) => ({ id: c.id, transports: c.transports as string[] })),
      authenticatorSelection: {
        residentKey: 'required',
        requireResidentKey: true,
        userVerification: 'preferred',
      },
      supportedAlgorithmIDs: [-8, -7, -257],
      extensions: { credProps: true },
    });
    const code = await createVerificationCode(ctx, {
      projectId: project.id,
      type: 'PASSKEY_REGISTRATION_CHALLENGE',
      method: {},
      data: {
        challenge: options.challenge,
        userHandle: Buffer.from(userHandle).toString('base64url'),
        user_id: user.row.id,
      },
      redirectUrl: null,
    });
    // The library adds `hints` (empty here); the reference's options carry no such member.
    const { hints: _hints, ...optionsJson } = options;
    return json({ options_json: optionsJson as unknown as Record<string, unknown>, code });
  },
});
