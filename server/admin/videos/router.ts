import type { Router } from 'express';
import { gettext } from '../../../client/lib/i18n';
import { CreateVideoAction, DeleteVideoAction } from '../../actions/manage-videos';
import type { Video } from '../../db/schema';
import { listMedia } from '../../models/media-listing';
import { mediaPolicy } from '../../models/permission-policies';
import { findVideo, videoSourceTypes } from '../../models/videos';
import { modelViewSetRouter } from '../generic/viewset';
import { mediaIndex } from '../media-admin';
import { addMediaUploads, mediaItemRefusal, mediaItemViews, type MediaItemKind } from '../media-item-routes';
import type { AdminContext } from '../types';
import { posterView } from '../video-poster';
import { videoSourcesRouter } from './sources';
import { videoTracksRouter } from './tracks';
import { videoAdmin } from './video-admin';
import { videoForm } from './video-form';

/**
 * /wagtail/videos/ as wagtailmedia's media views, for videos: the index, add (a file and a
 * poster), multiple upload, edit (title, collection, poster, sources, text tracks), usage and
 * delete, and the chooser's upload. Collection permissions decide each (mediaPolicy).
 */
export function videosRouter(context: AdminContext): Router {
  const { db, storage } = context;
  const videos = videoAdmin(context);
  const form = videoForm(context, videos);
  const kind: MediaItemKind<Video> = {
    kind: 'videos',
    target: 'video',
    remove: (video, actor) => new DeleteVideoAction(db, video, actor, { storage }).execute(),
    create: (file, title, collectionId, actor) => new CreateVideoAction(db, { title, collectionId, file: { filename: file.filename, bytes: file.bytes } }, actor, { storage }).execute(),
    text: {
      deleteQuestion: gettext('Are you sure you want to delete this video?'),
      deleted: "Video '{title}' deleted.",
      multipleTitle: gettext('Add videos'),
      chooseFile: gettext('Choose a video file to upload.'),
    },
  };
  return modelViewSetRouter(context, {
    prefix: '/videos/',
    activeNav: 'videos',
    urls: { edit: 'edit/:pk/', delete: 'delete/:pk/' },
    load: (id) => findVideo(db, id),
    notFound: 'There is no video with this id.',
    refusal: mediaItemRefusal(kind),
    listing: mediaIndex(
      db,
      'videos',
      (query) => listMedia(db, 'videos', query),
      async ({ perms }, rows, index) => {
        const sourceTypes = await videoSourceTypes(
          db,
          rows.map((video) => video.id),
        );
        return {
          template: 'videos-index',
          context: {
            title: gettext('Videos'),
            ...index,
            videos: rows.map((video) => ({
              video,
              formats: [...new Set((sourceTypes.get(video.id) ?? []).map((mimetype) => mimetype.replace('video/', '').toUpperCase()))].join(', '),
              canEdit: mediaPolicy.userHasPermissionForInstance(perms, 'change', video),
              canDelete: mediaPolicy.userHasPermissionForInstance(perms, 'delete', video),
            })),
          },
        };
      },
    ),
    form,
    ...mediaItemViews(context, kind),
    routes: (router, core) => {
      // The chooser shows the new video with its poster as the thumbnail.
      addMediaUploads(router, context, core, form, kind, async (video) => {
        const shown = await posterView(db, storage, video.poster_image_id);
        return { id: video.id, title: video.title, ...(shown?.thumbnailUrl ? { thumbnail_url: shown.thumbnailUrl } : {}) };
      });
      router.use(videoSourcesRouter(context, videos));
      router.use(videoTracksRouter(context, videos));
    },
  });
}
