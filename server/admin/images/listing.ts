import type { Image } from '../../db/schema';
import { z } from 'zod';
import { gettext } from '../../../client/lib/i18n';
import { databaseId } from '../../db/database-id';
import { collectionOptions } from '../../models/collections';
import { IMAGE_ORDERINGS, IMAGES_PER_PAGE, listImages, type ImageOrdering } from '../../models/images';
import { mediaPolicy } from '../../models/permission-policies';
import { popularImageTags } from '../../models/tags';
import type { ListingDefinition } from '../generic/listing';
import { listedCollectionIds, markSelected } from '../media-admin';
import type { AdminContext } from '../types';
import { TILE_SPEC, type ImageAdmin } from './image-admin';

const indexQuery = z.object({
  q: z.string().max(200).catch(''),
  collection_id: databaseId.optional().catch(undefined),
  tag: z.string().max(100).catch(''),
  ordering: z.enum(IMAGE_ORDERINGS.map((ordering) => ordering.value) as [ImageOrdering, ...ImageOrdering[]]).catch('-created_at'),
});

/** /wagtail/images/: the grid of images the user may see, with search in titles and tags, collection and tag filters, Wagtail's orderings and pages of 30. */
export function imagesListing({ db }: Pick<AdminContext, 'db'>, images: ImageAdmin): ListingDefinition<z.infer<typeof indexQuery>, Image> {
  return {
    query: ({ req }) => indexQuery.parse(req.query),
    pageSize: IMAGES_PER_PAGE,
    rows: async ({ perms }, query, slice) => {
      const filters = { visibleCollectionIds: listedCollectionIds(perms), collectionId: query.collection_id, q: query.q, tag: query.tag, ordering: query.ordering };
      const { images: rows, total } = await listImages(db, filters, slice!.offset, slice!.limit);
      return { rows, total };
    },
    view: async ({ perms }, { query, rows, total, pagination }) => {
      const visible = listedCollectionIds(perms);
      const [collections, popularTags, tiles] = await Promise.all([
        collectionOptions(db, visible),
        popularImageTags(db, visible),
        Promise.all(rows.map(async (image) => ({ id: image.id, title: image.title, ...(await images.show(image, TILE_SPEC)) }))),
      ]);
      return {
        template: 'images-index',
        context: {
          title: gettext('Images'),
          q: query.q,
          tag: query.tag,
          total,
          tiles,
          canAdd: mediaPolicy.collectionsUserHasPermissionFor(perms, 'add')?.length !== 0,
          collections: markSelected(collections, query.collection_id === undefined ? undefined : String(query.collection_id)),
          showCollections: collections.length > 1,
          tags: popularTags.map((name) => ({ name, selected: name.toLowerCase() === query.tag.toLowerCase() })),
          orderings: IMAGE_ORDERINGS.map((ordering) => ({ ...ordering, selected: ordering.value === query.ordering })),
          filtered: Boolean(query.q || query.collection_id || query.tag),
          pagination,
        },
      };
    },
  };
}
