import sharp from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import { unsupportedMedia } from './errors.ts';

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
const MAX_PIXELS = 40_000_000; // pixel-flood guard: decoding stops above ~40 megapixels

/**
 * Accept an image only if its bytes are PNG, JPEG or WebP (the name and declared type are ignored),
 * then re-encode it: resized, metadata stripped, any trailing polyglot payload dropped.
 */
export async function processImage(
  data: Buffer,
  options: { maxWidth: number; maxHeight: number; message?: string },
): Promise<{ buffer: Buffer; mimeType: 'image/webp'; extension: 'webp' }> {
  const message = options.message ?? 'Please select an image file (PNG, JPG, JPEG, WebP)';
  const type = await fileTypeFromBuffer(data);
  if (!type || !(IMAGE_TYPES as readonly string[]).includes(type.mime)) throw unsupportedMedia(message);
  try {
    const buffer = await sharp(data, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: options.maxWidth, height: options.maxHeight, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    return { buffer, mimeType: 'image/webp', extension: 'webp' };
  } catch {
    throw unsupportedMedia(message);
  }
}
