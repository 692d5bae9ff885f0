/**
 * What the ticket plugin and its backend say to each other: the codes of its own errors (in the
 * wire's known-error format, so the kit decodes them to errors of this plugin) and their texts.
 */

/** The plugin's own error codes; none of them is in signet's catalogue. */
export const TICKET_ERROR_CODES = ['TICKET_UNKNOWN', 'TICKET_EXPIRED', 'TICKET_USED'] as const;
/** One of the plugin's own error codes. */
export type TicketErrorCode = (typeof TICKET_ERROR_CODES)[number];

/** What the backend says for each. */
export const TICKET_ERROR_MESSAGES: Record<TicketErrorCode, string> = {
  TICKET_UNKNOWN: 'This sign-in ticket does not exist.',
  TICKET_EXPIRED: 'This sign-in ticket has expired. Create a new one.',
  TICKET_USED: 'This sign-in ticket was used already.',
};

/** How long a ticket can be used, in milliseconds. */
export const TICKET_LIFETIME_MS = 5 * 60_000;
