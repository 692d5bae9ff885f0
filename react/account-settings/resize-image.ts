/**
 * Profile images are stored as `data:` URLs of at most 1,000,000 characters, meant to stay under
 * 100 KB (product-spec §3, §9): a photo straight from a phone is far larger, so it is scaled down
 * and compressed in the browser first.
 */

/** The longest side of a profile image, in pixels. */
export const PROFILE_IMAGE_SIZE = 256;
/** The longest `data:` URL the server keeps. */
export const PROFILE_IMAGE_MAX_LENGTH = 1_000_000;
/** The size aimed at: 100 KB of image, as base64 in a `data:` URL. */
export const PROFILE_IMAGE_TARGET_LENGTH = Math.ceil((100_000 * 4) / 3);

/** Why an image could not be used, in words for the user. */
export class ProfileImageError extends Error {}

/** JPEG qualities tried in turn until the image fits the target. */
const JPEG_QUALITIES = [0.85, 0.7, 0.5];

/** Reads `file`, scales it to fit `size` × `size` and returns it as a PNG or JPEG `data:` URL. */
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
  const context = canvas.getContext('2d');
  if (!context) {
    bitmap.close();
    throw new ProfileImageError('This browser cannot resize images. Please choose a smaller one.');
  }
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  // A PNG keeps transparency (logos, drawings) when it is small enough; photos become JPEGs, on
  // white so transparent parts do not turn black.
  let url = canvas.toDataURL('image/png');
  if (url.length > PROFILE_IMAGE_TARGET_LENGTH) {
    context.globalCompositeOperation = 'destination-over';
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
  }
  for (const quality of JPEG_QUALITIES) {
    if (url.length <= PROFILE_IMAGE_TARGET_LENGTH) break;
    url = canvas.toDataURL('image/jpeg', quality);
  }
  if (url.length > PROFILE_IMAGE_MAX_LENGTH) throw new ProfileImageError('This image is too large.');
  return url;
}
