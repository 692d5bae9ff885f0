/**
 * The passkey relying-party sentinel (wire.md §6.7), apart from the passkey schemas so the
 * browser half, which needs only this value, carries no validation code.
 */

/**
 * The relying-party id the server puts in its WebAuthn options: the server cannot know the page's
 * hostname, so the kit replaces this value with it before calling the browser.
 */
export const PASSKEY_RP_ID_SENTINEL = 'THIS_VALUE_WILL_BE_REPLACED.example.com';
