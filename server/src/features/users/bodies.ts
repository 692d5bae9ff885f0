/** The bodies of the user routes (wire.md §4.8): what client and server access may change. */
import * as v from 'valibot';
import { BCRYPT_MAX_COST, isBcryptHash } from '../../services/passwords.js';
import type { UserCreate, UserUpdate } from '../../services/user-update.js';
import {
  boundedJson,
  boundedString,
  emailField,
  INPUT_LIMITS,
  passwordField,
  profileImageField,
  uuidField,
} from '../fields.js';

/** The size of a TOTP secret the wire accepts (what the SDKs generate). */
export const TOTP_SECRET_BYTES = 20;

const clientEntries = {
  display_name: v.optional(v.nullable(boundedString(INPUT_LIMITS.name))),
  profile_image_url: v.optional(profileImageField),
  client_metadata: v.optional(boundedJson(INPUT_LIMITS.metadataJson)),
  selected_team_id: v.optional(v.nullable(uuidField)),
  totp_secret_base64: v.optional(
    v.nullable(
      v.pipe(
        boundedString(INPUT_LIMITS.name),
        v.check(
          (value) =>
            /^[A-Za-z0-9+/]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === TOTP_SECRET_BYTES,
          `must be the standard base64 of a ${TOTP_SECRET_BYTES}-byte secret`,
        ),
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
  password: v.optional(v.nullable(passwordField)),
  password_hash: v.optional(
    v.pipe(
      boundedString(INPUT_LIMITS.name),
      v.check(isBcryptHash, `must be a bcrypt hash ($2a$, $2b$ or $2y$) of cost at most ${BCRYPT_MAX_COST}`),
    ),
  ),
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
