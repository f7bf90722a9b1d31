/** Renditions of an image: made once, stored, recorded, and remembered by the process. */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Db } from '../../db/database';
import type { Image, ImageRendition } from '../../db/schema';
import { MediaFileMissingError, mediaKey, type MediaStorage } from '../../media-storage';
import { focalPointOf, markImageFileUnreadable, undecodableReason, UnreadableImageError } from '../images';
import { formatFilterSpec, parseFilterSpec, type FilterSpec, type OutputFormat } from './filter-spec';
import { renderImage } from './render-image';

/** Where rendition files are served from. */
export const RENDITION_URL_PREFIX = '/media/images/';

/** Rendition file names as getRendition writes them: `{image id}-{hash}.{extension}`. */
export const RENDITION_FILE_PATTERN = /^\d+-[0-9a-f]{16}\.(?:jpg|png|webp|avif)$/;

const EXTENSIONS: Record<OutputFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif' };

/** The public URL of a rendition's file. */
export function renditionUrl(rendition: Pick<ImageRendition, 'file'>): string {
  return RENDITION_URL_PREFIX + path.posix.basename(rendition.file);
}

// Renditions never change once made, and the key holds everything that shapes their bytes
// (source hash, focal point, spec) and the image's renditions generation, which every change
// that deletes renditions bumps, so a process may remember them without asking again and
// never hands out one whose file is gone; bounded so a huge library cannot grow the process.
const RENDITION_MEMO_LIMIT = 10_000;
const renditionMemo = new Map<string, ImageRendition>();

function remember(key: string, rendition: ImageRendition): ImageRendition {
  if (renditionMemo.size >= RENDITION_MEMO_LIMIT) renditionMemo.delete(renditionMemo.keys().next().value!);
  renditionMemo.set(key, rendition);
  return rendition;
}

/**
 * The rendition of an image for a filter spec: the recorded one when it exists, else made with
 * sharp, stored, and recorded. Safe to call concurrently for the same rendition. An image whose
 * file does not decode is an UnreadableImageError, decoded no more once it is recorded.
 */
export async function getRendition(db: Db, storage: MediaStorage, image: Image, spec: string | FilterSpec): Promise<ImageRendition> {
  const filter = typeof spec === 'string' ? parseFilterSpec(spec) : spec;
  const filterSpec = formatFilterSpec(filter);
  const focalPointKey = focalPointKeyFor(image, filter);
  const find = () =>
    db.selectFrom('image_renditions').selectAll().where('image_id', '=', image.id).where('filter_spec', '=', filterSpec).where('focal_point_key', '=', focalPointKey).executeTakeFirst();

  const memoKey = `${image.id}|${image.renditions_generation}|${image.file_hash}|${focalPointKey}|${filterSpec}`;
  const remembered = renditionMemo.get(memoKey);
  if (remembered) return remembered;
  if (image.file_error !== null) throw new UnreadableImageError(image.id, image.file_error, false);
  const cached = await find();
  if (cached) return remember(memoKey, cached);

  const { bytes, width, height, format } = await renderReadable(db, image, await readOriginal(db, storage, image), filter);
  const digest = createHash('sha1').update(`${filterSpec}\n${focalPointKey}\n${image.file_hash}`).digest('hex').slice(0, 16);
  const file = mediaKey('images', `${image.id}-${digest}.${EXTENSIONS[format]}`);
  await storage.save(file, bytes);
  // A concurrent request may have recorded the same rendition first; both wrote identical
  // bytes to the same name, so keep whichever row won.
  await db
    .insertInto('image_renditions')
    .values({ image_id: image.id, filter_spec: filterSpec, focal_point_key: focalPointKey, file, width, height })
    .onConflict((conflict) => conflict.columns(['image_id', 'filter_spec', 'focal_point_key']).doNothing())
    .execute();
  const recorded = await find();
  if (!recorded) throw new Error(`Rendition ${filterSpec} of image ${image.id} vanished after it was recorded.`);
  return remember(memoKey, recorded);
}

/** Why an image whose row outlived its original file cannot be shown, for the log and the admin. */
export const MISSING_ORIGINAL_REASON = 'The original file is missing from the media storage.';

/** The image's original file; when the storage has none, the image is recorded as unreadable. */
async function readOriginal(db: Db, storage: MediaStorage, image: Image): Promise<Buffer> {
  try {
    return await storage.read(image.file);
  } catch (error) {
    if (!(error instanceof MediaFileMissingError)) throw error;
    throw new UnreadableImageError(image.id, MISSING_ORIGINAL_REASON, await markImageFileUnreadable(db, image, MISSING_ORIGINAL_REASON), { cause: error });
  }
}

/**
 * The rendition's bytes; when making them fails because the file itself does not decode, the
 * image is recorded as unreadable. Any other failure (a bug of ours) is left as it is.
 */
async function renderReadable(db: Db, image: Image, source: Buffer, filter: FilterSpec): ReturnType<typeof renderImage> {
  try {
    return await renderImage(source, image, filter);
  } catch (error) {
    const reason = await undecodableReason(source);
    if (reason === undefined) throw error;
    throw new UnreadableImageError(image.id, reason, await markImageFileUnreadable(db, image, reason), { cause: error });
  }
}

/** Only fill looks at the focal point, so only fill renditions are keyed by it. */
function focalPointKeyFor(image: Image, filter: FilterSpec): string {
  if (filter.resize?.kind !== 'fill') return '';
  const focalPoint = focalPointOf(image);
  return focalPoint ? `${focalPoint.x}-${focalPoint.y}-${focalPoint.width}x${focalPoint.height}` : 'centre';
}
