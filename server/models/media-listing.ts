/** The media indexes' and choosers' queries: a page of images, documents or videos with how many match. */
import type { Db } from '../db/database';
import type { Document, Image, Video } from '../db/schema';
import { likePattern, titleWords } from './text-search';

/** One page of a media index: which rows, in which order, within which collections. */
export interface MediaListQuery {
  /** Words every title must contain. */
  text: string;
  /** Collections the user may see; undefined means all. */
  collectionIds: readonly number[] | undefined;
  /** The collection filter, when one is chosen. */
  collectionId: number | undefined;
  ordering: 'title' | '-title' | 'created_at' | '-created_at';
  offset: number;
  limit: number;
}

/** A listed row with its collection's name. */
export type Listed<T> = T & { collection_name: string };

/** A page of documents or videos and how many match in all. */
export async function listMedia(db: Db, table: 'documents', query: MediaListQuery): Promise<{ rows: Array<Listed<Document>>; total: number }>;
export async function listMedia(db: Db, table: 'videos', query: MediaListQuery): Promise<{ rows: Array<Listed<Video>>; total: number }>;
export async function listMedia(db: Db, table: 'documents' | 'videos', query: MediaListQuery): Promise<{ rows: Array<Listed<Document | Video>>; total: number }> {
  if (query.collectionIds?.length === 0) return { rows: [], total: 0 };
  // Both tables have the columns used here; the alias lets one typed query serve either.
  let base = db.selectFrom(`${table} as m` as 'documents as m').innerJoin('collections', 'collections.id', 'm.collection_id');
  for (const word of titleWords(query.text)) base = base.where('m.title', 'ilike', likePattern(word));
  if (query.collectionIds) base = base.where('m.collection_id', 'in', [...query.collectionIds]);
  if (query.collectionId !== undefined) base = base.where('m.collection_id', '=', query.collectionId);
  const column = query.ordering.replace('-', '') as 'title' | 'created_at';
  const direction = query.ordering.startsWith('-') ? 'desc' : 'asc';
  const [rows, count] = await Promise.all([
    base.selectAll('m').select('collections.name as collection_name').orderBy(`m.${column}`, direction).orderBy('m.id', direction).offset(query.offset).limit(query.limit).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

/** One page of a media chooser: words every title holds, the collections to look in (any when undefined), which rows. */
export interface ChooserMediaQuery {
  text: string;
  collectionIds: readonly number[] | undefined;
  offset: number;
  limit: number;
}

/**
 * A page of the media a chooser offers, newest first, and how many match in all: whole images
 * (their thumbnails are drawn from them), the ids and titles of documents and videos.
 */
export async function chooserMedia(db: Db, table: 'images', query: ChooserMediaQuery): Promise<{ rows: Image[]; total: number }>;
export async function chooserMedia(db: Db, table: 'documents' | 'videos', query: ChooserMediaQuery): Promise<{ rows: Array<{ id: number; title: string }>; total: number }>;
export async function chooserMedia(
  db: Db,
  table: 'images' | 'documents' | 'videos',
  query: ChooserMediaQuery,
): Promise<{ rows: Array<Image | { id: number; title: string }>; total: number }> {
  let matching = db.selectFrom(table);
  for (const word of titleWords(query.text)) matching = matching.where('title', 'ilike', likePattern(word));
  if (query.collectionIds) matching = matching.where('collection_id', 'in', [...query.collectionIds]);
  const counted = matching.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows =
    table === 'images'
      ? db
          .selectFrom('images')
          .selectAll()
          .where('id', 'in', matching.select('id'))
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .offset(query.offset)
          .limit(query.limit)
          .execute()
      : matching.select(['id', 'title']).orderBy('id', 'desc').offset(query.offset).limit(query.limit).execute();
  const [found, count] = await Promise.all([rows, counted]);
  return { rows: found, total: Number(count.n) };
}
