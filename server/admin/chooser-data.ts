/**
 * What the StreamField editor's media choosers offer (images, documents, videos by collection
 * permission; pages are chosen in page-chooser.ts) and the titles of references already in a value.
 */
import { CHOOSER_TARGETS, type ChooserChoice, type ChooserTarget, type StreamValue } from '../../admin-client/streamfield/schemas';
import { definitionsByType, referencedIds } from '../../admin-client/streamfield/value-ops';
import type { Db } from '../db/database';
import type { CollectionPermission, Image } from '../db/schema';
import type { MediaStorage } from '../media-storage';
import { getRendition, renditionUrl } from '../models/renditions';
import type { UserPermissions } from '../models/permissions';
import { serializeBlockDefinitions } from './block-definitions';

/** How many choices one chooser answer holds. */
export const CHOOSER_PAGE_SIZE = 30;

/** The thumbnail choosers show, Wagtail's chooser size. */
export const CHOOSER_THUMBNAIL_SPEC = 'max-165x165';

// Media a user may pick: Wagtail lets 'choose', 'add' and 'change' holders choose.
const CHOOSING_PERMISSIONS: readonly CollectionPermission[] = ['add', 'change', 'choose'];

/** One chooser query: words in the title, a 1-based page of results. */
export interface ChooserQuery {
  text: string;
  page: number;
}

/** The collections whose media the user may choose; undefined means all (superusers). */
function choosableCollections(perms: UserPermissions): number[] | undefined {
  if (perms.user.is_superuser) return undefined;
  return [...new Set(perms.collectionGrants.filter((grant) => CHOOSING_PERMISSIONS.includes(grant.permission)).map((grant) => grant.collectionId))];
}

/** An ILIKE pattern matching `word` anywhere, its wildcards escaped. */
export function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The words of a title search, at most ten. */
export function titleWords(text: string): string[] {
  return text.trim().split(/\s+/).filter(Boolean).slice(0, 10);
}

/** The chooser thumbnail of an image, or undefined when its original cannot be read. */
export async function thumbnailUrl(db: Db, storage: MediaStorage, image: Image): Promise<string | undefined> {
  try {
    return renditionUrl(await getRendition(db, storage, image, CHOOSER_THUMBNAIL_SPEC));
  } catch {
    // A missing or unreadable original still lets the editor choose the image by title.
    return undefined;
  }
}

/** The media choosers' targets; pages have their own chooser. */
export type MediaChooserTarget = Exclude<ChooserTarget, 'page'>;

/** Media of one kind a user may choose, newest first, CHOOSER_PAGE_SIZE at a time. */
export async function chooserResults(db: Db, storage: MediaStorage, perms: UserPermissions, target: MediaChooserTarget, query: ChooserQuery): Promise<ChooserChoice[]> {
  const offset = (query.page - 1) * CHOOSER_PAGE_SIZE;
  const collections = choosableCollections(perms);
  if (collections?.length === 0) return [];
  if (target === 'image') {
    let images = db.selectFrom('images').selectAll();
    for (const word of titleWords(query.text)) images = images.where('title', 'ilike', likePattern(word));
    if (collections) images = images.where('collection_id', 'in', collections);
    const rows = await images.orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(CHOOSER_PAGE_SIZE).execute();
    return Promise.all(rows.map(async (image) => withThumbnail({ id: image.id, title: image.title }, await thumbnailUrl(db, storage, image))));
  }
  let media = db.selectFrom(target === 'document' ? 'documents' : 'videos').select(['id', 'title']);
  for (const word of titleWords(query.text)) media = media.where('title', 'ilike', likePattern(word));
  if (collections) media = media.where('collection_id', 'in', collections);
  return media.orderBy('id', 'desc').offset(offset).limit(CHOOSER_PAGE_SIZE).execute();
}

function withThumbnail(choice: ChooserChoice, thumbnail: string | undefined): ChooserChoice {
  return thumbnail ? { ...choice, thumbnail_url: thumbnail } : choice;
}

let byType: ReturnType<typeof definitionsByType> | undefined;

/**
 * Titles of the images, documents, pages and videos the values refer to, keyed `image:12`,
 * with image thumbnails keyed `image:12:thumbnail`, as the editor's `referenceTitles` takes them.
 */
export async function referenceTitles(db: Db, storage: MediaStorage, values: readonly StreamValue[]): Promise<Record<string, string>> {
  byType ??= definitionsByType(serializeBlockDefinitions());
  const found = values.map((value) => referencedIds(value, byType!));
  const ids = Object.fromEntries(CHOOSER_TARGETS.map((target) => [target, [...new Set(found.flatMap((each) => each[target]))]])) as Record<ChooserTarget, number[]>;
  const [images, documents, pages, videos] = await Promise.all([
    ids.image.length ? db.selectFrom('images').selectAll().where('id', 'in', ids.image).execute() : [],
    ids.document.length ? db.selectFrom('documents').select(['id', 'title']).where('id', 'in', ids.document).execute() : [],
    ids.page.length ? db.selectFrom('pages').select(['id', 'draft_title as title']).where('id', 'in', ids.page).execute() : [],
    ids.video.length ? db.selectFrom('videos').select(['id', 'title']).where('id', 'in', ids.video).execute() : [],
  ]);
  const titles: Record<string, string> = {};
  for (const [target, rows] of [['document', documents], ['page', pages], ['video', videos]] as const) for (const row of rows) titles[`${target}:${row.id}`] = row.title;
  await Promise.all(
    images.map(async (image) => {
      titles[`image:${image.id}`] = image.title;
      const thumbnail = await thumbnailUrl(db, storage, image);
      if (thumbnail) titles[`image:${image.id}:thumbnail`] = thumbnail;
    }),
  );
  return titles;
}
