/** An image's focal point: the area that matters most, which fill renditions crop towards. */
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/database';
import type { Image } from '../../db/schema';
import { withTransaction } from '../../db/transaction';
import { NotFoundError, ValidationError } from '../../errors';
import type { MediaStorage } from '../../media-storage';
import { parseOrThrow } from './image-fields';

/** The area of an image that matters most: its centre (x, y) and size, in source pixels. */
export interface FocalPoint {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A focal point as stored: whole pixels, a size of at least one. */
export const focalPointSchema = z.object({
  x: z.number().int().min(0),
  y: z.number().int().min(0),
  width: z.number().int().min(1),
  height: z.number().int().min(1),
});

/** The image's focal point, or undefined when none is set. */
export function focalPointOf(image: Image): FocalPoint | undefined {
  const { focal_point_x: x, focal_point_y: y, focal_point_width: width, focal_point_height: height } = image;
  return x === null || y === null || width === null || height === null ? undefined : { x, y, width, height };
}

/** The focal point checked against the schema and the image's size; ValidationError if it lies outside. */
export function checkFocalPoint(focalPoint: FocalPoint, width: number, height: number): FocalPoint {
  const checked = parseOrThrow(focalPointSchema, focalPoint);
  if (checked.x > width || checked.y > height || checked.width > width || checked.height > height) {
    throw new ValidationError(`The focal point must lie within the image (${width}x${height}).`);
  }
  return checked;
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
