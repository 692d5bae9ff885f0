/**
 * Profile images are stored as `data:` URLs of at most 1,000,000 characters, meant to stay under
 * 100 KB (product-spec §3, §9): a photo straight from a phone is far larger, so it is scaled down
 * and compressed in the browser first. The canvas work (scale-image.ts) is fetched with the first
 * image chosen, which is async anyway.
 */

/** The longest side of a profile image, in pixels. */
export const PROFILE_IMAGE_SIZE = 256;
/** The longest `data:` URL the server keeps. */
export const PROFILE_IMAGE_MAX_LENGTH = 1_000_000;
/** The size aimed at: 100 KB of image, as base64 in a `data:` URL. */
export const PROFILE_IMAGE_TARGET_LENGTH = Math.ceil((100_000 * 4) / 3);

/** Why an image could not be used, in words for the user. */
export class ProfileImageError extends Error {}

/** Reads `file`, scales it to fit `size` × `size` and returns it as a PNG or JPEG `data:` URL. */
export async function resizeProfileImage(file: Blob, size = PROFILE_IMAGE_SIZE): Promise<string> {
  if (!file.type.startsWith('image/')) throw new ProfileImageError('Please choose an image file.');
  return (await import('./scale-image.js')).scaleImage(file, size);
}
