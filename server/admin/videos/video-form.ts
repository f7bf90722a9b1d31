/** The videos back office's forms: their fields, their values filled from a video or a track, and the add and details form. */
import { z } from 'zod';
import { gettext, interpolate } from '../../../client/lib/i18n';
import { CreateVideoAction, EditVideoAction } from '../../actions/manage-videos';
import type { Video, VideoTrack } from '../../db/schema';
import { TRACK_KINDS } from '../../models/videos';
import { databaseId } from '../../db/database-id';
import { formBody } from '../../forms/posted';
import { addProblem, emptyProblems, type FormProblems } from '../../forms/problems';
import { formatFileSize } from '../../models/documents';
import type { UploadedFile } from '../../uploads';
import type { ModelForm } from '../generic/models';
import type { View, ViewRequest } from '../generic/view';
import { addableCollections, chosenCollection, editableCollections, markSelected, textField, titleFromFilename, uploadedFile } from '../media-admin';
import type { AdminContext } from '../types';
import { posterView } from '../video-poster';

/** A video's title as typed (empty allowed where the file name stands in). */
export const videoTitle = z.string().trim().max(255, 'A video title is at most 255 characters.');
/** The poster image's id, or null for none. */
export const posterField = z.union([z.literal(''), databaseId]).transform((id) => (id === '' ? null : id));
/** A source's or track's place in order (empty: first). */
export const sortOrderField = z.union([z.literal('').transform(() => 0), z.coerce.number({ error: 'The sort order is a whole number.' }).int('The sort order is a whole number.')]);

/** The MIME types an https source may declare, as the player's <source type>. */
export const SOURCE_MIME_TYPES = ['video/mp4', 'video/webm', 'video/ogg'] as const;

/** The details form filled from a video. */
export function videoValues(video: Video): FormProblems {
  return emptyProblems({ title: video.title, collection: String(video.collection_id), poster: video.poster_image_id === null ? '' : String(video.poster_image_id) });
}

/** A track's form filled from the track. */
export function trackValues(track: VideoTrack): FormProblems {
  return emptyProblems({ kind: track.kind, label: track.label, srclang: track.srclang, sort_order: String(track.sort_order) });
}

/** The kinds of text track as select options, `chosen` selected. */
export function kindOptions(chosen: unknown) {
  return TRACK_KINDS.map((kind) => ({ value: kind, label: gettext(kind[0]!.toUpperCase() + kind.slice(1)), selected: kind === chosen }));
}

/** What the details form yields: a title (empty on add: the file's name), a collection, a poster, and the file (add only). */
interface VideoFormData {
  title: string;
  collectionId: number;
  posterImageId: number | null;
  file: UploadedFile | undefined;
}

/** What the form draws with (video-admin.ts): the poster chooser's stylesheet, and the edit screen around the details form. */
interface VideoScreens {
  editorCss: string;
  editView(request: ViewRequest, video: Video, state: { form: FormProblems }): Promise<View>;
}

/** The add form (a file and a poster) and the edit screen's details form (the multiple upload's item form too). */
export function videoForm({ db, config, storage }: Pick<AdminContext, 'db' | 'config' | 'storage'>, videos: VideoScreens): ModelForm<Video, VideoFormData> {
  return {
    async initial({ res }, video) {
      return video ? videoValues(video) : emptyProblems({ collection: String((await addableCollections(db, res, 'videos'))[0]!.id) });
    },
    async read({ req, res }, video) {
      const values: Record<string, unknown> = { title: textField(req, 'title'), collection: textField(req, 'collection') };
      // The multiple upload's item form has no poster field: the poster stays as it is.
      const posterSent = 'poster' in formBody(req);
      values.poster = posterSent || !video ? textField(req, 'poster') : video.poster_image_id === null ? '' : String(video.poster_image_id);
      const problems = emptyProblems(values);
      const chosen = chosenCollection(values.collection, video ? await editableCollections(db, res, video) : await addableCollections(db, res, 'videos'));
      const typed = (video ? videoTitle.min(1, 'A video needs a title.') : videoTitle).safeParse(values.title);
      const posterId = posterField.safeParse(values.poster);
      const file = uploadedFile(req, 'file');
      if (!video && !file) addProblem(problems, 'file', gettext('Choose a video file to upload.'));
      if ('error' in chosen) addProblem(problems, 'collection', chosen.error);
      if (!typed.success) addProblem(problems, 'title', typed.error.issues[0]!.message);
      if (!posterId.success) addProblem(problems, 'poster', gettext('Choose the poster with the image chooser.'));
      if (problems.formErrors.length > 0 || 'error' in chosen || !typed.success || !posterId.success) return { ok: false, ...problems };
      return { ok: true, data: { title: typed.data, collectionId: chosen.id, posterImageId: posterId.data, file } };
    },
    // A file the upload checks refuse is shown beside the file field (a missing poster names its own).
    refusalField: 'file',
    async view(request, video, form) {
      if (video) return videos.editView(request, video, { form });
      const collections = await addableCollections(db, request.res, 'videos');
      return {
        template: 'videos-add',
        context: {
          title: gettext('Add a video'),
          editorCss: videos.editorCss,
          form,
          collections: markSelected(collections, form.values.collection),
          poster: await posterView(db, storage, form.values.poster),
          maxBytes: formatFileSize(config.MAX_UPLOAD_BYTES),
        },
      };
    },
    create: {
      run: ({ perms }, { title, collectionId, posterImageId, file }) =>
        new CreateVideoAction(db, { title: title || titleFromFilename(file!.filename), collectionId, posterImageId, file: { filename: file!.filename, bytes: file!.bytes } }, perms, {
          storage,
        }).execute(),
      message: (video) => interpolate("Video '{title}' added.", { title: video.title }),
      url: (video) => `/wagtail/videos/edit/${video.id}/`,
    },
    edit: {
      run: ({ perms }, video, { title, collectionId, posterImageId }) => new EditVideoAction(db, video, perms, { title, collectionId, posterImageId, storage }).execute(),
      message: (video) => interpolate("Video '{title}' updated", { title: video.title }),
    },
  };
}
