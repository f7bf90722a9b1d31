import sharp from 'sharp';
import type { Db } from '../../server/db/database';
import { uniqueSuffix } from './fixtures';

/** A solid-colour image of this size and format. */
export function solidImage(width: number, height: number, colour = '#1b7f93', format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })[format]().toBuffer();
}

/** A new collection with a unique name under `parentId` (the root when left out). */
export async function createCollection(db: Db, name: string, parentId?: number): Promise<number> {
  const parent = parentId ?? (await db.selectFrom('collections').select('id').where('parent_id', 'is', null).orderBy('id').executeTakeFirstOrThrow()).id;
  const row = await db.insertInto('collections').values({ name: `${name} ${uniqueSuffix()}`, parent_id: parent }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
