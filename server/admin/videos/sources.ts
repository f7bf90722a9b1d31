import { Router } from 'express';
import { gettext } from '../../../client/lib/i18n';
import { NotFoundError, ValidationError } from '../../errors';
import { AddVideoSourceAction, DeleteVideoSourceAction } from '../../actions/manage-videos';
import { permsOf } from '../access';
import { addProblem, emptyProblems } from '../../forms/problems';
import { databaseId } from '../../db/database-id';
import { requireOnMedia, textField, uploadedFile } from '../media-admin';
import { flash } from '../render';
import type { AdminContext } from '../types';
import type { VideoAdmin } from './video-admin';
import { sortOrderField, videoValues } from './video-form';

/** /wagtail/videos/edit/{id}/sources/: adding a source (an uploaded file or an https address) and removing one. */
export function videoSourcesRouter({ db, storage }: AdminContext, videos: VideoAdmin): Router {
  const router = Router();

  router.post('/videos/edit/:videoId/sources/add/', async (req, res) => {
    const video = await videos.loadVideo(req);
    requireOnMedia(res, video, 'change', 'video');
    const values = { url: textField(req, 'url').trim(), mimetype: textField(req, 'mimetype'), sort_order: textField(req, 'sort_order') };
    const problems = emptyProblems(values);
    const file = uploadedFile(req, 'file');
    const order = sortOrderField.safeParse(values.sort_order);
    if (!order.success) addProblem(problems, 'sort_order', order.error.issues[0]!.message);
    if (!file && !values.url) addProblem(problems, 'file', gettext('Upload a video file or give the https address of one.'));
    if (file && values.url) addProblem(problems, 'url', gettext('Give either a file or an address, not both.'));
    if (order.success && !problems.formErrors.length) {
      try {
        const source = file
          ? { file: { filename: file.filename, bytes: file.bytes, sortOrder: order.data } }
          : { url: { url: httpsOnly(values.url), mimetype: values.mimetype, sortOrder: order.data } };
        await new AddVideoSourceAction(db, video, permsOf(res), { source, storage }).execute();
        flash(req, 'success', gettext('Source added.'));
        return res.redirect(303, `/wagtail/videos/edit/${video.id}/#sources`);
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        addProblem(problems, file ? 'file' : 'url', error.message);
      }
    }
    await videos.renderEdit(req, res, video, { form: videoValues(video), sourceForm: problems }, 400);
  });

  router.post('/videos/edit/:videoId/sources/:sourceId/delete/', async (req, res) => {
    const video = await videos.loadVideo(req);
    requireOnMedia(res, video, 'change', 'video');
    const sourceId = databaseId.safeParse(req.params.sourceId);
    if (!sourceId.success) throw new NotFoundError('There is no source with this id.');
    await new DeleteVideoSourceAction(db, video, permsOf(res), { sourceId: sourceId.data, storage }).execute();
    flash(req, 'success', gettext('Source removed.'));
    res.redirect(303, `/wagtail/videos/edit/${video.id}/#sources`);
  });

  return router;
}

/** Editors add sources by https address; paths on this site are uploads, added as files. */
function httpsOnly(url: string): string {
  if (!/^https:\/\//i.test(url)) throw new ValidationError(gettext('A video address must start with https://.'));
  return url;
}
