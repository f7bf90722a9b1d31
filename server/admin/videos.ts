import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { gettext, interpolate } from '../../client/lib/i18n';
import type { Video, VideoTrack } from '../db/schema';
import { NotFoundError, ValidationError } from '../errors';
import { collectionOptions, type CollectionOption } from '../models/collections';
import { formatFileSize } from '../models/documents';
import { listMedia } from '../models/media-listing';
import {
  addVideoFile,
  addVideoSource,
  addVideoTrack,
  createVideoWithFile,
  deleteVideo,
  deleteVideoSource,
  deleteVideoTrack,
  getVideo,
  TRACK_KINDS,
  updateVideo,
  updateVideoTrack,
  videoSourcesAndTracks,
  videoSourceUrl,
  videoTrackUrl,
} from '../models/videos';
import { permsOf } from './access';
import { addProblem, databaseId, emptyProblems, type FormProblems } from './forms';
import {
  addableCollections,
  canOnMedia,
  chosenCollection,
  editableCollections,
  indexView,
  markSelected,
  MEDIA_PAGE_SIZE,
  readIndexQuery,
  requireOnMedia,
  requireSomeMediaPermission,
  textField,
  titleFromFilename,
  uploadedFile,
  usageView,
} from './media-admin';
import { loadStreamFieldManifest } from './streamfield-assets';
import { posterView } from './video-poster';
import { flash } from './render';
import type { AdminContext } from './types';

const NOUN = 'videos';
const title = z.string().trim().max(255, 'A video title is at most 255 characters.');
const poster = z.union([z.literal(''), databaseId]).transform((id) => (id === '' ? null : id));
const sortOrderField = z.union([z.literal('').transform(() => 0), z.coerce.number({ error: 'The sort order is a whole number.' }).int('The sort order is a whole number.')]);
/** The MIME types an https source may declare, as the player's <source type>. */
export const SOURCE_MIME_TYPES = ['video/mp4', 'video/webm', 'video/ogg'] as const;

/**
 * /wagtail/videos/ as wagtailmedia's media views, for videos: the index, add (a file and a
 * poster), multiple upload, edit (title, collection, poster, sources, text tracks), usage and
 * delete, and the chooser's upload. Collection permissions decide each (media-admin.ts).
 */
