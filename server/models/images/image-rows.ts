/** Image rows: reading them, editing their fields, deleting them with their files. */
import { z } from 'zod';
import type { Db } from '../../db/database';
import type { Image } from '../../db/schema';
import { withTransaction } from '../../db/transaction';
import { NotFoundError, ValidationError } from '../../errors';
import type { MediaStorage } from '../../media-storage';
import { setImageTags } from '../tags';
import { imageDescription, imageTitle, parseOrThrow, rowId } from './image-fields';

/** One image by id, or NotFoundError. */
export async function getImage(db: Db, id: number): Promise<Image> {
  const image = await db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirst();
  if (!image) throw new NotFoundError(`There is no image with id ${id}.`);
  return image;
}

/** Images by id in one query; ids with no image are missing from the map. */
export async function getImagesByIds(db: Db, ids: readonly number[]): Promise<Map<number, Image>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('images')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
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

/** The given collection's id after checking it exists, else the root collection's; images, documents and videos share this. */
export async function resolveCollectionId(db: Db, collectionId?: number): Promise<number> {
  const query = db.selectFrom('collections').select('id');
  const row = await (collectionId === undefined ? query.where('parent_id', 'is', null).orderBy('id') : query.where('id', '=', collectionId)).executeTakeFirst();
  if (!row) throw new ValidationError(collectionId === undefined ? 'There is no root collection; run the migrations.' : `There is no collection with id ${collectionId}.`);
  return row.id;
}
