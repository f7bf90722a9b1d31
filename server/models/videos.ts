import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../db/database';
import type { Image, Video, VideoSource, VideoTrack } from '../db/schema';
import { withTransaction } from '../db/transaction';
import { NotFoundError, ValidationError } from '../errors';
import { mediaKey, type MediaFolder, type MediaStorage } from '../media-storage';
import { resolveCollectionId } from './images';
import { extensionOf, videoFileType, webVttText } from './media-content';
import { slugify } from '../../client/lib/slugs';

/** The kinds of `<track>` HTML allows. */
export const TRACK_KINDS = ['subtitles', 'captions', 'descriptions', 'chapters', 'metadata'] as const;

/** One of the `<track>` kinds. */
export type TrackKind = (typeof TRACK_KINDS)[number];

/** What a video is created from. */
export interface CreateVideoOptions {
  title: string;
  posterImageId?: number | null;
  collectionId?: number;
  uploadedBy?: number;
}

/** One encoding of a video at a URL: https (or a path under /media/), and its MIME type. */
export interface AddVideoSourceOptions {
  url: string;
  mimetype: string;
  sortOrder?: number;
}

/** One encoding of a video as an uploaded file; its MIME type is read from its bytes. */
export interface AddVideoFileOptions {
  filename: string;
  bytes: Uint8Array;
  sortOrder?: number;
}

/** What describes a text track; the WebVTT itself is given as text or as an uploaded file's bytes. */
export interface VideoTrackFields {
  kind: TrackKind;
  label: string;
  srclang: string;
  sortOrder?: number;
}

/** A WebVTT text track of a video: its fields and its WebVTT. */
export interface AddVideoTrackOptions extends VideoTrackFields {
  /** The WebVTT, as text or as an uploaded file's bytes. */
  content: string | Uint8Array;
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

const mediaPath = z.string().regex(/^\/media\/(?:[A-Za-z0-9_~-][A-Za-z0-9._~-]*\/)*[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/, 'expected a path under /media/');

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
  sortOrder,
});

