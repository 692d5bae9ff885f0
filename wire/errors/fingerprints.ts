/**
 * What the kit needs of the error catalogue at run time, in 342 characters instead of 83 names:
 * whether a code is known, and the family it belongs to. Each known code is kept as a 24-bit
 * fingerprint of its name, in a group per parent; the names themselves stay in the types
 * (`KnownErrorCode`) and in `codes.ts` for the server, and a unit test checks the two agree. A code
 * the server invents later fingerprints as unknown except with a chance of one in hundreds of
 * thousands, and then it is merely treated as a known error.
 */

/**
 * Abstract parents: never sent on the wire, only caught by. Child → parent. Kept here (and
 * re-exported by `codes.ts`) because the fingerprint groups follow its order.
 */
export const ABSTRACT_ERROR_PARENTS = {
  INVALID_PROJECT_AUTHENTICATION: 'PROJECT_AUTHENTICATION_ERROR',
  PROJECT_AUTHENTICATION_REQUIRED: 'PROJECT_AUTHENTICATION_ERROR',
  INVALID_ADMIN_ACCESS_TOKEN: 'INVALID_PROJECT_AUTHENTICATION',
  INVALID_SESSION_AUTHENTICATION: 'SESSION_AUTHENTICATION_ERROR',
  INVALID_ACCESS_TOKEN: 'INVALID_SESSION_AUTHENTICATION',
  PROJECT_AUTHENTICATION_ERROR: null,
  SESSION_AUTHENTICATION_ERROR: null,
  REFRESH_TOKEN_ERROR: null,
  PASSWORD_REQUIREMENTS_NOT_MET: null,
  VERIFICATION_ERROR: null,
} as const;

/** The parents known codes are grouped by: none, then every abstract code. */
export const PARENTS = ['', ...Object.keys(ABSTRACT_ERROR_PARENTS)];

/**
 * The 4-character fingerprint of a code's name: the top 24 bits of its FNV-1a hash, as base64
 * (three bytes make exactly four characters, and `btoa` saves carrying an alphabet).
 */
export function fingerprint(code: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < code.length; i++) hash = Math.imul(hash ^ code.charCodeAt(i), 0x01000193);
  return btoa(String.fromCharCode(hash >>> 24, (hash >>> 16) & 255, (hash >>> 8) & 255));
}

/**
 * Every known code's fingerprint, grouped by parent: the groups are separated by spaces and come
 * in the order of {@link PARENTS}, so the parent costs no character per code (see the unit test).
 */
export const KNOWN_CODE_PRINTS =
  'UstPNrZsiyd8nmRGd0WNXDi5W0lbjD94yLB4oa/3Tnab2nSj3yghSbAaoG8f8XBWyNeSTgt6miHFdLPexNpBqvvR0f9VC4mlnrdkwQDYJ/eflpKU8P4yGCzUPfGf9vk5M4SmanfoDi0g0VB+wdH7Ddg2OVZzWzNijrb42xQ6Mlbf3qtbPgSpmPr4qiqrpxTIuq+rblgbofg5Vg6F /EqViSS+xvVHbpgexp3Ww9cSRwpDpJ9h o7wR9HRb/GCGETvnOg8Vsymu WoVCdxITlhMyrH7p  rYVkBqLkGjv8 oR75  VtfXzOLeDqOw 5gV4Z7gu 2fE0SpO5CKTfoWU7';

let parents: Map<string, string> | undefined;

/**
 * The parent of known code `code` ('' when it has none), or undefined when the code is not one
 * this kit knows.
 */
export function parentOfKnownCode(code: string): string | undefined {
  if (!parents) {
    parents = new Map();
    for (const [index, group] of KNOWN_CODE_PRINTS.split(' ').entries()) {
      for (let i = 0; i < group.length; i += 4) parents.set(group.slice(i, i + 4), PARENTS[index]!);
    }
  }
  return /^[A-Z][A-Z0-9_]*$/.test(code) ? parents.get(fingerprint(code)) : undefined;
}
