/**
 * The admin app the console works through for one project: the owner's admin access token
 * (`ownerProjects().adminApp`) with every admin and server plugin the pages use.
 */
import type { SignetApp } from 'signet';
import { adminApiKeys } from 'signet/plugins/admin-api-keys';
import { adminEmails } from 'signet/plugins/admin-emails';
import { adminMetrics } from 'signet/plugins/admin-metrics';
import { adminProject } from 'signet/plugins/admin-project';
import { adminTeamPermissionDefinitions } from 'signet/plugins/admin-team-permission-definitions';
import { adminWebhooks } from 'signet/plugins/admin-webhooks';
import type { OwnerProjectsApi } from 'signet/plugins/owner-projects';
import { serverContactChannels } from 'signet/plugins/server-contact-channels';
import { serverSessions } from 'signet/plugins/server-sessions';
import { serverTeams } from 'signet/plugins/server-teams';
import { serverUsers } from 'signet/plugins/server-users';

/** The plugins of a project's admin app, in one list so the app's type follows from it. */
export const adminPlugins = () =>
  [
    adminProject(),
    adminMetrics(),
    adminApiKeys(),
    adminEmails(),
    adminWebhooks(),
    adminTeamPermissionDefinitions(),
    serverUsers(),
    serverSessions(),
    serverTeams(),
    serverContactChannels(),
  ] as const;

/** The admin app of one project. */
export type AdminApp = SignetApp<ReturnType<typeof adminPlugins>>;

/** Makes the admin app of `projectId` for the signed-in owner. */
export function createAdminApp(owner: OwnerProjectsApi, projectId: string): AdminApp {
  return owner.adminApp(projectId, { plugins: adminPlugins() });
}
