/** The events signet sends (as Stack Auth sends them): each `{type, data}` with the server view. */

/** Every event type, in the order the reference lists them. */
export const WEBHOOK_EVENT_TYPES = [
  'user.created',
  'user.updated',
  'user.deleted',
  'team.created',
  'team.updated',
  'team.deleted',
  'team_membership.created',
  'team_membership.deleted',
  'team_permission.created',
  'team_permission.deleted',
] as const;

/** One event type. */
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** One event: its type and its data (the object's server view, or the ids of what was removed). */
export interface WebhookEvent {
  type: WebhookEventType;
  data: unknown;
}
