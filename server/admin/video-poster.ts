import type { Db } from '../db/database';
import type { MediaStorage } from '../media-storage';
import { thumbnailUrl } from './chooser-data';
import { databaseId } from './forms';

/** What the poster field shows of the chosen image: its id, title and chooser thumbnail, or null. */
export async function posterView(db: Db, storage: MediaStorage, value: unknown): Promise<{ id: number; title: string; thumbnailUrl: string | undefined } | null> {
  const id = databaseId.safeParse(value);
  if (!id.success) return null;
  const image = await db.selectFrom('images').selectAll().where('id', '=', id.data).executeTakeFirst();
  if (!image) return null;
  return { id: image.id, title: image.title, thumbnailUrl: await thumbnailUrl(db, storage, image) };
}
