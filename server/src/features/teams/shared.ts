/** The request fields of a team (wire.md §4.10), shared by its create and update routes. */
import * as v from 'valibot';
import { boundedJson, boundedString, INPUT_LIMITS, profileImageField } from '../fields.js';

/** A team's name: required, not empty. */
export const teamNameField = v.pipe(boundedString(INPUT_LIMITS.name), v.minLength(1, 'must not be empty'));

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
