/** Wire shape of a project as client and server access see it (wire.md §5.10). */
import * as v from 'valibot';

/** `GET /projects/current` with client or server access. */
export const ClientProjectSchema = v.object({
  id: v.string(),
  display_name: v.string(),
  config: v.object({
    sign_up_enabled: v.boolean(),
    credential_enabled: v.boolean(),
    magic_link_enabled: v.boolean(),
    passkey_enabled: v.boolean(),
    client_team_creation_enabled: v.boolean(),
    client_user_deletion_enabled: v.boolean(),
    enabled_oauth_providers: v.array(v.object({ id: v.string() })),
  }),
});
/** The client view of a project, in wire form. */
export type ClientProjectJson = v.InferOutput<typeof ClientProjectSchema>;
