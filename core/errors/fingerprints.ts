/**
 * What the kit needs of the error catalogue at run time, in 415 characters instead of 83 names:
 * whether a code is known, and the family it belongs to. Each known code is kept as a 24-bit
 * fingerprint of its name followed by its parent's index in {@link PARENTS}; the names themselves
 * stay in the types (`KnownErrorCode`) and in `codes.ts` for the server, and a unit test checks the
 * two agree. A code the server invents later fingerprints as unknown except with a chance of one in
 * hundreds of thousands, and then it is merely treated as a known error.
 */

/** The abstract codes known codes descend from, by index (0 means none). */
const PARENTS = [
  '',
  'INVALID_PROJECT_AUTHENTICATION',
  'PROJECT_AUTHENTICATION_REQUIRED',
  'INVALID_ADMIN_ACCESS_TOKEN',
  'INVALID_ACCESS_TOKEN',
  'REFRESH_TOKEN_ERROR',
  'PASSWORD_REQUIREMENTS_NOT_MET',
  'VERIFICATION_ERROR',
  'PROJECT_AUTHENTICATION_ERROR',
] as const;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The 4-character fingerprint of a code's name (FNV-1a, 24 bits). */
export function fingerprint(code: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < code.length; i++) hash = Math.imul(hash ^ code.charCodeAt(i), 0x01000193);
  let out = '';
  for (let i = 0; i < 4; i++) out += ALPHABET[(hash >>> (6 * i)) & 63];
  return out;
}

/** Every known code: fingerprint and parent index, five characters each (see the unit test). */
export const KNOWN_CODE_PRINTS =
  'J-0y0nymt0zw3J0MYEZ0pWpS1c6LJ1TfU91M4Bm1uadn1aJx11lNkC11G2n1rLUh3vOhE3rIzE30kuf3hGBv2FuFd2naIY2Ze-O23XxD2f7aK2FkvH8XRWh4TTuo4Xy_O4zf915F5t45jD7o5P0YR0qlLO0LsVS00i3P0fgHs0-d_r0Lspd0gNKd0ZGCK0YrBs02-xb0yZFc0cjXB6k6Cu6dL5103QT87En7k7T-Np7rtTZ7lo3C0JXcI0B79s0wFk20jG9-07X1_04Wai0vT2t0ZgNA0V8590sRpk04Lj_0STNL0B8Z80QkT-0LYKh0kg-d01DSL076HU0jsf00kaD20gNnV0_I2M0Djvt0EqDF0l-tV0ns1q0GkKB0zjv-0svqK0YjMF0Sv6r0XtBW0GlD-0kXoD0';

let parents: Map<string, string> | undefined;

/**
 * The parent of known code `code` ('' when it has none), or undefined when the code is not one
 * this kit knows.
 */
export function parentOfKnownCode(code: string): string | undefined {
  if (!parents) {
    parents = new Map();
    for (let i = 0; i < KNOWN_CODE_PRINTS.length; i += 5) {
      parents.set(KNOWN_CODE_PRINTS.slice(i, i + 4), PARENTS[Number(KNOWN_CODE_PRINTS[i + 4])]!);
    }
  }
  return /^[A-Z][A-Z0-9_]*$/.test(code) ? parents.get(fingerprint(code)) : undefined;
}
