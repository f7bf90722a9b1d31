/** What the videos back-office views share: loading a video, and its edit screen with its several forms. */
import type { Request, Response } from 'express';
import { interpolate } from '../../../client/lib/i18n';
import type { Video } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { formatFileSize } from '../../models/documents';
import { getVideo, videoSourcesAndTracks, videoSourceUrl, videoTrackUrl } from '../../models/videos';
import { emptyProblems, type FormProblems } from '../../forms/problems';
import { databaseId } from '../../db/database-id';
import { renderView, viewRequest, type View, type ViewRequest } from '../generic/view';
import { editableCollections, markSelected } from '../media-admin';
import { loadStreamFieldManifest } from '../streamfield-assets';
import type { AdminContext } from '../types';
import { posterView } from '../video-poster';
import { kindOptions, SOURCE_MIME_TYPES, trackValues } from './video-form';
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
  /** The edit screen as a view, the details form as `form` has it (the generic edit view draws it). */
  editView(request: ViewRequest, video: Video, state: EditState): Promise<View>;
}

/** The videos views' helpers for one app. */
export function videoAdmin(context: AdminContext): VideoAdmin {
  const { db, config, storage } = context;
  // The poster chooser is the StreamField editor's modal, styled by the editor's stylesheet.
  const editorCss = loadStreamFieldManifest().css;

  async function loadVideo(req: Request): Promise<Video> {
    const id = databaseId.safeParse(req.params.videoId);
    if (!id.success) throw new NotFoundError('There is no video with this id.');
    return getVideo(db, id.data);
  }

  async function editView({ res, perms }: ViewRequest, video: Video, state: EditState): Promise<View> {
    const [collections, { sources, tracks }, posterShown] = await Promise.all([
      editableCollections(db, res, video),
      videoSourcesAndTracks(db, video.id),
      posterView(db, storage, state.form.values.poster),
    ]);
    const trackForm = state.trackForm ?? emptyProblems({ kind: 'captions', sort_order: String(tracks.length) });
    const sourceForm = state.sourceForm ?? emptyProblems({ mimetype: 'video/mp4', sort_order: String(sources.length) });
    return {
      template: 'videos-edit',
      context: {
        title: interpolate('Editing {title}', { title: video.title }),
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
        canDelete: mediaPolicy.userHasPermissionForInstance(perms, 'delete', video),
        maxBytes: formatFileSize(config.MAX_UPLOAD_BYTES),
      },
    };
  }

  async function renderEdit(req: Request, res: Response, video: Video, state: EditState, status = 200) {
    const request = viewRequest(context, req, res);
    renderView(context, request, 'videos', await editView(request, video, state), status);
  }

  return { editorCss, loadVideo, renderEdit, editView };
}
