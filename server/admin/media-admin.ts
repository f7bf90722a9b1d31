/**
 * What the media screens share: the collections each offers under mediaPolicy, the documents
 * and videos index, reading uploads, and where an item is used.
 */
import type { ChooserTarget } from '../../admin-client/streamfield/schemas';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { gettext, interpolate, ngettext } from '../../client/lib/i18n';
import type { Db } from '../db/database';
import type { CollectionPermission } from '../db/schema';
import { PermissionDenied } from '../errors';
import { collectionOptions, type CollectionOption } from '../models/collections';
import type { MediaListQuery } from '../models/media-listing';
import { sortLink, type ListedRows, type ListingDefinition } from './generic/listing';
import type { View, ViewRequest } from './generic/view';
import type { UserPermissions } from '../models/permissions';
import type { UploadedFile } from '../uploads';
import { permsOf } from './access';
import { databaseId } from '../db/database-id';
import { mediaUsage, snippetUsage } from './media-usage';
import { PAGE_TYPES } from '../pagetypes/index';
import { mediaPolicy, type MediaItem } from '../models/permission-policies';

// Wagtail lists the media of collections where the user may add, change or delete.
const LISTING_PERMISSIONS: readonly CollectionPermission[] = ['add', 'change', 'delete'];

/** Refuses with 403 unless the user may do `action` on the item. */
export function requireOnMedia(res: Response, item: MediaItem, action: 'change' | 'delete', noun: string): void {
  if (!mediaPolicy.userHasPermissionForInstance(permsOf(res), action, item)) {
    throw new PermissionDenied(interpolate(action === 'change' ? 'You do not have permission to edit this {noun}.' : 'You do not have permission to delete this {noun}.', { noun }));
  }
}

/** The collections a user's media index shows; undefined means all (superusers). */
export function listedCollectionIds(perms: UserPermissions): number[] | undefined {
  return mediaPolicy.collectionsUserHasAnyPermissionFor(perms, LISTING_PERMISSIONS);
}

/** Why the user may not see a media index: no media permission on any collection, or null. */
function mediaIndexRefusal(perms: UserPermissions, noun: string): string | null {
  return listedCollectionIds(perms)?.length === 0 ? interpolate('You do not have permission to manage {noun}: ask an administrator for permissions on a collection.', { noun }) : null;
}

/** The collections a user may add media to, for the add forms' select (403 when none). */
export async function addableCollections(db: Db, res: Response, noun: string): Promise<CollectionOption[]> {
  const options = await collectionOptions(db, mediaPolicy.collectionsUserHasPermissionFor(permsOf(res), 'add'));
  if (options.length === 0) throw new PermissionDenied(interpolate('You do not have permission to add {noun}: ask an administrator for the add permission on a collection.', { noun }));
  return options;
}

/** The collections an item may be moved to on its edit form: where the user may add or change, and its own. */
export async function editableCollections(db: Db, res: Response, item: MediaItem): Promise<CollectionOption[]> {
  const perms = permsOf(res);
  const add = mediaPolicy.collectionsUserHasPermissionFor(perms, 'add');
  const change = mediaPolicy.collectionsUserHasPermissionFor(perms, 'change');
  const ids = add === undefined || change === undefined ? undefined : [...new Set([...add, ...change, item.collection_id])];
  return collectionOptions(db, ids);
}

/** The collection a form chose, checked against the offered ones; a message when not allowed. */
export function chosenCollection(value: unknown, offered: readonly CollectionOption[]): { id: number } | { error: string } {
  const id = databaseId.safeParse(value);
  if (!id.success) return { error: gettext('Choose a collection.') };
  if (!offered.some((option) => option.id === id.data)) return { error: gettext('You do not have permission to use this collection.') };
  return { id: id.data };
}

/** Rows per page of a media index, as Wagtail's document index. */
const MEDIA_PAGE_SIZE = 20;

