/**
 * The canvas half of resizeProfileImage (resize-image.ts), loaded with the first image chosen:
 * decode, scale, then PNG or JPEG until the `data:` URL fits.
 */
import { PROFILE_IMAGE_MAX_LENGTH, PROFILE_IMAGE_TARGET_LENGTH, ProfileImageError } from './resize-image.js';

/** JPEG qualities tried in turn until the image fits the target. */
const JPEG_QUALITIES = [0.85, 0.7, 0.5];

/** An image file scaled to fit `size` × `size`, as a PNG or JPEG `data:` URL (resizeProfileImage's work). */
export async function scaleImage(file: Blob, size: number): Promise<string> {
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
