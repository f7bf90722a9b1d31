/** The fields of the videos back office's forms, and their values filled from a video or a track. */
import { z } from 'zod';
import { gettext } from '../../../client/lib/i18n';
import type { Video, VideoTrack } from '../../db/schema';
import { TRACK_KINDS } from '../../models/videos';
import { databaseId } from '../../db/database-id';
import { emptyProblems, type FormProblems } from '../../forms/problems';

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
