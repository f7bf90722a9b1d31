/**
 * What an uploaded image may be: an accepted format, decided by content, within the configured
 * limits of bytes and pixels, that decodes whole; and what of it is stored.
 */
import sharp, { type Metadata } from 'sharp';
import { configSchema, type Config } from '../../config';
import { ValidationError } from '../../errors';
import { withoutLocation } from './image-location';
import { undecodableReason } from './unreadable-files';

/** How large an uploaded image may be: bytes of the file and pixels of the picture (config MAX_IMAGE_UPLOAD_BYTES, MAX_IMAGE_PIXELS). */
export interface ImageLimits {
  maxBytes: number;
  maxPixels: number;
}

/** The limits of the configuration's defaults. */
export const DEFAULT_IMAGE_LIMITS: ImageLimits = {
  maxBytes: configSchema.shape.MAX_IMAGE_UPLOAD_BYTES.parse(undefined),
  maxPixels: configSchema.shape.MAX_IMAGE_PIXELS.parse(undefined),
};

/** The image limits a configuration sets. */
export function imageLimitsOf(config: Pick<Config, 'MAX_IMAGE_UPLOAD_BYTES' | 'MAX_IMAGE_PIXELS'>): ImageLimits {
  return { maxBytes: config.MAX_IMAGE_UPLOAD_BYTES, maxPixels: config.MAX_IMAGE_PIXELS };
}

/** Source formats we accept, as sharp names them, with the extension we store them under. */
const ACCEPTED_FORMATS: Record<string, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif', avif: 'avif' };

const ACCEPTED_LIST = 'JPEG, PNG, WebP, GIF or AVIF';

/**
 * The stored extension and upright size of an upload, decided by its content (never its name
 * or claimed type): a picture over the pixel limit is refused from its header, before anything
 * decodes it; then the whole picture is decoded, so that a damaged file, which no rendition
 * could be made of, is refused here rather than breaking the pages that show it. `stored` is
 * what to store: the upload, without its GPS position if it had one.
 */
export async function inspectImage(bytes: Buffer, limits: ImageLimits): Promise<{ extension: string; width: number; height: number; stored: Buffer }> {
  if (bytes.length > limits.maxBytes) {
    throw new ValidationError(`This file is too big (${megabytes(bytes.length)}). Maximum filesize is ${megabytes(limits.maxBytes)}.`);
  }
  let metadata: Metadata;
  try {
    // Reading the header costs nothing; lifting sharp's own limit lets the size check below explain a refusal.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new ValidationError(`The file is not an image we can read; upload a ${ACCEPTED_LIST} file.`, { cause: error });
  }
  // libheif reports both HEIC and AVIF as 'heif'; only the AV1-coded kind is AVIF.
  const format = metadata.format === 'heif' && metadata.compression === 'av1' ? 'avif' : metadata.format;
  const extension = Object.hasOwn(ACCEPTED_FORMATS, format) ? ACCEPTED_FORMATS[format] : undefined;
  if (format === 'svg') throw new ValidationError('SVG images are not accepted; upload a PNG, JPEG, WebP, GIF or AVIF.');
  if (!extension) throw new ValidationError(`Images must be ${ACCEPTED_LIST}; this file is ${format.toUpperCase()}.`);
  // EXIF-rotated photos are displayed, cropped and measured upright.
  const { width, height } = metadata.autoOrient;
  if (width * height > limits.maxPixels) {
    throw new ValidationError(`The image is ${width}x${height}; images may have at most ${formatMillions(limits.maxPixels)} million pixels.`);
  }
  const damage = await undecodableReason(bytes);
  if (damage !== undefined) {
    throw new ValidationError(`This image file is damaged or incomplete, so its picture cannot be read; upload a complete ${ACCEPTED_LIST} file.`, { cause: new Error(damage) });
  }
  return { extension, width, height, stored: await withoutLocation(bytes, extension, metadata) };
}

/** A size in megabytes with one decimal, as upload limits are stated ("10 MB"). */
export function megabytes(bytes: number): string {
  return `${Math.max(0.1, Math.round((bytes / 1_000_000) * 10) / 10)} MB`;
}

function formatMillions(pixels: number): string {
  return String(Math.round((pixels / 1_000_000) * 100) / 100);
}
