/**
 * The messages of the known errors the kit raises itself, without a server's answer, as constants:
 * a plugin takes the one it needs without the whole catalogue (messages.ts), which builds every
 * message when it loads and so stays in any bundle that imports it.
 */

/** USER_AUTHENTICATION_REQUIRED's message (wire.md §2.4). */
export const USER_AUTHENTICATION_REQUIRED_MESSAGE = 'User authentication required for this endpoint.';
