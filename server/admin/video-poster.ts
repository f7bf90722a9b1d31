import type { Db } from '../db/database';
import type { MediaStorage } from '../media-storage';
import { getImagesByIds } from '../models/images';
import { thumbnailUrl } from './chooser-data';
import { databaseId } from '../db/database-id';

/** What the poster field shows of the chosen image: its id, title and chooser thumbnail, or null. */
export async function posterView(db: Db, storage: MediaStorage, value: unknown): Promise<{ id: number; title: string; thumbnailUrl: string | undefined } | null> {
  const id = databaseId.safeParse(value);
  if (!id.success) return null;
  const image = (await getImagesByIds(db, [id.data])).get(id.data);
  if (!image) return null;
  return { id: image.id, title: image.title, thumbnailUrl: await thumbnailUrl(db, storage, image) };
}
