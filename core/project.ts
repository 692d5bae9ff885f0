/** The project as the kit exposes it (client view, product-spec §3). */
import type { ClientProjectJson } from '../wire/project.js';

/** The sign-in methods and switches a project offers its users. */
export interface ClientProject {
  id: string;
  displayName: string;
  config: {
    signUpEnabled: boolean;
    credentialEnabled: boolean;
    magicLinkEnabled: boolean;
    passkeyEnabled: boolean;
    clientTeamCreationEnabled: boolean;
    clientUserDeletionEnabled: boolean;
    /** Ids of the enabled OAuth providers. */
    oauthProviders: string[];
  };
}

/** Maps the wire's project to the kit's. */
export function projectFromJson(json: ClientProjectJson): ClientProject {
  const c = json.config;
  return {
    id: json.id,
    displayName: json.display_name,
    config: {
      signUpEnabled: c.sign_up_enabled,
      credentialEnabled: c.credential_enabled,
      magicLinkEnabled: c.magic_link_enabled,
      passkeyEnabled: c.passkey_enabled,
      clientTeamCreationEnabled: c.client_team_creation_enabled,
      clientUserDeletionEnabled: c.client_user_deletion_enabled,
      oauthProviders: c.enabled_oauth_providers.map((p) => p.id),
    },
  };
}
