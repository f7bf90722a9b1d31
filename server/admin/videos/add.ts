import { Router, type Request, type Response } from 'express';
import { gettext, interpolate } from '../../../client/lib/i18n';
import type { Video } from '../../db/schema';
import { ValidationError } from '../../errors';
import type { CollectionOption } from '../../models/collections';
import { formatFileSize } from '../../models/documents';
import { CreateVideoAction } from '../../actions/manage-videos';
import { permsOf } from '../access';
import { addProblem, emptyProblems, type FormProblems } from '../../forms/problems';
import { addableCollections, chosenCollection, markSelected, textField, titleFromFilename, uploadedFile } from '../media-admin';
import { flash } from '../render';
import type { AdminContext } from '../types';
import { posterView } from '../video-poster';
import type { VideoAdmin } from './video-admin';
import { posterField, videoTitle } from './video-form';

/** /wagtail/videos/add/ (a file and a poster, as a page) and chooser/upload/ (the chooser's Upload tab, as JSON). */
export function videosAddRouter({ db, admin, config, storage }: AdminContext, videos: VideoAdmin): Router {
  const router = Router();

  async function renderAdd(req: Request, res: Response, collections: CollectionOption[], form: FormProblems, status = 200) {
    admin.render(
      req,
      res,
      'videos-add',
      {
        title: gettext('Add a video'),
        activeNav: 'videos',
        editorCss: videos.editorCss,
        form,
        collections: markSelected(collections, form.values.collection),
        poster: await posterView(db, storage, form.values.poster),
        maxBytes: formatFileSize(config.MAX_UPLOAD_BYTES),
      },
      status,
    );
  }

  /** Creates a video from an add form (page or chooser): the problems per field, or the video. */
  async function addFromForm(req: Request, res: Response, collections: CollectionOption[]): Promise<{ video: Video } | { problems: FormProblems }> {
    const problems = emptyProblems({ title: textField(req, 'title'), collection: textField(req, 'collection'), poster: textField(req, 'poster') });
    const file = uploadedFile(req, 'file');
    const chosen = chosenCollection(problems.values.collection, collections);
    const typed = videoTitle.safeParse(problems.values.title);
    const posterId = posterField.safeParse(problems.values.poster);
    if (!file) addProblem(problems, 'file', gettext('Choose a video file to upload.'));
    if ('error' in chosen) addProblem(problems, 'collection', chosen.error);
    if (!typed.success) addProblem(problems, 'title', typed.error.issues[0]!.message);
    if (!posterId.success) addProblem(problems, 'poster', gettext('Choose the poster with the image chooser.'));
    if (!file || 'error' in chosen || !typed.success || !posterId.success) return { problems };
    try {
      const fields = {
        title: typed.data || titleFromFilename(file.filename),
        collectionId: chosen.id,
        posterImageId: posterId.data,
        file: { filename: file.filename, bytes: file.bytes },
      };
      const video = await new CreateVideoAction(db, fields, permsOf(res), { storage }).execute();
      return { video };
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      addProblem(problems, /poster/.test(error.message) ? 'poster' : 'file', error.message);
      return { problems };
    }
  }

  router.get('/videos/add/', async (req, res) => {
    const collections = await addableCollections(db, res, 'videos');
    await renderAdd(req, res, collections, emptyProblems({ collection: String(collections[0]!.id) }));
  });

  router.post('/videos/add/', async (req, res) => {
    const collections = await addableCollections(db, res, 'videos');
    const outcome = await addFromForm(req, res, collections);
    if ('problems' in outcome) return renderAdd(req, res, collections, outcome.problems, 400);
    flash(req, 'success', interpolate("Video '{title}' added.", { title: outcome.video.title }));
    res.redirect(303, `/wagtail/videos/edit/${outcome.video.id}/`);
  });

  router.post('/videos/chooser/upload/', async (req, res) => {
    const collections = await addableCollections(db, res, 'videos');
    const outcome = await addFromForm(req, res, collections);
    if ('problems' in outcome) return res.status(400).json({ errors: outcome.problems.errors });
    // The chooser shows the new video with its poster as the thumbnail.
    const shown = await posterView(db, storage, outcome.video.poster_image_id);
    res.status(201).json({ result: { id: outcome.video.id, title: outcome.video.title, ...(shown?.thumbnailUrl ? { thumbnail_url: shown.thumbnailUrl } : {}) } });
  });

  return router;
}
