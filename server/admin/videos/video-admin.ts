/** What the videos back-office views share: loading a video, and its edit screen's rendering and details form. */
import type { Request, Response } from 'express';
import { gettext, interpolate } from '../../../client/lib/i18n';
import type { Video } from '../../db/schema';
import { NotFoundError, ValidationError } from '../../errors';
import { formatFileSize } from '../../models/documents';
import { EditVideoAction } from '../../actions/manage-videos';
import { getVideo, videoSourcesAndTracks, videoSourceUrl, videoTrackUrl } from '../../models/videos';
import { permsOf } from '../access';
import { addProblem, emptyProblems, type FormProblems } from '../../forms/problems';
import { databaseId } from '../../db/database-id';
import { chosenCollection, editableCollections, markSelected, requireOnMedia, textField } from '../media-admin';
import { loadStreamFieldManifest } from '../streamfield-assets';
import type { AdminContext } from '../types';
import { posterView } from '../video-poster';
import { kindOptions, posterField, SOURCE_MIME_TYPES, trackValues, videoTitle } from './video-form';
import { mediaPolicy } from '../../models/permission-policies';

/** What the edit screen's several forms show: each form's values and problems. */
export interface EditState {
  form: FormProblems;
  sourceForm?: FormProblems;
  trackForm?: FormProblems;
  /** A track's own form, after it was refused. */
  trackEdit?: { id: number; form: FormProblems };
}

/** The helpers of the videos views, bound to one app. */
export interface VideoAdmin {
  /** The StreamField editor's stylesheet: the poster chooser is its modal. */
  editorCss: string;
  /** The video the route's `videoId` names; NotFoundError when there is none. */
  loadVideo(req: Request): Promise<Video>;
  /** Renders the edit screen: details, poster, sources and tracks, each form as `state` has it. */
  renderEdit(req: Request, res: Response, video: Video, state: EditState, status?: number): Promise<void>;
  /** Saves the details form (the page's or a multiple upload item's): the problems, or the saved video. */
  saveDetails(req: Request, res: Response, video: Video): Promise<{ item: Video } | { problems: FormProblems }>;
}

/** The videos views' helpers for one app. */
export function videoAdmin({ db, admin, config, storage }: AdminContext): VideoAdmin {
  // The poster chooser is the StreamField editor's modal, styled by the editor's stylesheet.
  const editorCss = loadStreamFieldManifest().css;

  async function loadVideo(req: Request): Promise<Video> {
    const id = databaseId.safeParse(req.params.videoId);
    if (!id.success) throw new NotFoundError('There is no video with this id.');
    return getVideo(db, id.data);
  }

  async function renderEdit(req: Request, res: Response, video: Video, state: EditState, status = 200) {
    const [collections, { sources, tracks }, posterShown] = await Promise.all([
      editableCollections(db, res, video),
      videoSourcesAndTracks(db, video.id),
      posterView(db, storage, state.form.values.poster),
    ]);
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
        canDelete: mediaPolicy.userHasPermissionForInstance(permsOf(res), 'delete', video),
        maxBytes: formatFileSize(config.MAX_UPLOAD_BYTES),
      },
      status,
    );
  }

  async function saveDetails(req: Request, res: Response, video: Video): Promise<{ item: Video } | { problems: FormProblems }> {
    requireOnMedia(res, video, 'change', 'video');
    const values: Record<string, unknown> = { title: textField(req, 'title'), collection: textField(req, 'collection') };
    // The multiple upload's item form has no poster field: the poster stays as it is.
    const body: unknown = req.body;
    const posterSent = typeof body === 'object' && body !== null && 'poster' in body;
    values.poster = posterSent ? textField(req, 'poster') : video.poster_image_id === null ? '' : String(video.poster_image_id);
    const problems = emptyProblems(values);
    const chosen = chosenCollection(values.collection, await editableCollections(db, res, video));
    const typed = videoTitle.min(1, 'A video needs a title.').safeParse(values.title);
    const posterId = posterField.safeParse(values.poster);
    if ('error' in chosen) addProblem(problems, 'collection', chosen.error);
    if (!typed.success) addProblem(problems, 'title', typed.error.issues[0]!.message);
    if (!posterId.success) addProblem(problems, 'poster', gettext('Choose the poster with the image chooser.'));
    if ('error' in chosen || !typed.success || !posterId.success) return { problems };
    try {
      return { item: await new EditVideoAction(db, video, permsOf(res), { title: typed.data, collectionId: chosen.id, posterImageId: posterId.data, storage }).execute() };
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      addProblem(problems, 'poster', error.message);
      return { problems };
    }
  }

  return { editorCss, loadVideo, renderEdit, saveDetails };
}