/** Orderings of a media index: Wagtail's, newest first by default. */
const MEDIA_ORDERINGS = ['title', '-title', 'created_at', '-created_at'] as const;

const indexQuery = z.object({
  q: z.string().max(100).catch(''),
  collection_id: databaseId.optional().catch(undefined),
  ordering: z.enum(MEDIA_ORDERINGS).catch('-created_at'),
});

/** What a media index was asked for. */
type MediaIndexQuery = z.infer<typeof indexQuery>;

/**
 * The index of documents or videos (Wagtail's document index): the media of the collections the
 * user may add, change or delete in, searched by title, filtered by collection, ordered, 20 a
 * page; the area lists them through its model and draws its rows.
 */
export function mediaIndex<Row>(
  db: Db,
  noun: 'documents' | 'videos',
  list: (query: MediaListQuery) => Promise<ListedRows<Row>>,
  view: (request: ViewRequest, rows: Row[], index: Record<string, unknown>) => View | Promise<View>,
): ListingDefinition<MediaIndexQuery, Row> {
  return {
    refusal: ({ perms }) => mediaIndexRefusal(perms, noun),
    // Nonsense in the query string falls back to the defaults rather than failing.
    query: ({ req }) => indexQuery.parse({ q: req.query.q ?? '', collection_id: req.query.collection_id, ordering: req.query.ordering }),
    pageSize: MEDIA_PAGE_SIZE,
    rows: ({ perms }, query, slice) => list({ text: query.q, collectionIds: listedCollectionIds(perms), collectionId: query.collection_id, ordering: query.ordering, ...slice! }),
    view: async (request, { query, rows, total, pagination }) => {
      const ordering = { current: query.ordering, default: '-created_at' };
      const collections = await collectionOptions(db, listedCollectionIds(request.perms));
      return view(request, rows, {
        q: query.q,
        ordering: query.ordering,
        total,
        collections: collections.map((option) => ({ ...option, selected: option.id === query.collection_id })),
        sortTitle: sortLink(request, ordering, 'title'),
        sortCreated: sortLink(request, ordering, 'created_at'),
        pagination,
      });
    },
  };
}

/** The first file sent in one of these fields, or undefined. */
export function uploadedFile(req: Request, ...fields: string[]): UploadedFile | undefined {
  return req.files?.find((file) => fields.includes(file.fieldname) && file.bytes.length > 0);
}

/** A text field of a form body ('' when absent or repeated oddly). */
export function textField(req: Request, name: string): string {
  const value: unknown = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

/** A title from a file name: the name without its extension, as Wagtail's multiple upload does. */
export function titleFromFilename(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return (dot > 0 ? filename.slice(0, dot) : filename).trim().slice(0, 255) || filename;
}

/** Collection options with the chosen one marked for the select. */
export function markSelected(collections: readonly CollectionOption[], chosen: unknown) {
  return collections.map((option) => ({ ...option, selected: String(option.id) === chosen }));
}

/** The pages and snippets that use an object, as the usage and delete screens list them. */
export async function usageView(db: Db, target: ChooserTarget, id: number) {
  const [usage, snippets] = await Promise.all([mediaUsage(db, target, id), snippetUsage(db, target, id)]);
  return {
    usage: [
      ...usage.map((entry) => ({
        ...entry,
        pageType: gettext(PAGE_TYPES[entry.pageType]?.label ?? entry.pageType),
        editUrl: `/wagtail/pages/${entry.pageId}/edit/`,
        where: [entry.inLive ? gettext('live page') : '', entry.inLatestRevision ? gettext('latest draft') : '', ngettext('{count} revision', '{count} revisions', entry.revisions)]
          .filter(Boolean)
          .join(', '),
      })),
      ...snippets.map((entry) => ({ ...entry, pageType: gettext('Toolbox snippet'), where: gettext('body') })),
    ],
    usageCount: usage.length + snippets.length,
  };
}
