import { Router } from 'express';
import { gettext, interpolate } from '../../../client/lib/i18n';
import { CreateVideoAction, DeleteVideoAction } from '../../actions/manage-videos';
import { requireOnMedia } from '../media-admin';
import { addMediaItemRoutes } from '../media-item-routes';
import { flash } from '../render';
import type { AdminContext } from '../types';
import { videosAddRouter } from './add';
import { videosListingRouter } from './listing';
import { videoSourcesRouter } from './sources';
import { videoTracksRouter } from './tracks';
import { videoAdmin } from './video-admin';
import { videoValues } from './video-form';

/**
 * /wagtail/videos/ as wagtailmedia's media views, for videos: the index, add (a file and a
 * poster), multiple upload, edit (title, collection, poster, sources, text tracks), usage and
 * delete, and the chooser's upload. Collection permissions decide each (media-admin.ts).
 */
export function videosRouter(context: AdminContext): Router {
  const { db, storage } = context;
  const videos = videoAdmin(context);
  const router = Router();
  router.use(videosListingRouter(context));
  router.use(videosAddRouter(context, videos));

  router.get('/videos/edit/:videoId/', async (req, res) => {
    const video = await videos.loadVideo(req);
    requireOnMedia(res, video, 'change', 'video');
    await videos.renderEdit(req, res, video, { form: videoValues(video) });
  });

  router.post('/videos/edit/:videoId/', async (req, res) => {
    const video = await videos.loadVideo(req);
    const outcome = await videos.saveDetails(req, res, video);
    if ('problems' in outcome) return videos.renderEdit(req, res, video, { form: outcome.problems }, 400);
    flash(req, 'success', interpolate("Video '{title}' updated", { title: outcome.item.title }));
    res.redirect(303, '/wagtail/videos/');
  });

  router.use(videoSourcesRouter(context, videos));
  router.use(videoTracksRouter(context, videos));

  addMediaItemRoutes(router, context, {
    kind: 'videos',
    target: 'video',
    param: 'videoId',
    load: videos.loadVideo,
    remove: (video, actor) => new DeleteVideoAction(db, video, actor, { storage }).execute(),
    create: (file, title, collectionId, actor) => new CreateVideoAction(db, { title, collectionId, file: { filename: file.filename, bytes: file.bytes } }, actor, { storage }).execute(),
    saveDetails: videos.saveDetails,
    values: videoValues,
    text: {
      deleteQuestion: gettext('Are you sure you want to delete this video?'),
      deleted: "Video '{title}' deleted.",
      multipleTitle: gettext('Add videos'),
      chooseFile: gettext('Choose a video file to upload.'),
    },
  });

  return router;
}
