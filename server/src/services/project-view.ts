/** The wire shapes of a project (wire.md §5.10). */
import { count, eq } from 'drizzle-orm';
import type { AdminProjectJson, ClientProjectJson } from '../../../wire/project.js';
import type { Database } from '../db/database.js';
import type { ProjectRow } from '../db/schema.js';
import { users } from '../db/schema.js';

type OAuthProvider = AdminProjectJson['config']['oauth_providers'][number];

const providers = (project: ProjectRow) =>
  [...((project.oauthProviders as OAuthProvider[] | null) ?? [])].sort((a, b) => a.id.localeCompare(b.id));

/** The project as client and server access see it. */
export function clientProjectView(project: ProjectRow): ClientProjectJson {
  return {
    id: project.id,
    display_name: project.displayName,
    config: {
      sign_up_enabled: project.signUpEnabled,
      credential_enabled: project.credentialEnabled,
      magic_link_enabled: project.magicLinkEnabled,
      passkey_enabled: project.passkeyEnabled,
      client_team_creation_enabled: project.clientTeamCreationEnabled,
      client_user_deletion_enabled: project.clientUserDeletionEnabled,
      enabled_oauth_providers: providers(project)
        .filter((p) => p.enabled)
        .map((p) => ({ id: p.id })),
    },
  };
}

/** The project as admin access sees it, with its user count read now. */
export async function loadAdminProjectView(db: Database, project: ProjectRow): Promise<AdminProjectJson> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.projectId, project.id));
  return adminProjectView(project, row?.n ?? 0);
}

/** The project as admin access sees it. */
export function adminProjectView(project: ProjectRow, userCount: number): AdminProjectJson {
  const oauthProviders = providers(project);
  return {
    id: project.id,
    display_name: project.displayName,
    description: project.description,
    created_at_millis: project.createdAt.getTime(),
    user_count: userCount,
    is_production_mode: project.isProductionMode,
    config: {
      id: project.configId,
      allow_localhost: project.allowLocalhost,
      sign_up_enabled: project.signUpEnabled,
      credential_enabled: project.credentialEnabled,
      magic_link_enabled: project.magicLinkEnabled,
      passkey_enabled: project.passkeyEnabled,
      client_team_creation_enabled: project.clientTeamCreationEnabled,
      client_user_deletion_enabled: project.clientUserDeletionEnabled,
      create_team_on_sign_up: project.createTeamOnSignUp,
      oauth_account_merge_strategy:
        project.oauthAccountMergeStrategy as AdminProjectJson['config']['oauth_account_merge_strategy'],
      domains: project.domains as AdminProjectJson['config']['domains'],
      oauth_providers: oauthProviders,
      // `[{id}]` as the reference answers it (its schema strips the other fields), not wire.md's full objects.
      enabled_oauth_providers: oauthProviders.filter((p) => p.enabled).map((p) => ({ id: p.id })),
      email_config: project.emailConfig as AdminProjectJson['config']['email_config'],
      team_creator_default_permissions: project.teamCreatorDefaultPermissions as { id: string }[],
      team_member_default_permissions: project.teamMemberDefaultPermissions as { id: string }[],
    },
  };
}
