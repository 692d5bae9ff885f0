/**
 * The WebAuthn JSON a browser sends back (RegistrationResponseJSON, AuthenticationResponseJSON),
 * checked for shape and size only: `@simplewebauthn/server` verifies the content. Loose objects,
 * so fields newer browsers add pass through.
 */
import * as v from 'valibot';
import { boundedString } from '../../fields.js';

const base64url = (max: number) =>
  v.pipe(boundedString(max), v.regex(/^[A-Za-z0-9_-]*={0,2}$/, 'must be base64url'));

const common = {
  id: base64url(1024),
  rawId: base64url(1024),
  type: v.literal('public-key'),
  authenticatorAttachment: v.optional(boundedString(32)),
  clientExtensionResults: v.optional(v.record(boundedString(64), v.unknown()), {}),
};

/** What `navigator.credentials.create` made, as JSON. */
export const registrationResponseField = v.looseObject({
  ...common,
  response: v.looseObject({
    clientDataJSON: base64url(16_384),
    attestationObject: base64url(65_536),
    transports: v.optional(v.array(boundedString(32))),
  }),
});

/** What `navigator.credentials.get` made, as JSON. */
export const authenticationResponseField = v.looseObject({
  ...common,
  response: v.looseObject({
    clientDataJSON: base64url(16_384),
    authenticatorData: base64url(16_384),
    signature: base64url(2048),
    userHandle: v.optional(v.nullable(base64url(1024))),
  }),
});
