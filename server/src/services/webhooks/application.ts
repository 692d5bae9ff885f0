/** The Svix "application" of a project: signet keeps exactly one per project, with the project's id. */
import { eq } from 'drizzle-orm';
import { projects } from '../../db/schema.js';
import type { ServerContext } from '../context.js';

/** What the webhook API needs of a project. */
export interface WebhookApplication {
  id: string;
  createdAt: Date;
  /** Production mode: endpoints must be https and public (services/webhooks/url-policy.ts). */
  productionMode: boolean;
}

/** The application of `projectId`, or null when the project is gone. */
export async function loadWebhookApplication(
  ctx: Pick<ServerContext, 'db'>,
  projectId: string,
): Promise<WebhookApplication | null> {
  const [row] = await ctx.db
    .select({ id: projects.id, createdAt: projects.createdAt, productionMode: projects.isProductionMode })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  return row ?? null;
}
