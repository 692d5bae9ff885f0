/** The bodies of the user routes (wire.md §4.8): what client and server access may change. */
import * as v from 'valibot';
import type { UserCreate, UserUpdate } from '../../services/user-update.js';
import {
  boundedJson,
  boundedString,
  emailField,
  INPUT_LIMITS,
  profileImageField,
  uuidField,
} from '../fields.js';

/**
 * Standard base64 with its padding, not empty: the reference's `isBase64`. Any length a bounded
 * string holds; the SDKs send 20 bytes, and the reference takes (and signs in with) any other.
 */
const STANDARD_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * A password server access sets: the reference's schema (at most 70 UTF-16 code units) and no
 * end-user policy, as the reference's `POST /users` and `PATCH /users/{id}` have none.
 */
const serverPasswordField = v.pipe(v.string(), v.maxLength(70, 'must be at most 70 characters'));

const clientEntries = {
  display_name: v.optional(v.nullable(boundedString(INPUT_LIMITS.name))),
  profile_image_url: v.optional(profileImageField),
  client_metadata: v.optional(boundedJson(INPUT_LIMITS.metadataJson)),
  selected_team_id: v.optional(v.nullable(uuidField)),
  totp_secret_base64: v.optional(
    v.nullable(
      v.pipe(
        boundedString(INPUT_LIMITS.text),
        v.check((value) => value !== '' && STANDARD_BASE64.test(value), 'is not valid base64'),
      ),
    ),
  ),
  otp_auth_enabled: v.optional(v.boolean()),
  passkey_auth_enabled: v.optional(v.boolean()),
};

/** `PATCH /users/me` body with client access. */
export const clientUserUpdateSchema = v.strictObject(clientEntries);

const serverEntries = {
  ...clientEntries,
  client_read_only_metadata: v.optional(boundedJson(INPUT_LIMITS.metadataJson)),
  server_metadata: v.optional(boundedJson(INPUT_LIMITS.metadataJson)),
  primary_email: v.optional(v.nullable(v.pipe(emailField, v.minLength(1, 'must not be empty')))),
  primary_email_verified: v.optional(v.boolean()),
  primary_email_auth_enabled: v.optional(v.boolean()),
  password: v.optional(v.nullable(serverPasswordField)),
  // Checked by the update service: a hash it cannot use is the reference's 400 text.
  password_hash: v.optional(v.pipe(boundedString(INPUT_LIMITS.name), v.minLength(1, 'must not be empty'))),
};

/** The server update set (`PATCH /users/{id}`, and server `PATCH /users/me`). */
export const serverUserUpdateSchema = v.strictObject(serverEntries);

const { selected_team_id: _selectedTeam, ...createEntries } = serverEntries;

/** `POST /users`: the server update set without the selected team, with OAuth accounts. */
export const serverUserCreateSchema = v.strictObject({
  ...createEntries,
  oauth_providers: v.optional(
    v.array(
      v.strictObject({
        id: boundedString(INPUT_LIMITS.name),
        account_id: boundedString(INPUT_LIMITS.text),
        email: v.nullable(boundedString(INPUT_LIMITS.email)),
      }),
    ),
  ),
});

// What the schemas let through is what the update service takes.
type Fits<Out, Domain> = Out extends Domain ? true : never;
const _updateFits: Fits<v.InferOutput<typeof serverUserUpdateSchema>, UserUpdate> = true;
const _createFits: Fits<v.InferOutput<typeof serverUserCreateSchema>, UserCreate> = true;
void _updateFits;
void _createFits;
