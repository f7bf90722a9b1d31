import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import sharp, { type Metadata } from 'sharp';
import { z } from 'zod';
import type { Db } from '../db/database';
import type { Image } from '../db/schema';
import { withTransaction } from '../db/transaction';
import { NotFoundError, ValidationError } from '../errors';
import { mediaKey, type MediaStorage } from '../media-storage';
import { configSchema, type Config } from '../config';
import { slugify } from './slugs';
import { setImageTags } from './tags';

/** The area of an image that matters most: its centre (x, y) and size, in source pixels. */
export interface FocalPoint {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How large an uploaded image may be: bytes of the file and pixels of the picture (config MAX_IMAGE_UPLOAD_BYTES, MAX_IMAGE_PIXELS). */
export interface ImageLimits {
  maxBytes: number;
  maxPixels: number;
}

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

const rowId = z.number().int().positive();

const focalPointSchema = z.object({
  x: z.number().int().min(0),
  y: z.number().int().min(0),
  width: z.number().int().min(1),
  height: z.number().int().min(1),
});

const imageTitle = z.string().trim().min(1, 'An image needs a title.').max(255, 'An image title is at most 255 characters.');
const imageDescription = z.string().trim().max(255, 'Alt text is at most 255 characters.');

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
 * within the limits. The row and the file are written in one transaction; whatever fails
 * leaves neither behind.
 */
export async function createImage(db: Db, storage: MediaStorage, options: CreateImageOptions): Promise<Image> {
  const { title, collectionId, focalPoint: requestedFocalPoint, uploadedBy, description, tags } = parseOrThrow(createImageSchema, options);
  const bytes = Buffer.from(options.bytes);
  const { extension, width, height } = await inspectImage(bytes, options.limits ?? DEFAULT_IMAGE_LIMITS);
  const focalPoint = requestedFocalPoint && checkFocalPoint(requestedFocalPoint, width, height);
  const fileHash = createHash('sha1').update(bytes).digest('hex');

  return withStoredFile(storage, async (store) =>
    withTransaction(db, async (tx) => {
      const file = await freeOriginalKey(tx, `${slugify(title).slice(0, 60).replace(/-+$/, '')}-${fileHash.slice(0, 8)}`, extension);
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

/** What an editor changes of an image besides its file and focal point. */
export interface ImageChanges {
  title: string;
  description: string;
  collectionId: number;
  tags: readonly string[];
}

const imageChangesSchema = z.object({ title: imageTitle, description: imageDescription, collectionId: rowId, tags: z.array(z.string()) });

/** Saves an image's title, alt text, collection and tags together. */
export async function updateImage(db: Db, image: Image, changes: ImageChanges): Promise<Image> {
  const { title, description, collectionId, tags } = parseOrThrow(imageChangesSchema, changes);
  return withTransaction(db, async (tx) => {
    const updated = await tx
      .updateTable('images')
      .set({ title, description, collection_id: await resolveCollectionId(tx, collectionId) })
      .where('id', '=', image.id)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw new NotFoundError(`There is no image with id ${image.id}.`);
    await setImageTags(tx, image.id, tags);
    return updated;
  });
}

/**
 * Replaces an image's file (Wagtail's "Change image file"): every rendition is dropped with its
 * file, and the focal point is reset when the new picture's size differs. The old files go
 * after the commit; a failure leaves the image as it was and no new file.
 */
export async function replaceImageFile(db: Db, storage: MediaStorage, image: Image, upload: Uint8Array, limits: ImageLimits): Promise<Image> {
  const bytes = Buffer.from(upload);
  const { extension, width, height } = await inspectImage(bytes, limits);
  const fileHash = createHash('sha1').update(bytes).digest('hex');
  const sameSize = width === image.width && height === image.height;
  const { updated, staleFiles } = await withStoredFile(storage, async (store) =>
    withTransaction(db, async (tx) => {
      const file = await freeOriginalKey(tx, `${slugify(image.title).slice(0, 60).replace(/-+$/, '')}-${fileHash.slice(0, 8)}`, extension);
      const updated = await tx
        .updateTable('images')
        .set({
          file,
          width,
          height,
          file_size: bytes.length,
          file_hash: fileHash,
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

/** The given collection's id after checking it exists, else the root collection's; images, documents and videos share this. */
export async function resolveCollectionId(db: Db, collectionId?: number): Promise<number> {
  const query = db.selectFrom('collections').select('id');
  const row = await (collectionId === undefined ? query.where('parent_id', 'is', null).orderBy('id') : query.where('id', '=', collectionId)).executeTakeFirst();
  if (!row) throw new ValidationError(collectionId === undefined ? 'There is no root collection; run the migrations.' : `There is no collection with id ${collectionId}.`);
  return row.id;
}

/** Images by id in one query; ids with no image are missing from the map. */
export async function getImagesByIds(db: Db, ids: readonly number[]): Promise<Map<number, Image>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('images').selectAll().where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** One image by id, or NotFoundError. */
export async function getImage(db: Db, id: number): Promise<Image> {
  const image = await db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirst();
  if (!image) throw new NotFoundError(`There is no image with id ${id}.`);
  return image;
}

/** The image's focal point, or undefined when none is set. */
export function focalPointOf(image: Image): FocalPoint | undefined {
  const { focal_point_x: x, focal_point_y: y, focal_point_width: width, focal_point_height: height } = image;
  return x === null || y === null || width === null || height === null ? undefined : { x, y, width, height };
}

/**
 * Sets (or with null clears) the focal point. Renditions that depended on the old one are
 * deleted with their files, since no URL will ask for them again.
 */
export async function setFocalPoint(db: Db, storage: MediaStorage, image: Image, focalPoint: FocalPoint | null): Promise<Image> {
  const checked = focalPoint && checkFocalPoint(focalPoint, image.width, image.height);
  const { updated, staleFiles } = await withTransaction(db, async (tx) => {
    const updated = await tx
      .updateTable('images')
      .set({
        focal_point_x: checked?.x ?? null,
        focal_point_y: checked?.y ?? null,
        focal_point_width: checked?.width ?? null,
        focal_point_height: checked?.height ?? null,
        renditions_generation: sql`renditions_generation + 1`,
      })
      .where('id', '=', image.id)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw new NotFoundError(`There is no image with id ${image.id}.`);
    // Only focal-point-dependent renditions carry a non-empty key.
    const stale = await tx.deleteFrom('image_renditions').where('image_id', '=', image.id).where('focal_point_key', '<>', '').returning('file').execute();
    return { updated, staleFiles: stale.map((row) => row.file) };
  });
  await Promise.all(staleFiles.map((file) => storage.remove(file)));
  return updated;
}

/** Deletes the image, its renditions and all their files. */
export async function deleteImage(db: Db, storage: MediaStorage, image: Image): Promise<void> {
  const files = await withTransaction(db, async (tx) => {
    const renditions = await tx.selectFrom('image_renditions').select('file').where('image_id', '=', image.id).execute();
    const deleted = await tx.deleteFrom('images').where('id', '=', image.id).returning('file').executeTakeFirst();
    if (!deleted) throw new NotFoundError(`There is no image with id ${image.id}.`);
    return [deleted.file, ...renditions.map((row) => row.file)];
  });
  // Files go after the commit: a failed delete must not leave rows pointing at missing files.
  await Promise.all(files.map((file) => storage.remove(file)));
}

/**
 * The stored extension and upright size of an upload, decided by its content (never its name
 * or claimed type) from the header alone: a picture over the pixel limit is refused before
 * anything decodes it.
 */
async function inspectImage(bytes: Buffer, limits: ImageLimits): Promise<{ extension: string; width: number; height: number }> {
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
  return { extension, width, height };
}

/** `original_images/{stem}.{ext}`, or with a random suffix when an earlier upload of the same bytes and title holds that name. */
async function freeOriginalKey(db: Db, stem: string, extension: string): Promise<string> {
  const preferred = mediaKey('original_images', `${stem}.${extension}`);
  const taken = await db.selectFrom('images').select('id').where('file', '=', preferred).executeTakeFirst();
  return taken ? mediaKey('original_images', `${stem}-${randomBytes(3).toString('hex')}.${extension}`) : preferred;
}

function checkFocalPoint(focalPoint: FocalPoint, width: number, height: number): FocalPoint {
  const checked = parseOrThrow(focalPointSchema, focalPoint);
  if (checked.x > width || checked.y > height || checked.width > width || checked.height > height) {
    throw new ValidationError(`The focal point must lie within the image (${width}x${height}).`);
  }
  return checked;
}

/** A size in megabytes with one decimal, as upload limits are stated ("10 MB"). */
export function megabytes(bytes: number): string {
  return `${Math.max(0.1, Math.round((bytes / 1_000_000) * 10) / 10)} MB`;
}

function formatMillions(pixels: number): string {
  return String(Math.round((pixels / 1_000_000) * 100) / 100);
}

function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ValidationError(parsed.error.issues[0]!.message);
  return parsed.data;
}
