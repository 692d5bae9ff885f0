/**
 * Profile images are stored as `data:` URLs of at most 1,000,000 characters (product-spec §9): a
 * photo straight from a phone is far larger, so it is scaled down in the browser first.
 */

/** The longest side of a profile image, in pixels. */
export const PROFILE_IMAGE_SIZE = 256;
/** The longest `data:` URL the server keeps. */
export const PROFILE_IMAGE_MAX_LENGTH = 1_000_000;

/** Why an image could not be used, in words for the user. */
export class ProfileImageError extends Error {}

/** Reads `file`, scales it to fit `size` × `size` and returns it as a JPEG (or PNG) `data:` URL. */
export async function resizeProfileImage(file: Blob, size = PROFILE_IMAGE_SIZE): Promise<string> {
  if (!file.type.startsWith('image/')) throw new ProfileImageError('Please choose an image file.');
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new ProfileImageError('This image cannot be read. Please choose another one.');
  }
  const scale = Math.min(1, size / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  // JPEG keeps photos small; a PNG keeps transparency when it fits.
  const png = canvas.toDataURL('image/png');
  const url = png.length <= PROFILE_IMAGE_MAX_LENGTH / 4 ? png : canvas.toDataURL('image/jpeg', 0.85);
  if (url.length > PROFILE_IMAGE_MAX_LENGTH) throw new ProfileImageError('This image is too large.');
  return url;
}
