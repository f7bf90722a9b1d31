import { z } from 'zod';
import type { Db } from '../db/database';
import type { Image, Video, VideoSource, VideoTrack } from '../db/schema';
import { NotFoundError, ValidationError } from '../errors';
import { resolveCollectionId } from './images';

/** The kinds of `<track>` HTML allows. */
export const TRACK_KINDS = ['subtitles', 'captions', 'descriptions', 'chapters', 'metadata'] as const;

/** One of the `<track>` kinds. */
export type TrackKind = (typeof TRACK_KINDS)[number];

/** Longest WebVTT body we store; a feature-length subtitle file is a few hundred KB. */
export const MAX_TRACK_LENGTH = 2_000_000;

/** What a video is created from. */
export interface CreateVideoOptions {
  title: string;
  posterImageId?: number | null;
  collectionId?: number;
}

/** One encoding of a video: a path under /media/ or an https URL, and its MIME type. */
export interface AddVideoSourceOptions {
  url: string;
  mimetype: string;
  sortOrder?: number;
}

/** A WebVTT text track of a video. */
export interface AddVideoTrackOptions {
  kind: TrackKind;
  label: string;
  srclang: string;
  content: string;
  sortOrder?: number;
}

/** A video as page props use it: poster image, sources and tracks in display order. */
export interface VideoWithSourcesAndTracks {
  id: number;
  title: string;
  poster: Image | null;
  sources: Array<{ url: string; mimetype: string }>;
  tracks: Array<{ kind: TrackKind; src: string; label: string; srclang: string; sort_order: number }>;
}

const sortOrder = z.number().int().min(-1_000_000).max(1_000_000).default(0);

const createVideoSchema = z.object({
  title: z.string().trim().min(1, 'A video needs a title.').max(255, 'A video title is at most 255 characters.'),
  posterImageId: z.number().int().positive().nullable().default(null),
});

const mediaPath = z
  .string()
  .regex(/^\/media\/(?:[A-Za-z0-9_~-][A-Za-z0-9._~-]*\/)*[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/, 'expected a path under /media/');

const sourceSchema = z.object({
  url: z.union([mediaPath, z.url({ protocol: /^https$/ })], 'A video source must be a path under /media/ or an https:// URL.'),
  mimetype: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?:video|application)\/[a-z0-9][a-z0-9.+-]*$/, 'A video source needs a MIME type such as video/mp4.'),
  sortOrder,
});

const trackSchema = z.object({
  kind: z.enum(TRACK_KINDS, `A track kind is one of ${TRACK_KINDS.join(', ')}.`),
  label: z.string().trim().min(1, 'A track needs a label, such as "English".').max(255, 'A track label is at most 255 characters.'),
  srclang: z.string().regex(/^[a-z]{2,3}(?:-[A-Z]{2})?$/, 'A track language is a code such as en or en-US.'),
  content: z
    .string()
    .max(MAX_TRACK_LENGTH, `A track is at most ${MAX_TRACK_LENGTH} characters.`)
    // The WebVTT signature: optional BOM, "WEBVTT", then a space, tab or line end.
    .regex(/^\uFEFF?WEBVTT(?:[ \t]|\r|\n|$)/, 'A track must be WebVTT: its first line starts with "WEBVTT".')
    .refine((content) => !content.includes('\0'), 'A track must not contain NUL characters.'),
  sortOrder,
});

/** Creates a video in a collection (the root by default), optionally with a poster image. */
export async function createVideo(db: Db, options: CreateVideoOptions): Promise<Video> {
  const { title, posterImageId } = parseOrThrow(createVideoSchema, options);
  if (posterImageId !== null) {
    const poster = await db.selectFrom('images').select('id').where('id', '=', posterImageId).executeTakeFirst();
    if (!poster) throw new ValidationError(`There is no image with id ${posterImageId} to use as the poster.`);
  }
  const collectionId = await resolveCollectionId(db, options.collectionId);
  return db
    .insertInto('videos')
    .values({ title, poster_image_id: posterImageId, collection_id: collectionId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Adds a source (encoding) to a video; browsers try sources in sort order. */
export async function addVideoSource(db: Db, videoId: number, options: AddVideoSourceOptions): Promise<VideoSource> {
  const source = parseOrThrow(sourceSchema, options);
  await ensureVideoExists(db, videoId);
  return db
    .insertInto('video_sources')
    .values({ video_id: videoId, url: source.url, mimetype: source.mimetype, sort_order: source.sortOrder })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Adds a WebVTT text track (subtitles, captions, ...) to a video. */
export async function addVideoTrack(db: Db, videoId: number, options: AddVideoTrackOptions): Promise<VideoTrack> {
  const track = parseOrThrow(trackSchema, options);
  await ensureVideoExists(db, videoId);
  return db
    .insertInto('video_tracks')
    .values({ video_id: videoId, kind: track.kind, label: track.label, srclang: track.srclang, content: track.content, sort_order: track.sortOrder })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** One text track by id, or NotFoundError. */
export async function getVideoTrack(db: Db, id: number): Promise<VideoTrack> {
  const track = await db.selectFrom('video_tracks').selectAll().where('id', '=', id).executeTakeFirst();
  if (!track) throw new NotFoundError(`There is no video track with id ${id}.`);
  return track;
}

/** The address a `<track src>` points at. */
export function videoTrackUrl(track: Pick<VideoTrack, 'id'>): string {
  return `/video-track/${track.id}/`;
}

/** A video with its poster, sources and tracks (each in sort order), or NotFoundError. */
export async function getVideoWithSourcesAndTracks(db: Db, id: number): Promise<VideoWithSourcesAndTracks> {
  const video = await db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirst();
  if (!video) throw new NotFoundError(`There is no video with id ${id}.`);
  const [poster, sources, tracks] = await Promise.all([
    video.poster_image_id === null ? undefined : db.selectFrom('images').selectAll().where('id', '=', video.poster_image_id).executeTakeFirst(),
    db.selectFrom('video_sources').select(['url', 'mimetype']).where('video_id', '=', id).orderBy('sort_order').orderBy('id').execute(),
    db
      .selectFrom('video_tracks')
      .select(['id', 'kind', 'label', 'srclang', 'sort_order'])
      .where('video_id', '=', id)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
  ]);
  return {
    id: video.id,
    title: video.title,
    poster: poster ?? null,
    sources,
    tracks: tracks.map(({ id: trackId, kind, label, srclang, sort_order }) => ({ kind, src: videoTrackUrl({ id: trackId }), label, srclang, sort_order })),
  };
}

async function ensureVideoExists(db: Db, videoId: number): Promise<void> {
  const video = await db.selectFrom('videos').select('id').where('id', '=', videoId).executeTakeFirst();
  if (!video) throw new NotFoundError(`There is no video with id ${videoId}.`);
}

function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ValidationError(parsed.error.issues[0]!.message);
  return parsed.data;
}
