import { Router } from 'express';
import { z } from 'zod';
import { gettext } from '../../../client/lib/i18n';
import { collectionOptions } from '../../models/collections';
import { IMAGE_ORDERINGS, IMAGES_PER_PAGE, listImages, type ImageOrdering } from '../../models/images';
import { popularImageTags } from '../../models/tags';
import { permsOf } from '../access';
import { databaseId } from '../../db/database-id';
import { listedCollectionIds, markSelected } from '../media-admin';
import type { AdminContext } from '../types';
import { TILE_SPEC, type ImageAdmin } from './image-admin';
import { mediaPolicy } from '../../models/permission-policies';

const indexQuery = z.object({
  q: z.string().max(200).catch(''),
  collection_id: databaseId.optional().catch(undefined),
  tag: z.string().max(100).catch(''),
  ordering: z.enum(IMAGE_ORDERINGS.map((ordering) => ordering.value) as [ImageOrdering, ...ImageOrdering[]]).catch('-created_at'),
  p: z.coerce.number().int().min(1).max(100_000).catch(1),
});

/** /wagtail/images/: the grid of images the user may see, with search, filters, ordering and pages. */
export function imagesListingRouter({ db, admin }: AdminContext, images: ImageAdmin): Router {
  const router = Router();
  router.get('/images/', async (req, res) => {
    const perms = permsOf(res);
    const query = indexQuery.parse(req.query);
    const visible = listedCollectionIds(perms);
    const filters = { visibleCollectionIds: visible, collectionId: query.collection_id, q: query.q, tag: query.tag, ordering: query.ordering };
    const { images: rows, total } = await listImages(db, filters, (query.p - 1) * IMAGES_PER_PAGE, IMAGES_PER_PAGE);
    const [collections, popularTags] = await Promise.all([collectionOptions(db, visible), popularImageTags(db, visible)]);
    const tiles = await Promise.all(rows.map(async (image) => ({ id: image.id, title: image.title, ...(await images.show(image, TILE_SPEC)) })));
    const pages = Math.max(1, Math.ceil(total / IMAGES_PER_PAGE));
    const linkTo = (page: number) => {
      const params = new URLSearchParams();
      if (query.q) params.set('q', query.q);
      if (query.collection_id) params.set('collection_id', String(query.collection_id));
      if (query.tag) params.set('tag', query.tag);
      if (query.ordering !== '-created_at') params.set('ordering', query.ordering);
      params.set('p', String(page));
      return `/wagtail/images/?${params.toString()}`;
    };
    admin.render(req, res, 'images-index', {
      title: gettext('Images'),
      activeNav: 'images',
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
      pagination: pages > 1 ? { page: query.p, pages, previous: query.p > 1 ? linkTo(query.p - 1) : undefined, next: query.p < pages ? linkTo(query.p + 1) : undefined } : undefined,
    });
  });
  return router;
}
