/** The request fields of a team (wire.md §4.10), shared by its create and update routes. */
import * as v from 'valibot';
import { boundedJson, boundedString, INPUT_LIMITS, profileImageField } from '../fields.js';

/** A team's name: required on create; `""` is a name, as the reference's plain string schema takes it. */
export const teamNameField = boundedString(INPUT_LIMITS.name);

const metadata = v.optional(boundedJson(INPUT_LIMITS.metadataJson));

/** What client access may set on a team. */
export const clientTeamEntries = {
  display_name: teamNameField,
  profile_image_url: v.optional(profileImageField),
  client_metadata: metadata,
};

/** What server and admin access may set on a team. */
export const serverTeamEntries = {
  ...clientTeamEntries,
  client_read_only_metadata: metadata,
  server_metadata: metadata,
};
