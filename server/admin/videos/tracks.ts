import { Router, type Request } from 'express';
import { z } from 'zod';
import { gettext, interpolate } from '../../../client/lib/i18n';
import type { Video, VideoTrack } from '../../db/schema';
import { NotFoundError, ValidationError } from '../../errors';
import { AddVideoTrackAction, DeleteVideoTrackAction, EditVideoTrackAction } from '../../actions/manage-videos';
import { findTrackOfVideo, TRACK_KINDS } from '../../models/videos';
import { permsOf } from '../access';
import { addProblem, emptyProblems } from '../../forms/problems';
import { databaseId } from '../../db/database-id';
import { requireOnMedia, textField, uploadedFile } from '../media-admin';
import { flash } from '../render';
import type { AdminContext } from '../types';
import type { VideoAdmin } from './video-admin';
import { sortOrderField, videoValues } from './video-form';

/** /wagtail/videos/edit/{id}/tracks/: adding a text track (a WebVTT file), changing one and deleting one. */
export function videoTracksRouter({ db, storage }: AdminContext, videos: VideoAdmin): Router {
  const router = Router();

  async function loadTrack(req: Request, video: Video): Promise<VideoTrack> {
    const trackId = databaseId.safeParse(req.params.trackId);
    const track = trackId.success ? await findTrackOfVideo(db, video.id, trackId.data) : undefined;
    if (!track) throw new NotFoundError('This video has no track with this id.');
    return track;
  }

  router.post('/videos/edit/:videoId/tracks/add/', async (req, res) => {
    const video = await videos.loadVideo(req);
    requireOnMedia(res, video, 'change', 'video');
    const read = readTrackForm(req, true);
    if (read.fields && read.file) {
      try {
        await new AddVideoTrackAction(db, video, permsOf(res), { ...read.fields, content: read.file.bytes, storage }).execute();
        flash(req, 'success', interpolate("Track '{label}' added.", { label: read.fields.label.trim() }));
        return res.redirect(303, `/wagtail/videos/edit/${video.id}/#tracks`);
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        addProblem(read.problems, trackField(error.field), error.message);
      }
    }
    await videos.renderEdit(req, res, video, { form: videoValues(video), trackForm: read.problems }, 400);
  });

  router.post('/videos/edit/:videoId/tracks/:trackId/', async (req, res) => {
    const video = await videos.loadVideo(req);
    requireOnMedia(res, video, 'change', 'video');
    const track = await loadTrack(req, video);
    const read = readTrackForm(req, false);
    if (read.fields) {
      try {
        await new EditVideoTrackAction(db, video, permsOf(res), { trackId: track.id, fields: read.fields, content: read.file?.bytes, storage }).execute();
        flash(req, 'success', interpolate("Track '{label}' updated.", { label: read.fields.label.trim() }));
        return res.redirect(303, `/wagtail/videos/edit/${video.id}/#tracks`);
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        addProblem(read.problems, trackField(error.field), error.message);
      }
    }
    await videos.renderEdit(req, res, video, { form: videoValues(video), trackEdit: { id: track.id, form: read.problems } }, 400);
  });

  router.post('/videos/edit/:videoId/tracks/:trackId/delete/', async (req, res) => {
    const video = await videos.loadVideo(req);
    requireOnMedia(res, video, 'change', 'video');
    const track = await loadTrack(req, video);
    await new DeleteVideoTrackAction(db, video, permsOf(res), { trackId: track.id, storage }).execute();
    flash(req, 'success', interpolate("Track '{label}' deleted.", { label: track.label }));
    res.redirect(303, `/wagtail/videos/edit/${video.id}/#tracks`);
  });

  return router;
}

/** Reads a track form: the fields, or problems; `fileRequired` on add. */
function readTrackForm(req: Request, fileRequired: boolean) {
  const values = { kind: textField(req, 'kind'), label: textField(req, 'label'), srclang: textField(req, 'srclang').trim(), sort_order: textField(req, 'sort_order') };
  const problems = emptyProblems(values);
  const file = uploadedFile(req, 'file');
  const order = sortOrderField.safeParse(values.sort_order);
  const kind = z.enum(TRACK_KINDS).safeParse(values.kind);
  if (!kind.success) addProblem(problems, 'kind', gettext('Choose a kind of track.'));
  if (!order.success) addProblem(problems, 'sort_order', order.error.issues[0]!.message);
  if (fileRequired && !file) addProblem(problems, 'file', gettext('Choose a WebVTT (.vtt) file to upload.'));
  if (!kind.success || !order.success || (fileRequired && !file)) return { problems };
  return { problems, fields: { kind: kind.data, label: values.label, srclang: values.srclang, sortOrder: order.data }, file };
}

/** Which field of the track form a model refusal is about. */
function trackField(field: string | undefined): string {
  return field === 'label' || field === 'srclang' ? field : 'file';
}
