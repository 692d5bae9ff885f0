/** The event types an endpoint can subscribe to, as the admin-webhooks plugin names them. */
import type { WebhookEventType } from 'signet/plugins/admin-webhooks';

/** Every event type signet sends, in the order the form lists them, with a line about each. */
export const EVENT_TYPES = [
  { type: 'user.created', label: 'A user signed up or was created' },
  { type: 'user.updated', label: 'A user changed' },
  { type: 'user.deleted', label: 'A user was deleted' },
  { type: 'team.created', label: 'A team was created' },
  { type: 'team.updated', label: 'A team changed' },
  { type: 'team.deleted', label: 'A team was deleted' },
  { type: 'team_membership.created', label: 'A user joined a team' },
  { type: 'team_membership.deleted', label: 'A user left a team' },
  { type: 'team_permission.created', label: 'A team permission was granted' },
  { type: 'team_permission.deleted', label: 'A team permission was revoked' },
] as const satisfies ReadonlyArray<{ type: WebhookEventType; label: string }>;

// The list above must name every type the plugin knows: this fails to compile when one is missing.
type Missing = Exclude<WebhookEventType, (typeof EVENT_TYPES)[number]['type']>;
const _everyType: [Missing] extends [never] ? true : Missing = true;
void _everyType;

/** "All events", or the event types, for a table cell. */
export function describeEvents(eventTypes: readonly WebhookEventType[] | null): string {
  return eventTypes === null || eventTypes.length === 0 ? 'All events' : eventTypes.join(', ');
}