/** Creates a video in a collection (the root by default), optionally with a poster image. */
export async function createVideo(db: Db, options: CreateVideoOptions): Promise<Video> {
  const { title, posterImageId } = parseOrThrow(createVideoSchema, options);
  await ensurePosterExists(db, posterImageId);
  const collectionId = await resolveCollectionId(db, options.collectionId);
  return db
    .insertInto('videos')
    .values({ title, poster_image_id: posterImageId, collection_id: collectionId, uploaded_by_user_id: options.uploadedBy ?? null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Creates a video with an uploaded file as its first source; a refused file leaves no video behind. */
export async function createVideoWithFile(db: Db, storage: MediaStorage, options: CreateVideoOptions & { file: AddVideoFileOptions }): Promise<Video> {
  if (options.file.bytes.length === 0) throw new ValidationError('The video file is empty.');
  await videoFileType(options.file.filename, options.file.bytes);
  return withTransaction(db, async (tx) => {
    const video = await createVideo(tx, options);
    await addVideoFile(tx, storage, video.id, options.file);
    return video;
  });
}

/** Changes a video's title, collection and poster. */
export async function updateVideo(db: Db, video: Video, options: CreateVideoOptions & { collectionId: number }): Promise<Video> {
  const { title, posterImageId } = parseOrThrow(createVideoSchema, options);
  await ensurePosterExists(db, posterImageId);
  const collectionId = await resolveCollectionId(db, options.collectionId);
  return db.updateTable('videos').set({ title, poster_image_id: posterImageId, collection_id: collectionId }).where('id', '=', video.id).returningAll().executeTakeFirstOrThrow();
}

/** Deletes a video with its sources and tracks, and their stored files. */
export async function deleteVideo(db: Db, storage: MediaStorage, video: Pick<Video, 'id'>): Promise<void> {
  const files = await withTransaction(db, async (tx) => {
    const sources = await tx.selectFrom('video_sources').select('file').where('video_id', '=', video.id).execute();
    const tracks = await tx.selectFrom('video_tracks').select('file').where('video_id', '=', video.id).execute();
    await tx.deleteFrom('videos').where('id', '=', video.id).execute();
    return [...sources, ...tracks].flatMap((row) => (row.file ? [row.file] : []));
  });
  // Removed once the rows are gone for good: a failed delete keeps every file its rows name.
  for (const file of files) await storage.remove(file);
}

/** One video by id, or undefined. */
export async function findVideo(db: Db, id: number): Promise<Video | undefined> {
  return db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One video by id, or NotFoundError. */
export async function getVideo(db: Db, id: number): Promise<Video> {
  const video = await findVideo(db, id);
  if (!video) throw new NotFoundError(`There is no video with id ${id}.`);
  return video;
}

/** Adds a source (encoding) at a URL to a video; browsers try sources in sort order. */
export async function addVideoSource(db: Db, videoId: number, options: AddVideoSourceOptions): Promise<VideoSource> {
  const source = parseOrThrow(sourceSchema, options);
  await ensureVideoExists(db, videoId);
  return db.insertInto('video_sources').values({ video_id: videoId, url: source.url, mimetype: source.mimetype, sort_order: source.sortOrder }).returningAll().executeTakeFirstOrThrow();
}

/** Adds an uploaded file as a source of a video; it must be MP4, WebM or Ogg video by its bytes. */
export async function addVideoFile(db: Db, storage: MediaStorage, videoId: number, options: AddVideoFileOptions): Promise<VideoSource> {
  const sortOrderValue = parseOrThrow(sortOrder, options.sortOrder);
  const { bytes, filename } = options;
  if (bytes.length === 0) throw new ValidationError('The video file is empty.');
  const type = await videoFileType(filename, bytes);
  const file = uniqueKey('videos', filename, type.extension);
  return saveWithRow(db, storage, file, bytes, (tx) =>
    ensureVideoExists(tx, videoId).then(() =>
      tx.insertInto('video_sources').values({ video_id: videoId, file, mimetype: type.mime, sort_order: sortOrderValue }).returningAll().executeTakeFirstOrThrow(),
    ),
  );
}

/** Removes a source of a video, and its stored file. */
export async function deleteVideoSource(db: Db, storage: MediaStorage, videoId: number, sourceId: number): Promise<void> {
  const removed = await db.deleteFrom('video_sources').where('id', '=', sourceId).where('video_id', '=', videoId).returning('file').executeTakeFirst();
  if (!removed) throw new NotFoundError(`Video ${videoId} has no source with id ${sourceId}.`);
  if (removed.file) await storage.remove(removed.file);
}

/** Adds a WebVTT text track (subtitles, captions, ...) to a video, stored as a file. */
export async function addVideoTrack(db: Db, storage: MediaStorage, videoId: number, options: AddVideoTrackOptions): Promise<VideoTrack> {
  const track = parseOrThrow(trackSchema, options);
  const bytes = typeof options.content === 'string' ? Buffer.from(options.content, 'utf8') : options.content;
  webVttText(bytes);
  const file = uniqueKey('video_tracks', `${track.label}-${track.srclang}`, 'vtt');
  return saveWithRow(db, storage, file, bytes, (tx) =>
    ensureVideoExists(tx, videoId).then(() =>
      tx
        .insertInto('video_tracks')
        .values({ video_id: videoId, kind: track.kind, label: track.label, srclang: track.srclang, file, content: null, sort_order: track.sortOrder })
        .returningAll()
        .executeTakeFirstOrThrow(),
    ),
  );
}

/** Changes a track's kind, label, language and order, and replaces its WebVTT when given. */
export async function updateVideoTrack(db: Db, storage: MediaStorage, track: VideoTrack, options: VideoTrackFields & { content?: Uint8Array }): Promise<VideoTrack> {
  const fields = parseOrThrow(trackSchema, options);
  const update = (tx: Db, file?: string) =>
    tx
      .updateTable('video_tracks')
      .set({ kind: fields.kind, label: fields.label, srclang: fields.srclang, sort_order: fields.sortOrder, ...(file ? { file, content: null } : {}) })
      .where('id', '=', track.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  if (!options.content) return update(db);
  webVttText(options.content);
  const file = uniqueKey('video_tracks', `${fields.label}-${fields.srclang}`, 'vtt');
  const updated = await saveWithRow(db, storage, file, options.content, (tx) => update(tx, file));
  if (track.file) await storage.remove(track.file);
  return updated;
}

/** Removes a track of a video, and its stored file. */
export async function deleteVideoTrack(db: Db, storage: MediaStorage, videoId: number, trackId: number): Promise<void> {
  const removed = await db.deleteFrom('video_tracks').where('id', '=', trackId).where('video_id', '=', videoId).returning('file').executeTakeFirst();
  if (!removed) throw new NotFoundError(`Video ${videoId} has no track with id ${trackId}.`);
  if (removed.file) await storage.remove(removed.file);
}

/** A video's sources and tracks in sort order, as the edit screen lists them. */
export async function videoSourcesAndTracks(db: Db, videoId: number): Promise<{ sources: VideoSource[]; tracks: VideoTrack[] }> {
  const [sources, tracks] = await Promise.all([
    db.selectFrom('video_sources').selectAll().where('video_id', '=', videoId).orderBy('sort_order').orderBy('id').execute(),
    db.selectFrom('video_tracks').selectAll().where('video_id', '=', videoId).orderBy('sort_order').orderBy('id').execute(),
  ]);
  return { sources, tracks };
}

/** The MIME types of each video's sources in sort order, by video id (videos without sources are missing). */
export async function videoSourceTypes(db: Db, videoIds: readonly number[]): Promise<Map<number, string[]>> {
  const types = new Map<number, string[]>();
  if (videoIds.length === 0) return types;
  const rows = await db
    .selectFrom('video_sources')
    .select(['video_id', 'mimetype'])
    .where('video_id', 'in', [...videoIds])
    .orderBy('sort_order')
    .execute();
  for (const row of rows) types.set(row.video_id, [...(types.get(row.video_id) ?? []), row.mimetype]);
  return types;
}

/** The track with this id of this video, or undefined (also for another video's track). */
export async function findTrackOfVideo(db: Db, videoId: number, trackId: number): Promise<VideoTrack | undefined> {
  return db.selectFrom('video_tracks').selectAll().where('id', '=', trackId).where('video_id', '=', videoId).executeTakeFirst();
}

/** One text track by id, or NotFoundError. */
export async function getVideoTrack(db: Db, id: number): Promise<VideoTrack> {
  const track = await db.selectFrom('video_tracks').selectAll().where('id', '=', id).executeTakeFirst();
  if (!track) throw new NotFoundError(`There is no video track with id ${id}.`);
  return track;
}

/** The uploaded source stored under this key, or NotFoundError. */
export async function getVideoSourceByFile(db: Db, file: string): Promise<VideoSource> {
  const source = await db.selectFrom('video_sources').selectAll().where('file', '=', file).executeTakeFirst();
  if (!source) throw new NotFoundError('There is no video at this address.');
  return source;
}

/** The address a `<track src>` points at. */
export function videoTrackUrl(track: Pick<VideoTrack, 'id'>): string {
  return `/video-track/${track.id}/`;
}

/** The address a source plays from: its upload under /media/videos/, or its URL. */
export function videoSourceUrl(source: Pick<VideoSource, 'file' | 'url'>): string {
  return source.file ? `/media/${source.file}` : source.url!;
}

/** A video with its poster, sources and tracks (each in sort order), or NotFoundError. */
export async function getVideoWithSourcesAndTracks(db: Db, id: number): Promise<VideoWithSourcesAndTracks> {
  const video = await getVideo(db, id);
  const [poster, { sources, tracks }] = await Promise.all([
    video.poster_image_id === null ? undefined : db.selectFrom('images').selectAll().where('id', '=', video.poster_image_id).executeTakeFirst(),
    videoSourcesAndTracks(db, id),
  ]);
  return {
    id: video.id,
    title: video.title,
    poster: poster ?? null,
    sources: sources.map((source) => ({ url: videoSourceUrl(source), mimetype: source.mimetype })),
    tracks: tracks.map(({ id: trackId, kind, label, srclang, sort_order }) => ({ kind, src: videoTrackUrl({ id: trackId }), label, srclang, sort_order })),
  };
}

/** A fresh key for an upload: its name's slug, a random part (never reused, so cacheable for ever), the extension. */
function uniqueKey(folder: MediaFolder, name: string, extension: string): string {
  const stem =
    slugify(name.slice(0, name.length - (extensionOf(name) ? extensionOf(name).length + 1 : 0)))
      .slice(0, 60)
      .replace(/-+$/, '') || folder.replace('_', '-');
  return mediaKey(folder, `${stem}-${randomBytes(6).toString('hex')}.${extension}`);
}

/** Writes the row and then the file in one transaction; a failure leaves neither. */
async function saveWithRow<T>(db: Db, storage: MediaStorage, file: string, bytes: Uint8Array, write: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await withTransaction(db, async (tx) => {
      const row = await write(tx);
      await storage.save(file, bytes);
      return row;
    });
  } catch (error) {
    await storage.remove(file);
    throw error;
  }
}

async function ensurePosterExists(db: Db, posterImageId: number | null): Promise<void> {
  if (posterImageId === null) return;
  const poster = await db.selectFrom('images').select('id').where('id', '=', posterImageId).executeTakeFirst();
  if (!poster) throw new ValidationError(`There is no image with id ${posterImageId} to use as the poster.`, { field: 'poster' });
}

async function ensureVideoExists(db: Db, videoId: number): Promise<void> {
  const video = await db.selectFrom('videos').select('id').where('id', '=', videoId).executeTakeFirst();
  if (!video) throw new NotFoundError(`There is no video with id ${videoId}.`);
}

// The refusal names the field it is about (`label`, `srclang`, ...), for the form that sent it.
function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw new ValidationError(issue!.message, issue!.path.length > 0 ? { field: String(issue!.path[0]) } : {});
  }
  return parsed.data;
}
