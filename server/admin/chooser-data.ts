/**
 * What the StreamField editor's media choosers offer (images, documents, videos by collection
 * permission; pages are chosen in page-chooser.ts) and the titles of references already in a value.
 */
import {
  CHOOSER_TARGETS,
  SNIPPET_CHOOSER_TARGETS,
  type ChooserChoice,
  type ChooserResponse,
  type ChooserTarget,
  type SnippetChooserTarget,
  type StreamValue,
} from '../../admin-client/streamfield/schemas';
import { snippetTitles } from '../models/snippets/store';
import { definitionsByType, referencedIds } from '../../admin-client/streamfield/value-ops';
import type { Db } from '../db/database';
import type { CollectionPermission, Image } from '../db/schema';
import type { MediaStorage } from '../media-storage';
import { collectionOptions } from '../models/collections';
import { chosenTitles } from '../models/chosen-objects';
import { getImagesByIds } from '../models/images';
import { chooserMedia } from '../models/media-listing';
import { getRendition, renditionUrl } from '../models/renditions';
import type { UserPermissions } from '../models/permissions';
import { serializeBlockDefinitions } from './block-definitions';
import { mediaPolicy } from '../models/permission-policies';

/** How many choices one chooser answer holds. */
export const CHOOSER_PAGE_SIZE = 30;

/** The thumbnail choosers show, Wagtail's chooser size. */
export const CHOOSER_THUMBNAIL_SPEC = 'max-165x165';

// Media a user may pick: Wagtail lets 'choose', 'add' and 'change' holders choose.
const CHOOSING_PERMISSIONS: readonly CollectionPermission[] = ['add', 'change', 'choose'];

/** One chooser query: words in the title, a 1-based page of results, and a collection to look in (any when undefined). */
export interface ChooserQuery {
  text: string;
  page: number;
  collectionId?: number | undefined;
}

/** The collections whose media the user may choose; undefined means all (superusers). */
function choosableCollections(perms: UserPermissions): number[] | undefined {
  const lists = CHOOSING_PERMISSIONS.map((permission) => mediaPolicy.collectionsUserHasPermissionFor(perms, permission));
  if (lists.some((list) => list === undefined)) return undefined;
  return [...new Set(lists.flatMap((list) => list ?? []))];
}

/** The collections a query looks in: those the user may choose from, narrowed to the filter's. */
function searchedCollections(choosable: number[] | undefined, collectionId: number | undefined): number[] | undefined {
  if (collectionId === undefined) return choosable;
  return !choosable || choosable.includes(collectionId) ? [collectionId] : [];
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
export type MediaChooserTarget = Exclude<ChooserTarget, 'page' | SnippetChooserTarget>;

/**
 * A chooser's answer: the media of one kind a user may choose, newest first, CHOOSER_PAGE_SIZE
 * at a time, with the collections offered by the filter and by the Upload tab.
 */
export async function chooserAnswer(db: Db, storage: MediaStorage, perms: UserPermissions, target: MediaChooserTarget, query: ChooserQuery): Promise<ChooserResponse> {
  const choosable = choosableCollections(perms);
  const [collections, uploadCollections] = await Promise.all([collectionOptions(db, choosable), collectionOptions(db, mediaPolicy.collectionsUserHasPermissionFor(perms, 'add'))]);
  const searched = searchedCollections(choosable, query.collectionId);
  const { results, total } = searched?.length === 0 ? { results: [], total: 0 } : await chooserPage(db, storage, target, query, searched);
  return {
    results,
    page: query.page,
    num_pages: Math.ceil(total / CHOOSER_PAGE_SIZE),
    can_choose: collections.length > 0,
    collections: collections.map(({ id, label }) => ({ id, label })),
    can_upload: uploadCollections.length > 0,
    upload_collections: uploadCollections.map(({ id, label }) => ({ id, label })),
  };
}

/** One page of matching media in the collections (any when undefined), and how many match in all. */
async function chooserPage(
  db: Db,
  storage: MediaStorage,
  target: MediaChooserTarget,
  query: ChooserQuery,
  collections: number[] | undefined,
): Promise<{ results: ChooserChoice[]; total: number }> {
  const page = { text: query.text, collectionIds: collections, offset: (query.page - 1) * CHOOSER_PAGE_SIZE, limit: CHOOSER_PAGE_SIZE };
  if (target === 'image') {
    const { rows, total } = await chooserMedia(db, 'images', page);
    const results = await Promise.all(rows.map(async (image) => withThumbnail({ id: image.id, title: image.title }, await thumbnailUrl(db, storage, image))));
    return { results, total };
  }
  const { rows, total } = await chooserMedia(db, target === 'document' ? 'documents' : 'videos', page);
  return { results: rows, total };
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
  return titlesOfReferences(db, storage, Object.fromEntries(CHOOSER_TARGETS.map((target) => [target, found.flatMap((each) => each[target])])) as Record<ChooserTarget, number[]>);
}

/** Titles (and image thumbnails) of the given ids of each kind, keyed as `referenceTitles` keys them. */
export async function titlesOfReferences(db: Db, storage: MediaStorage, references: Readonly<Record<ChooserTarget, readonly number[]>>): Promise<Record<string, string>> {
  const ids = Object.fromEntries(CHOOSER_TARGETS.map((target) => [target, [...new Set(references[target])]])) as Record<ChooserTarget, number[]>;
  const [images, documents, pages, videos, ...snippets] = await Promise.all([
    getImagesByIds(db, ids.image),
    chosenTitles(db, 'documents', ids.document),
    chosenTitles(db, 'pages', ids.page),
    chosenTitles(db, 'videos', ids.video),
    ...SNIPPET_CHOOSER_TARGETS.map((target) => snippetTitles(db, target, ids[target])),
  ]);
  const titles: Record<string, string> = {};
  for (const [target, rows] of [
    ['document', documents],
    ['page', pages],
    ['video', videos],
  ] as const)
    for (const row of rows) titles[`${target}:${row.id}`] = row.title;
  SNIPPET_CHOOSER_TARGETS.forEach((target, index) => {
    for (const row of snippets[index] ?? []) titles[`${target}:${row.id}`] = row.title;
  });
  await Promise.all(
    [...images.values()].map(async (image) => {
      titles[`image:${image.id}`] = image.title;
      const thumbnail = await thumbnailUrl(db, storage, image);
      if (thumbnail) titles[`image:${image.id}:thumbnail`] = thumbnail;
    }),
  );
  return titles;
}
