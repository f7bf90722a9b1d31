/**
 * Image files that do not decode: judged alike when an upload is checked and when a rendition
 * of a stored file fails, and remembered on the image row so that nothing decodes them again.
 */
import type { Logger } from 'pino';
import sharp from 'sharp';
import type { Db } from '../../db/database';
import type { Image } from '../../db/schema';
import { HttpError } from '../../errors';

/** What the back office and a refused rendition say of an image whose file cannot be decoded. */
export const UNREADABLE_IMAGE_MESSAGE = 'This image file cannot be read; upload a new file.';

/**
 * An image whose stored file cannot be decoded, so no rendition of it can be made (410, as
 * Wagtail's serve view answers for a source image it cannot read). `firstNoticed` is true for
 * the one call, in any process, that found it out and recorded it: that call logs it.
 */
export class UnreadableImageError extends HttpError {
  override name = 'UnreadableImageError';
  constructor(
    readonly imageId: number,
    readonly reason: string,
    readonly firstNoticed: boolean,
    options?: ErrorOptions,
  ) {
    super(410, UNREADABLE_IMAGE_MESSAGE, options);
  }
}

/**
 * Why sharp cannot decode the whole picture of these bytes, or undefined when it can. It
 * decodes with the options renditions decode with (sharp's defaults, failOn 'warning'), so what
 * passes here renders.
 */
export async function undecodableReason(bytes: Buffer): Promise<string | undefined> {
  try {
    // Scaling down reads every pixel without holding the decoded picture. Not stats(): with
    // other decodes running, it passed one damaged PNG in three.
    await sharp(bytes).resize(64, 64, { fit: 'inside', withoutEnlargement: true }).raw().toBuffer();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

const REASON_MAX_LENGTH = 500;

/**
 * Records that the image's current file cannot be decoded; true when this call recorded it
 * first. A file replaced meanwhile (another hash) is left alone.
 */
export async function markImageFileUnreadable(db: Db, image: Pick<Image, 'id' | 'file_hash'>, reason: string): Promise<boolean> {
  const marked = await db
    .updateTable('images')
    .set({ file_error: reason.slice(0, REASON_MAX_LENGTH) })
    .where('id', '=', image.id)
    .where('file_hash', '=', image.file_hash)
    .where('file_error', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return marked !== undefined;
}

/** Logs an unreadable image when this error is the one that found it out: once per image file, however often pages ask for it. */
export function logUnreadableImage(logger: Logger, error: UnreadableImageError): void {
  if (!error.firstNoticed) return;
  logger.error({ imageId: error.imageId, reason: error.reason }, 'An image file cannot be read: it is left out of pages until its file is replaced');
}
