import { Router } from 'express';
import { gettext } from '../../../client/lib/i18n';
import { collectionOptions } from '../../models/collections';
import { listMedia } from '../../models/media-listing';
import { permsOf } from '../access';
import { canOnMedia, indexListQuery, indexView, readIndexQuery, requireSomeMediaPermission } from '../media-admin';
import type { AdminContext } from '../types';

/** /wagtail/videos/: the videos the user may see, with search, collection filter, ordering and pages. */
export function videosListingRouter({ db, admin }: AdminContext): Router {
  const router = Router();
  router.get('/videos/', async (req, res) => {
    const collectionIds = requireSomeMediaPermission(res, 'videos');
    const query = readIndexQuery(req);
    const { rows, total } = await listMedia(db, 'videos', indexListQuery(query, collectionIds));
    const sources = rows.length
      ? await db
          .selectFrom('video_sources')
          .select(['video_id', 'mimetype'])
          .where(
            'video_id',
            'in',
            rows.map((row) => row.id),
          )
          .orderBy('sort_order')
          .execute()
      : [];
    const perms = permsOf(res);
    admin.render(req, res, 'videos-index', {
      title: gettext('Videos'),
      activeNav: 'videos',
      ...indexView(query, total, await collectionOptions(db, collectionIds)),
      videos: rows.map((video) => ({
        video,
        formats: [...new Set(sources.filter((source) => source.video_id === video.id).map((source) => source.mimetype.replace('video/', '').toUpperCase()))].join(', '),
        canEdit: canOnMedia(perms, video, 'change'),
        canDelete: canOnMedia(perms, video, 'delete'),
      })),
    });
  });
  return router;
}
