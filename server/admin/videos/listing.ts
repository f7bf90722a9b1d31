import { Router } from 'express';
import { gettext } from '../../../client/lib/i18n';
import { collectionOptions } from '../../models/collections';
import { listMedia } from '../../models/media-listing';
import { videoSourceTypes } from '../../models/videos';
import { permsOf } from '../access';
import { indexListQuery, indexView, readIndexQuery, requireSomeMediaPermission } from '../media-admin';
import type { AdminContext } from '../types';
import { mediaPolicy } from '../../models/permission-policies';

/** /wagtail/videos/: the videos the user may see, with search, collection filter, ordering and pages. */
export function videosListingRouter({ db, admin }: AdminContext): Router {
  const router = Router();
  router.get('/videos/', async (req, res) => {
    const collectionIds = requireSomeMediaPermission(res, 'videos');
    const query = readIndexQuery(req);
    const { rows, total } = await listMedia(db, 'videos', indexListQuery(query, collectionIds));
    const sourceTypes = await videoSourceTypes(
      db,
      rows.map((row) => row.id),
    );
    const perms = permsOf(res);
    admin.render(req, res, 'videos-index', {
      title: gettext('Videos'),
      activeNav: 'videos',
      ...indexView(query, total, await collectionOptions(db, collectionIds)),
      videos: rows.map((video) => ({
        video,
        formats: [...new Set((sourceTypes.get(video.id) ?? []).map((mimetype) => mimetype.replace('video/', '').toUpperCase()))].join(', '),
        canEdit: mediaPolicy.userHasPermissionForInstance(perms, 'change', video),
        canDelete: mediaPolicy.userHasPermissionForInstance(perms, 'delete', video),
      })),
    });
  });
  return router;
}
