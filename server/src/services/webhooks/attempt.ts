/**
 * One attempt at a claimed delivery when signet delivers itself: read the message, the endpoint
 * and its project, sign the body with the endpoint's live secrets, check where the URL leads
 * (url-policy.ts), POST, and record what came back (outcome.ts).
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { projects, webhookDeliveries, webhookEndpoints, webhookMessages } from '../../db/schema.js';
import type { ServerContext } from '../context.js';
import { type ClaimedDelivery, type DeliveryTarget, releaseClaim } from './claim.js';
import type { WebhookDeliveryOptions } from './delivery-options.js';
import { type PostOutcome, postTo } from './http-post.js';
import { type Recorded, recordOutcome, TRIGGER } from './outcome.js';
import { liveSecrets } from './secrets.js';
import { webhookHeaders } from './signature.js';
import { resolveDeliveryAddress } from './url-policy.js';

/** What an attempt needs beyond the claim. */
export interface AttemptOptions {
  delivery: WebhookDeliveryOptions;
  triggerType?: number;
  /** Aborted when the server closes: the claim is given back and nothing is recorded. */
  signal?: AbortSignal;
}

/**
 * Makes the attempt `claim` stands for. Resolves with what was recorded, or null when nothing
 * was sent (the endpoint or message is gone or disabled, or the server is closing).
 */
export async function attemptDelivery(
  ctx: Pick<ServerContext, 'db' | 'now' | 'webhookSecrets'>,
  claim: ClaimedDelivery,
  options: AttemptOptions,
): Promise<Recorded | null> {
  const found = claim.target ?? (await loadTarget(ctx.db, claim));
  if (!found || found.disabled) {
    // Svix: deliveries to a disabled (or removed) endpoint stop.
    await ctx.db
      .update(webhookDeliveries)
      .set({ status: 'failed' })
      .where(
        and(
          eq(webhookDeliveries.messageId, claim.messageId),
          eq(webhookDeliveries.endpointId, claim.endpointId),
          eq(webhookDeliveries.attemptCount, claim.attemptCount),
        ),
      );
    return null;
  }
  const sentAt = ctx.now();
  const body = JSON.stringify(found.payload);
  let outcome: PostOutcome;
  const url = URL.canParse(found.url) ? new URL(found.url) : null;
  const target = url
    ? await resolveDeliveryAddress(url, {
        productionMode: found.productionMode,
        resolve: options.delivery.resolve,
      })
    : { problem: 'The URL is not valid.' };
  if ('problem' in target) outcome = { statusCode: 0, body: target.problem, durationMs: 0 };
  else {
    const headers = webhookHeaders(
      liveSecrets(ctx, found, sentAt),
      claim.messageId,
      Math.floor(sentAt / 1000),
      body,
    );
    outcome = await postTo({
      url: url!,
      address: target,
      headers,
      body,
      timeoutMs: options.delivery.timeoutMs,
      signal: options.signal,
    });
  }
  if (options.signal?.aborted) {
    await releaseClaim(ctx.db, claim, ctx.now());
    return null;
  }
  return recordOutcome(ctx.db, claim, found.url, outcome, {
    now: ctx.now(),
    retryScheduleMs: options.delivery.retryScheduleMs,
    triggerType: options.triggerType ?? TRIGGER.scheduled,
  });
}

/** The target of a claim made without one (a resend); undefined when the message or endpoint is gone. */
async function loadTarget(db: Database, claim: ClaimedDelivery): Promise<DeliveryTarget | undefined> {
  const [found] = await db
    .select({
      payload: webhookMessages.payload,
      url: webhookEndpoints.url,
      disabled: webhookEndpoints.disabled,
      secretSealed: webhookEndpoints.secretSealed,
      previousSecretSealed: webhookEndpoints.previousSecretSealed,
      previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
      productionMode: projects.isProductionMode,
    })
    .from(webhookMessages)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, claim.endpointId))
    .innerJoin(projects, eq(projects.id, webhookEndpoints.projectId))
    .where(and(eq(webhookMessages.id, claim.messageId), eq(webhookEndpoints.projectId, claim.projectId)));
  return found;
}
