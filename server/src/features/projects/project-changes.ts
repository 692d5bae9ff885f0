/**
 * Turning an admin's project body into the columns to write (wire.md §4.11 rules), and writing
 * them. Shared by `PATCH /projects/current` and `POST
 * /internal/projects`; nothing is written until every rule holds.
 */
import { eq } from 'drizzle-orm';
import { SHARED_OAUTH_PROVIDER_IDS } from '../../../../wire/project.js';
import { SYSTEM_PERMISSIONS } from '../../../../wire/team.js';
import type { ProjectRow } from '../../db/schema.js';
import { emailTemplates, projects } from '../../db/schema.js';
import type { EmailConfig } from '../../email/mail-store.js';
import { knownError, StatusError } from '../../errors.js';
import type { ServerContext } from '../../services/context.js';
import { DEFAULT_PERMISSION_DEFINITIONS, lockProjectDefinitions } from '../../services/teams/permissions.js';
import { readEmailConfig } from '../email-config-field.js';
import { KNOWN_PROVIDER_IDS, type ProjectUpdate } from './config-body.js';

type ProjectColumns = Partial<typeof projects.$inferInsert>;
type ProviderInput = NonNullable<NonNullable<ProjectUpdate['config']>['oauth_providers']>[number];

/**
 * The columns `update` changes on `current` (undefined when the project is being created), or the
 * wire's error for the first rule it breaks.
 */
export async function projectChanges(
  ctx: ServerContext,
  request: Request,
  current: ProjectRow | undefined,
  update: ProjectUpdate,
): Promise<ProjectColumns> {
  const c = update.config ?? {};
  let emailConfig: EmailConfig | undefined;
  if (c.email_config) {
    emailConfig = readEmailConfig(request, 'body.config.email_config', c.email_config);
    if (emailConfig.type === 'shared' && current) await refuseSharedWithCustomTemplates(ctx, current.id);
  }
  if (c.oauth_providers) checkProviders(current, c.oauth_providers);
  if (c.domains) {
    const seen = new Set<string>();
    for (const { domain } of c.domains) {
      if (seen.has(domain)) throw new StatusError(400, `Duplicate domain found: ${domain}`);
      seen.add(domain);
    }
  }
  // A new project starts with the default definitions; an existing one's lists are checked by
  // `saveProjectChanges`, under the lock definition writes take.
  if (!current)
    checkDefaultLists(
      update,
      DEFAULT_PERMISSION_DEFINITIONS.map((d) => d.id),
    );

  const columns: ProjectColumns = {
    displayName: update.display_name,
    // Stack stores "" when the PATCH omits the description (wire.md §4.11).
    description: update.description ?? '',
    isProductionMode: update.is_production_mode,
    signUpEnabled: c.sign_up_enabled,
    credentialEnabled: c.credential_enabled,
    magicLinkEnabled: c.magic_link_enabled,
    passkeyEnabled: c.passkey_enabled,
    clientTeamCreationEnabled: c.client_team_creation_enabled,
    clientUserDeletionEnabled: c.client_user_deletion_enabled,
    allowLocalhost: c.allow_localhost,
    createTeamOnSignUp: c.create_team_on_sign_up,
    oauthAccountMergeStrategy: c.oauth_account_merge_strategy,
    domains: c.domains,
    oauthProviders: c.oauth_providers?.map(storedProvider),
    teamCreatorDefaultPermissions: c.team_creator_default_permissions,
    teamMemberDefaultPermissions: c.team_member_default_permissions,
    emailConfig,
  };
  // Production mode is not refused over what it would forbid, as in the reference: the kit and the
  // console show those problems (wire/production-mode.ts) beside the switch.
  return columns;
}

/**
 * Writes `columns` (from `projectChanges`) to project `projectId`. When the update sets a default
 * permission list, it takes the project's lock first (`lockProjectDefinitions`, which every
 * definition write takes) and checks each id against the definitions read under it, so a
 * definition deleted or renamed at the same moment is either gone before the check (the update is
 * refused) or deleted after the write (and taken out of the list by its own transaction).
 */
export async function saveProjectChanges(
  ctx: ServerContext,
  projectId: string,
  update: ProjectUpdate,
  columns: ProjectColumns,
): Promise<ProjectRow> {
  const c = update.config ?? {};
  return ctx.db.transaction(async (tx) => {
    if (c.team_creator_default_permissions || c.team_member_default_permissions) {
      const { definitions } = await lockProjectDefinitions(tx, projectId);
      checkDefaultLists(
        update,
        definitions.map((d) => d.id),
      );
    }
    const [row] = await tx.update(projects).set(columns).where(eq(projects.id, projectId)).returning();
    return row!;
  });
}

/**
 * Refuses (400 text) a default permission list naming an id that is neither a system permission
 * nor one of `definitionIds`.
 */
function checkDefaultLists(update: ProjectUpdate, definitionIds: readonly string[]): void {
  const c = update.config ?? {};
  const defined = new Set([...Object.keys(SYSTEM_PERMISSIONS), ...definitionIds]);
  for (const list of [c.team_creator_default_permissions, c.team_member_default_permissions]) {
    const unknown = list?.find((p) => !defined.has(p.id));
    if (unknown) throw new StatusError(400, `Permission with id '${unknown.id}' does not exist.`);
  }
}

async function refuseSharedWithCustomTemplates(ctx: ServerContext, projectId: string): Promise<void> {
  // Custom templates only make sense with the project's own mail server (wire.md §4.11).
  const [custom] = await ctx.db
    .select({ type: emailTemplates.type })
    .from(emailTemplates)
    .where(eq(emailTemplates.projectId, projectId))
    .limit(1);
  if (custom) {
    throw new StatusError(
      400,
      'Cannot use the shared email server while the project has custom email templates. Reset them to the defaults first.',
    );
  }
}

function checkProviders(current: ProjectRow | undefined, providers: readonly ProviderInput[]): void {
  const ids = new Set<string>();
  for (const provider of providers) {
    if (ids.has(provider.id)) throw new StatusError(400, `Duplicate provider id: ${provider.id}`);
    ids.add(provider.id);
    if (provider.type === 'shared' && !(SHARED_OAUTH_PROVIDER_IDS as readonly string[]).includes(provider.id))
      throw knownError('INVALID_SHARED_OAUTH_PROVIDER_ID', { provider_id: provider.id });
    if (provider.type === 'standard' && !KNOWN_PROVIDER_IDS.includes(provider.id))
      throw knownError('INVALID_STANDARD_OAUTH_PROVIDER_ID', { provider_id: provider.id });
    if (
      provider.type === 'standard' &&
      provider.enabled &&
      (!provider.client_id || !provider.client_secret)
    ) {
      throw new StatusError(
        400,
        `Provider with id '${provider.id}' is enabled with standard keys, so client_id and client_secret are required.`,
      );
    }
  }
  // A PATCH lists every provider: leaving one out would silently drop its keys.
  for (const existing of (current?.oauthProviders as { id: string }[] | undefined) ?? []) {
    if (!ids.has(existing.id))
      throw new StatusError(400, `Provider with id '${existing.id}' not found in the update`);
  }
}

/** What is stored: keys only for standard providers, empty strings left out. */
function storedProvider(p: ProviderInput) {
  const keys =
    p.type === 'standard'
      ? {
          client_id: p.client_id,
          client_secret: p.client_secret,
          facebook_config_id: p.facebook_config_id || undefined,
          microsoft_tenant_id: p.microsoft_tenant_id || undefined,
        }
      : {};
  return JSON.parse(JSON.stringify({ id: p.id, enabled: p.enabled, type: p.type, ...keys }));
}
