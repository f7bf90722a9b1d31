/**
 * An image's original file: storing an upload as a new image, and replacing the file of an
 * existing one. A row and its file are written together or not at all.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/database';
import type { Image } from '../../db/schema';
import { withTransaction } from '../../db/transaction';
import { NotFoundError } from '../../errors';
import { mediaKey, type MediaStorage } from '../../media-storage';
import { slugify } from '../../../client/lib/slugs';
import { setImageTags } from '../tags';
import { checkFocalPoint, focalPointSchema, type FocalPoint } from './focal-point';
import { imageDescription, imageTitle, parseOrThrow, rowId } from './image-fields';
import { resolveCollectionId } from './image-rows';
import { DEFAULT_IMAGE_LIMITS, inspectImage, type ImageLimits } from './upload-limits';

/** What an image is created from. */
export interface CreateImageOptions {
  title: string;
  bytes: Uint8Array;
  collectionId?: number;
  focalPoint?: FocalPoint;
  uploadedBy?: number;
  /** Alt text. */
  description?: string;
  tags?: readonly string[];
  /** The configured limits; the configuration's defaults when left out (seeds, scripts). */
  limits?: ImageLimits;
}

const createImageSchema = z.object({
  title: imageTitle,
  collectionId: rowId.optional(),
  focalPoint: focalPointSchema.optional(),
  uploadedBy: rowId.optional(),
  description: imageDescription.default(''),
  tags: z.array(z.string()).default([]),
});

/**
 * Stores an upload as a new image after checking by content that it is one we can render,
 * within the limits, without its GPS position. The row and the file are written in one
 * transaction; whatever fails leaves neither behind.
 */
export async function createImage(db: Db, storage: MediaStorage, options: CreateImageOptions): Promise<Image> {
  const { title, collectionId, focalPoint: requestedFocalPoint, uploadedBy, description, tags } = parseOrThrow(createImageSchema, options);
  const { extension, width, height, stored: bytes } = await inspectImage(Buffer.from(options.bytes), options.limits ?? DEFAULT_IMAGE_LIMITS);
  const focalPoint = requestedFocalPoint && checkFocalPoint(requestedFocalPoint, width, height);
  const fileHash = sha1Of(bytes);

  return withStoredFile(storage, async (store) =>
    withTransaction(db, async (tx) => {
      const file = await freeOriginalKey(tx, title, fileHash, extension);
      const image = await tx
        .insertInto('images')
        .values({
          title,
          description,
          file,
          width,
          height,
          file_size: bytes.length,
          file_hash: fileHash,
          focal_point_x: focalPoint?.x ?? null,
          focal_point_y: focalPoint?.y ?? null,
          focal_point_width: focalPoint?.width ?? null,
          focal_point_height: focalPoint?.height ?? null,
          collection_id: await resolveCollectionId(tx, collectionId),
          uploaded_by_user_id: uploadedBy ?? null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await setImageTags(tx, image.id, tags);
      // Written last inside the transaction, so a refused insert leaves no file behind.
      await store(file, bytes);
      return image;
    }),
  );
}

/**
 * Runs `work`, which stores at most one file through `store`; if `work` fails after storing
 * began (the file's own write, or the commit after it), the file is removed, so a failed
 * upload leaves no stray file.
 */
async function withStoredFile<T>(storage: MediaStorage, work: (store: (key: string, bytes: Buffer) => Promise<void>) => Promise<T>): Promise<T> {
  let written: string | undefined;
  try {
    return await work(async (key, bytes) => {
      written = key;
      await storage.save(key, bytes);
    });
  } catch (error) {
    if (written) await storage.remove(written);
    throw error;
  }
}

/**
 * Replaces an image's file (Wagtail's "Change image file"): every rendition is dropped with its
 * file, and the focal point is reset when the new picture's size differs. The old files go
 * after the commit; a failure leaves the image as it was and no new file.
 */
export async function replaceImageFile(db: Db, storage: MediaStorage, image: Image, upload: Uint8Array, limits: ImageLimits): Promise<Image> {
  const { extension, width, height, stored: bytes } = await inspectImage(Buffer.from(upload), limits);
  const fileHash = sha1Of(bytes);
  const sameSize = width === image.width && height === image.height;
  const { updated, staleFiles } = await withStoredFile(storage, async (store) =>
    withTransaction(db, async (tx) => {
      const file = await freeOriginalKey(tx, image.title, fileHash, extension);
      const updated = await tx
        .updateTable('images')
        .set({
          file,
          width,
          height,
          file_size: bytes.length,
          file_hash: fileHash,
          // The new file decoded at upload; whatever the old one's failure was, it is gone with it.
          file_error: null,
          renditions_generation: sql`renditions_generation + 1`,
          ...(sameSize ? {} : { focal_point_x: null, focal_point_y: null, focal_point_width: null, focal_point_height: null }),
        })
        .where('id', '=', image.id)
        .returningAll()
        .executeTakeFirst();
      if (!updated) throw new NotFoundError(`There is no image with id ${image.id}.`);
      const renditions = await tx.deleteFrom('image_renditions').where('image_id', '=', image.id).returning('file').execute();
      await store(file, bytes);
      return { updated, staleFiles: [image.file, ...renditions.map((row) => row.file)] };
    }),
  );
  await Promise.all(staleFiles.filter((file) => file !== updated.file).map((file) => storage.remove(file)));
  return updated;
}

function sha1Of(bytes: Buffer): string {
  return createHash('sha1').update(bytes).digest('hex');
}

/**
 * `original_images/{title slug}-{hash prefix}.{ext}`, or with a random suffix when an earlier
 * upload of the same bytes and title holds that name.
 */
async function freeOriginalKey(db: Db, title: string, fileHash: string, extension: string): Promise<string> {
  const stem = `${slugify(title).slice(0, 60).replace(/-+$/, '')}-${fileHash.slice(0, 8)}`;
  const preferred = mediaKey('original_images', `${stem}.${extension}`);
  const taken = await db.selectFrom('images').select('id').where('file', '=', preferred).executeTakeFirst();
  return taken ? mediaKey('original_images', `${stem}-${randomBytes(3).toString('hex')}.${extension}`) : preferred;
}