export function videosRouter({ db, admin, config, storage }: AdminContext): Router {
  // The poster chooser is the StreamField editor's modal, styled by the editor's stylesheet.
  const editorCss = loadStreamFieldManifest().css;
  const router = Router();

  async function loadVideo(req: Request): Promise<Video> {
    const id = databaseId.safeParse(req.params.videoId);
    if (!id.success) throw new NotFoundError('There is no video with this id.');
    return getVideo(db, id.data);
  }

  router.get('/videos/', async (req, res) => {
    const collectionIds = requireSomeMediaPermission(res, NOUN);
    const query = readIndexQuery(req);
    const { rows, total } = await listMedia(db, 'videos', {
      text: query.q,
      collectionIds,
      collectionId: query.collection_id,
      ordering: query.ordering,
      offset: (query.p - 1) * MEDIA_PAGE_SIZE,
      limit: MEDIA_PAGE_SIZE,
    });
    const sources = rows.length ? await db.selectFrom('video_sources').select(['video_id', 'mimetype']).where('video_id', 'in', rows.map((row) => row.id)).orderBy('sort_order').execute() : [];
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

  async function renderAdd(req: Request, res: Response, collections: CollectionOption[], form: FormProblems, status = 200) {
    admin.render(
      req,
      res,
      'videos-add',
      {
        title: gettext('Add a video'),
        activeNav: 'videos',
        editorCss,
        form,
        collections: markSelected(collections, form.values.collection),
        poster: await posterView(db, storage, form.values.poster),
        maxBytes: formatFileSize(config.MAX_UPLOAD_BYTES),
      },
      status,
    );
  }

  router.get('/videos/add/', async (req, res) => {
    const collections = await addableCollections(db, res, NOUN);
    await renderAdd(req, res, collections, emptyProblems({ collection: String(collections[0]!.id) }));
  });

  /** Creates a video from an add form (page or chooser): the problems per field, or the video. */
  async function addFromForm(req: Request, res: Response, collections: CollectionOption[]): Promise<{ video: Video } | { problems: FormProblems }> {
    const problems = emptyProblems({ title: textField(req, 'title'), collection: textField(req, 'collection'), poster: textField(req, 'poster') });
    const file = uploadedFile(req, 'file');
    const chosen = chosenCollection(problems.values.collection, collections);
    const typed = title.safeParse(problems.values.title);
    const posterId = poster.safeParse(problems.values.poster);
    if (!file) addProblem(problems, 'file', gettext('Choose a video file to upload.'));
    if ('error' in chosen) addProblem(problems, 'collection', chosen.error);
    if (!typed.success) addProblem(problems, 'title', typed.error.issues[0]!.message);
    if (!posterId.success) addProblem(problems, 'poster', gettext('Choose the poster with the image chooser.'));
    if (!file || 'error' in chosen || !typed.success || !posterId.success) return { problems };
    try {
      const video = await createVideoWithFile(db, storage, {
        title: typed.data || titleFromFilename(file.filename),
        collectionId: chosen.id,
        posterImageId: posterId.data,
        uploadedBy: permsOf(res).user.id,
        file: { filename: file.filename, bytes: file.bytes },
      });
      return { video };
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      addProblem(problems, /poster/.test(error.message) ? 'poster' : 'file', error.message);
      return { problems };
    }
  }

  router.post('/videos/add/', async (req, res) => {
    const collections = await addableCollections(db, res, NOUN);
    const outcome = await addFromForm(req, res, collections);
    if ('problems' in outcome) return renderAdd(req, res, collections, outcome.problems, 400);
    flash(req, 'success', interpolate("Video '{title}' added.", { title: outcome.video.title }));
    res.redirect(303, `/wagtail/videos/edit/${outcome.video.id}/`);
  });

  router.post('/videos/chooser/upload/', async (req, res) => {
    const collections = await addableCollections(db, res, NOUN);
    const outcome = await addFromForm(req, res, collections);
    if ('problems' in outcome) return res.status(400).json({ errors: outcome.problems.errors });
    // The chooser shows the new video with its poster as the thumbnail.
    const shown = await posterView(db, storage, outcome.video.poster_image_id);
    res.status(201).json({ result: { id: outcome.video.id, title: outcome.video.title, ...(shown?.thumbnailUrl ? { thumbnail_url: shown.thumbnailUrl } : {}) } });
  });

  /** What the edit screen's several forms show: each form's values and problems. */
  interface EditState {
    form: FormProblems;
    sourceForm?: FormProblems;
    trackForm?: FormProblems;
    /** A track's own form, after it was refused. */
    trackEdit?: { id: number; form: FormProblems };
  }

  async function renderEdit(req: Request, res: Response, video: Video, state: EditState, status = 200) {
    const [collections, { sources, tracks }, posterShown] = await Promise.all([editableCollections(db, res, video), videoSourcesAndTracks(db, video.id), posterView(db, storage, state.form.values.poster)]);
    const trackForm = state.trackForm ?? emptyProblems({ kind: 'captions', sort_order: String(tracks.length) });
    const sourceForm = state.sourceForm ?? emptyProblems({ mimetype: 'video/mp4', sort_order: String(sources.length) });
    admin.render(
      req,
      res,
      'videos-edit',
      {
        title: interpolate('Editing {title}', { title: video.title }),
        activeNav: 'videos',
        editorCss,
        video,
        form: state.form,
        formErrors: [state.form, state.sourceForm, state.trackForm, state.trackEdit?.form].flatMap((form) => form?.formErrors ?? []),
        collections: markSelected(collections, state.form.values.collection),
        poster: posterShown,
        sources: sources.map((source) => ({ source, url: videoSourceUrl(source), uploaded: source.file !== null })),
        sourceForm,
        mimeTypes: SOURCE_MIME_TYPES.map((type) => ({ value: type, selected: type === sourceForm.values.mimetype })),
        tracks: tracks.map((track) => {
          const form = state.trackEdit?.id === track.id ? state.trackEdit.form : trackValues(track);
          return { track, url: videoTrackUrl(track), form, kinds: kindOptions(form.values.kind) };
        }),
        trackForm,
        trackKinds: kindOptions(trackForm.values.kind),
        canDelete: canOnMedia(permsOf(res), video, 'delete'),
        maxBytes: formatFileSize(config.MAX_UPLOAD_BYTES),
      },
      status,
    );
  }

  const videoValues = (video: Video) => emptyProblems({ title: video.title, collection: String(video.collection_id), poster: video.poster_image_id === null ? '' : String(video.poster_image_id) });

  router.get('/videos/edit/:videoId/', async (req, res) => {
    const video = await loadVideo(req);
    requireOnMedia(res, video, 'change', 'video');
    await renderEdit(req, res, video, { form: videoValues(video) });
  });

  /** Saves the details form (the page's or a multiple upload item's): the problems, or the saved video. */
  async function saveDetails(req: Request, res: Response, video: Video): Promise<{ video: Video } | { problems: FormProblems }> {
    requireOnMedia(res, video, 'change', 'video');
    const values: Record<string, unknown> = { title: textField(req, 'title'), collection: textField(req, 'collection') };
    // The multiple upload's item form has no poster field: the poster stays as it is.
    const posterSent = req.body && typeof req.body === 'object' && 'poster' in req.body;
    values.poster = posterSent ? textField(req, 'poster') : video.poster_image_id === null ? '' : String(video.poster_image_id);
    const problems = emptyProblems(values);
    const chosen = chosenCollection(values.collection, await editableCollections(db, res, video));
    const typed = title.min(1, 'A video needs a title.').safeParse(values.title);
    const posterId = poster.safeParse(values.poster);
    if ('error' in chosen) addProblem(problems, 'collection', chosen.error);
    if (!typed.success) addProblem(problems, 'title', typed.error.issues[0]!.message);
    if (!posterId.success) addProblem(problems, 'poster', gettext('Choose the poster with the image chooser.'));
    if ('error' in chosen || !typed.success || !posterId.success) return { problems };
    try {
      return { video: await updateVideo(db, video, { title: typed.data, collectionId: chosen.id, posterImageId: posterId.data }) };
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      addProblem(problems, 'poster', error.message);
      return { problems };
    }
  }

  router.post('/videos/edit/:videoId/', async (req, res) => {
    const video = await loadVideo(req);
    const outcome = await saveDetails(req, res, video);
    if ('problems' in outcome) return renderEdit(req, res, video, { form: outcome.problems }, 400);
    flash(req, 'success', interpolate("Video '{title}' updated", { title: outcome.video.title }));
    res.redirect(303, '/wagtail/videos/');
  });

  router.post('/videos/edit/:videoId/sources/add/', async (req, res) => {
    const video = await loadVideo(req);
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
        if (file) await addVideoFile(db, storage, video.id, { filename: file.filename, bytes: file.bytes, sortOrder: order.data });
        else await addVideoSource(db, video.id, { url: httpsOnly(values.url), mimetype: values.mimetype, sortOrder: order.data });
        flash(req, 'success', gettext('Source added.'));
        return res.redirect(303, `/wagtail/videos/edit/${video.id}/#sources`);
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        addProblem(problems, file ? 'file' : 'url', error.message);
      }
    }
    await renderEdit(req, res, video, { form: videoValues(video), sourceForm: problems }, 400);
  });

  router.post('/videos/edit/:videoId/sources/:sourceId/delete/', async (req, res) => {
    const video = await loadVideo(req);
    requireOnMedia(res, video, 'change', 'video');
    const sourceId = databaseId.safeParse(req.params.sourceId);
    if (!sourceId.success) throw new NotFoundError('There is no source with this id.');
    await deleteVideoSource(db, storage, video.id, sourceId.data);
    flash(req, 'success', gettext('Source removed.'));
    res.redirect(303, `/wagtail/videos/edit/${video.id}/#sources`);
  });

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

  router.post('/videos/edit/:videoId/tracks/add/', async (req, res) => {
    const video = await loadVideo(req);
    requireOnMedia(res, video, 'change', 'video');
    const read = readTrackForm(req, true);
    if (read.fields && read.file) {
      try {
        await addVideoTrack(db, storage, video.id, { ...read.fields, content: read.file.bytes });
        flash(req, 'success', interpolate("Track '{label}' added.", { label: read.fields.label.trim() }));
        return res.redirect(303, `/wagtail/videos/edit/${video.id}/#tracks`);
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        addProblem(read.problems, trackField(error.message), error.message);
      }
    }
    await renderEdit(req, res, video, { form: videoValues(video), trackForm: read.problems }, 400);
  });

  async function loadTrack(req: Request, video: Video): Promise<VideoTrack> {
    const trackId = databaseId.safeParse(req.params.trackId);
    const track = trackId.success ? await db.selectFrom('video_tracks').selectAll().where('id', '=', trackId.data).where('video_id', '=', video.id).executeTakeFirst() : undefined;
    if (!track) throw new NotFoundError('This video has no track with this id.');
    return track;
  }

  router.post('/videos/edit/:videoId/tracks/:trackId/', async (req, res) => {
    const video = await loadVideo(req);
    requireOnMedia(res, video, 'change', 'video');
    const track = await loadTrack(req, video);
    const read = readTrackForm(req, false);
    if (read.fields) {
      try {
        await updateVideoTrack(db, storage, track, { ...read.fields, content: read.file?.bytes });
        flash(req, 'success', interpolate("Track '{label}' updated.", { label: read.fields.label.trim() }));
        return res.redirect(303, `/wagtail/videos/edit/${video.id}/#tracks`);
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        addProblem(read.problems, trackField(error.message), error.message);
      }
    }
    await renderEdit(req, res, video, { form: videoValues(video), trackEdit: { id: track.id, form: read.problems } }, 400);
  });

  router.post('/videos/edit/:videoId/tracks/:trackId/delete/', async (req, res) => {
    const video = await loadVideo(req);
    requireOnMedia(res, video, 'change', 'video');
    const track = await loadTrack(req, video);
    await deleteVideoTrack(db, storage, video.id, track.id);
    flash(req, 'success', interpolate("Track '{label}' deleted.", { label: track.label }));
    res.redirect(303, `/wagtail/videos/edit/${video.id}/#tracks`);
  });

  router.get('/videos/usage/:videoId/', async (req, res) => {
    const video = await loadVideo(req);
    requireOnMedia(res, video, 'change', 'video');
    admin.render(req, res, 'media-usage', {
      title: interpolate('Usage of {title}', { title: video.title }),
      activeNav: 'videos',
      backUrl: `/wagtail/videos/edit/${video.id}/`,
      ...(await usageView(db, 'video', video.id)),
    });
  });

  router.get('/videos/delete/:videoId/', async (req, res) => {
    const video = await loadVideo(req);
    requireOnMedia(res, video, 'delete', 'video');
    admin.render(req, res, 'media-delete', {
      title: interpolate('Delete {title}', { title: video.title }),
      activeNav: 'videos',
      question: gettext('Are you sure you want to delete this video?'),
      cancelUrl: `/wagtail/videos/edit/${video.id}/`,
      ...(await usageView(db, 'video', video.id)),
    });
  });

  router.post('/videos/delete/:videoId/', async (req, res) => {
    const video = await loadVideo(req);
    requireOnMedia(res, video, 'delete', 'video');
    await deleteVideo(db, storage, video);
    flash(req, 'success', interpolate("Video '{title}' deleted.", { title: video.title }));
    res.redirect(303, '/wagtail/videos/');
  });

  // Multiple upload: the page, then one JSON request per file and per item form (common contract).
  router.get('/videos/multiple/add/', async (req, res) => {
    const collections = await addableCollections(db, res, NOUN);
    admin.render(req, res, 'videos-multiple', {
      title: gettext('Add videos'),
      activeNav: 'videos',
      collections: collections.map(({ id, label }) => ({ id, label })),
      maxBytes: config.MAX_UPLOAD_BYTES,
    });
  });

  async function itemForm(req: Request, res: Response, video: Video, form: FormProblems): Promise<string> {
    const collections = await editableCollections(db, res, video);
    return admin.renderFragment(req, res, 'media-multiple-form', { kind: 'videos', item: video, form, collections: markSelected(collections, form.values.collection) });
  }

  router.post('/videos/multiple/add/', async (req, res) => {
    const collections = await addableCollections(db, res, NOUN);
    const file = uploadedFile(req, 'files[]', 'files');
    const chosen = chosenCollection(textField(req, 'collection'), collections);
    if (!file) return res.status(400).json({ success: false, error_message: gettext('Choose a video file to upload.') });
    if ('error' in chosen) return res.status(400).json({ success: false, error_message: chosen.error });
    try {
      const video = await createVideoWithFile(db, storage, { title: titleFromFilename(file.filename), collectionId: chosen.id, uploadedBy: permsOf(res).user.id, file: { filename: file.filename, bytes: file.bytes } });
      res.json({ success: true, id: video.id, title: video.title, form: await itemForm(req, res, video, videoValues(video)) });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      res.status(400).json({ success: false, error_message: error.message });
    }
  });

  router.post('/videos/multiple/:videoId/', async (req, res) => {
    const video = await loadVideo(req);
    const outcome = await saveDetails(req, res, video);
    if ('problems' in outcome) return res.status(400).json({ success: false, form: await itemForm(req, res, video, outcome.problems) });
    res.json({ success: true, form: await itemForm(req, res, outcome.video, videoValues(outcome.video)) });
  });

  router.post('/videos/multiple/:videoId/delete/', async (req, res) => {
    const video = await loadVideo(req);
    requireOnMedia(res, video, 'delete', 'video');
    await deleteVideo(db, storage, video);
    res.json({ success: true });
  });

  return router;
}

function trackValues(track: VideoTrack): FormProblems {
  return emptyProblems({ kind: track.kind, label: track.label, srclang: track.srclang, sort_order: String(track.sort_order) });
}

function kindOptions(chosen: unknown) {
  return TRACK_KINDS.map((kind) => ({ value: kind, label: gettext(kind[0]!.toUpperCase() + kind.slice(1)), selected: kind === chosen }));
}

/** Which field of the track form a model refusal is about. */
function trackField(message: string): string {
  if (/label/i.test(message)) return 'label';
  if (/language/i.test(message)) return 'srclang';
  return 'file';
}

/** Editors add sources by https address; paths on this site are uploads, added as files. */
function httpsOnly(url: string): string {
  if (!/^https:\/\//i.test(url)) throw new ValidationError(gettext('A video address must start with https://.'));
  return url;
}
