/**
 * `PATCH /projects/current` with admin access (wire.md §4.11, §5.10): the project's name and the
 * switches of its config, and its email config. OAuth-provider and team-permission settings arrive
 * with those features; until then the strict schema refuses them as unknown properties.
 */
import { count, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { emailTemplates, projects, users } from '../../db/schema.js';
import { StatusError } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { adminProjectView } from '../../services/project-view.js';
import { emailConfigField, readEmailConfig } from '../email-config-field.js';
import { boundedString, INPUT_LIMITS } from '../fields.js';

const domainField = v.strictObject({
  domain: v.pipe(
    boundedString(INPUT_LIMITS.url),
    v.check((d) => /^https?:\/\//.test(d) && URL.canParse(d), 'must start with http:// or https://'),
  ),
  handler_path: v.pipe(boundedString(INPUT_LIMITS.url), v.startsWith('/', 'must start with /')),
});

const configEntries = {
  email_config: v.optional(emailConfigField),
  sign_up_enabled: v.optional(v.boolean()),
  credential_enabled: v.optional(v.boolean()),
  magic_link_enabled: v.optional(v.boolean()),
  passkey_enabled: v.optional(v.boolean()),
  client_team_creation_enabled: v.optional(v.boolean()),
  client_user_deletion_enabled: v.optional(v.boolean()),
  allow_localhost: v.optional(v.boolean()),
  create_team_on_sign_up: v.optional(v.boolean()),
  oauth_account_merge_strategy: v.optional(v.picklist(['link_method', 'raise_error', 'allow_duplicates'])),
  domains: v.optional(v.array(domainField)),
};

/** Updates the project as its admin. */
export const updateCurrentProjectRoute = defineRoute({
  method: 'PATCH',
  path: '/projects/current',
  access: ['admin'],
  body: v.strictObject({
    display_name: v.optional(v.pipe(boundedString(INPUT_LIMITS.name), v.minLength(1, 'must not be empty'))),
    description: v.optional(v.nullable(boundedString(INPUT_LIMITS.text))),
    is_production_mode: v.optional(v.boolean()),
    config: v.optional(v.strictObject(configEntries)),
  }),
  async handler({ ctx, auth, body, request, json }) {
    const c = body.config ?? {};
    const emailConfig =
      c.email_config && readEmailConfig(request, 'body.config.email_config', c.email_config);
    if (emailConfig?.type === 'shared') {
      // Custom templates only make sense with the project's own mail server (wire.md §4.11).
      const [custom] = await ctx.db
        .select({ type: emailTemplates.type })
        .from(emailTemplates)
        .where(eq(emailTemplates.projectId, auth.project.id))
        .limit(1);
      if (custom) {
        throw new StatusError(
          400,
          'Cannot use the shared email server while the project has custom email templates. Reset them to the defaults first.',
        );
      }
    }
    const set: Partial<typeof projects.$inferInsert> = {
      displayName: body.display_name,
      // Stack stores "" when the PATCH omits the description (wire.md §4.11).
      description: body.description ?? '',
      isProductionMode: body.is_production_mode,
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
      emailConfig,
    };
    const [project] = await ctx.db
      .update(projects)
      .set(set)
      .where(eq(projects.id, auth.project.id))
      .returning();
    const [row] = await ctx.db.select({ n: count() }).from(users).where(eq(users.projectId, auth.project.id));
    return json(adminProjectView(project!, row?.n ?? 0));
  },
});
