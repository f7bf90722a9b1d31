/** The images listing: Wagtail's orderings and page size, and one page of images matching its filters. */
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Image } from '../../db/schema';
import { likePattern, titleWords } from '../text-search';

/** Images a listing page shows (Wagtail's WAGTAILIMAGES_INDEX_PAGE_SIZE default). */
export const IMAGES_PER_PAGE = 30;

/** Wagtail's ordering choices of the images listing, the first being the default. */
export const IMAGE_ORDERINGS = [
  { value: '-created_at', label: 'Newest' },
  { value: 'created_at', label: 'Oldest' },
  { value: 'title', label: 'Title: (A -> Z)' },
  { value: '-title', label: 'Title: (Z -> A)' },
  { value: 'file_size', label: 'File size: (low to high)' },
  { value: '-file_size', label: 'File size: (high to low)' },
] as const;

/** One of the listing's orderings. */
export type ImageOrdering = (typeof IMAGE_ORDERINGS)[number]['value'];

/** What the listing narrows to. */
export interface ImageFilters {
  /** Collections the user may see; undefined is all. */
  visibleCollectionIds: readonly number[] | undefined;
  collectionId?: number;
  /** Words matched against the title and the tags. */
  q?: string;
  tag?: string;
  ordering: ImageOrdering;
}

/** A page of images matching the filters and how many match in all. */
export async function listImages(db: Db, filters: ImageFilters, offset: number, limit: number): Promise<{ images: Image[]; total: number }> {
  if (filters.visibleCollectionIds?.length === 0) return { images: [], total: 0 };
  let query = db.selectFrom('images');
  if (filters.visibleCollectionIds) query = query.where('images.collection_id', 'in', filters.visibleCollectionIds);
  if (filters.collectionId !== undefined) query = query.where('images.collection_id', '=', filters.collectionId);
  for (const word of titleWords(filters.q ?? '')) {
    const pattern = likePattern(word);
    query = query.where((eb) =>
      eb.or([
        eb('images.title', 'ilike', pattern),
        eb.exists(
          eb
            .selectFrom('image_tags')
            .innerJoin('tags', 'tags.id', 'image_tags.tag_id')
            .select(sql`1`.as('one'))
            .whereRef('image_tags.image_id', '=', 'images.id')
            .where('tags.name', 'ilike', pattern),
        ),
      ]),
    );
  }
  if (filters.tag) {
    const tag = filters.tag.toLowerCase();
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('image_tags')
          .innerJoin('tags', 'tags.id', 'image_tags.tag_id')
          .select(sql`1`.as('one'))
          .whereRef('image_tags.image_id', '=', 'images.id')
          .where(sql<string>`lower(tags.name)`, '=', tag),
      ),
    );
  }
  const descending = filters.ordering.startsWith('-');
  const column = filters.ordering.replace(/^-/, '') as 'created_at' | 'title' | 'file_size';
  const [images, count] = await Promise.all([
    query
      .selectAll('images')
      .orderBy(`images.${column}`, descending ? 'desc' : 'asc')
      .orderBy('images.id', descending ? 'desc' : 'asc')
      .offset(offset)
      .limit(limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { images, total: Number(count.n) };
}
