import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import type { Db } from '../db/database';
import { NotFoundError } from '../errors';
import { mediaKey, type MediaStorage } from '../media-storage';
import { getDocument } from '../models/documents';
import { RENDITION_FILE_PATTERN } from '../models/renditions';
import { getVideoSourceByFile, getVideoTrack } from '../models/videos';
import { documentAccess } from './document-privacy';
import { sendStoredFile } from './send-stored-file';
import { onlyUnder } from './route-paths';

/** What the media routes read from. */
export interface MediaRouterOptions {
  db: Db;
  storage: MediaStorage;
}

const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;
const ONE_HOUR_MS = 3600 * 1000;
// Editors fix caption typos; a short lifetime lets the fix reach viewers soon.
const TRACK_MAX_AGE_MS = 300 * 1000;
const TRACK_CONTENT_TYPE = 'text/vtt; charset=utf-8';

// Row ids are int4: anything longer or larger cannot exist, and must not reach the query.
const rowId = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .pipe(z.number().int().min(1).max(2_147_483_647));

const renditionFile = z.string().regex(RENDITION_FILE_PATTERN);
const videoFile = z.string().regex(/^[a-z0-9][a-z0-9-]{0,80}\.(?:mp4|webm|ogv)$/);

function parseParam<T>(schema: z.ZodType<T>, value: unknown, notFound: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new NotFoundError(notFound);
  return parsed.data;
}

/** Serves image renditions, document downloads, uploaded video files and video text tracks. */
export function mediaRouter({ db, storage }: MediaRouterOptions): RequestHandler {
  const router = Router();

  // Rendition names carry a hash of everything that shapes their bytes, so they never change.
  router.get('/media/images/:file', (req, res, next) => {
    const notFound = 'There is no image at this address.';
    const file = parseParam(renditionFile, req.params.file, notFound);
    return sendStoredFile(res, next, storage, mediaKey('images', file), { maxAgeMs: ONE_YEAR_MS, immutable: true, notFound });
  });

  router.get('/documents/:id/:filename', async (req, res, next) => {
    const notFound = 'There is no document at this address.';
    const id = parseParam(rowId, req.params.id, notFound);
    const document = await getDocument(db, id);
    if (req.params.filename !== document.filename) throw new NotFoundError(notFound);
    const access = await documentAccess(db, req, res, document);
    if (access === 'refused') return;
    // Uploads are untrusted: always a download, with the type its bytes showed at upload.
    return sendStoredFile(res, next, storage, document.file, {
      downloadName: document.filename,
      contentType: document.content_type,
      maxAgeMs: ONE_HOUR_MS,
      private: access === 'private',
      notFound,
    });
  });

  // Uploaded video files; each name has a random part and is never reused, so it never changes.
  router.get('/media/videos/:file', async (req, res, next) => {
    const notFound = 'There is no video at this address.';
    const key = mediaKey('videos', parseParam(videoFile, req.params.file, notFound));
    const source = await getVideoSourceByFile(db, key);
    return sendStoredFile(res, next, storage, key, { contentType: source.mimetype, maxAgeMs: ONE_YEAR_MS, immutable: true, notFound });
  });

  router.get(['/video-track/:pk', '/video-track/:pk/'], async (req, res, next) => {
    const notFound = 'There is no video track at this address.';
    const pk = parseParam(rowId, req.params.pk, notFound);
    const track = await getVideoTrack(db, pk);
    if (track.file) return sendStoredFile(res, next, storage, track.file, { contentType: TRACK_CONTENT_TYPE, maxAgeMs: TRACK_MAX_AGE_MS, notFound });
    // Tracks stored before media storage held them keep their WebVTT in the row.
    res.set({ 'Content-Type': TRACK_CONTENT_TYPE, 'Cache-Control': `public, max-age=${TRACK_MAX_AGE_MS / 1000}` }).send(track.content);
  });

  return onlyUnder(['/media/', '/documents/', '/video-track/'], router);
}
