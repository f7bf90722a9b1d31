import { Router } from 'express';
import { z } from 'zod';
import type { Db } from '../db/database';
import { NotFoundError } from '../errors';
import { mediaKey, type MediaStorage } from '../media-storage';
import { getDocument } from '../models/documents';
import { RENDITION_FILE_PATTERN } from '../models/renditions';
import { getVideoTrack } from '../models/videos';
import { sendStoredFile } from './send-stored-file';

/** What the media routes read from. */
export interface MediaRouterOptions {
  db: Db;
  storage: MediaStorage;
}

const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;
const ONE_HOUR_MS = 3600 * 1000;
// Editors fix caption typos; a short lifetime lets the fix reach viewers soon.
const TRACK_CACHE_CONTROL = 'public, max-age=300';

// Row ids are int4: anything longer or larger cannot exist, and must not reach the query.
const rowId = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .pipe(z.number().int().min(1).max(2_147_483_647));

const renditionFile = z.string().regex(RENDITION_FILE_PATTERN);

function parseParam<T>(schema: z.ZodType<T>, value: unknown, notFound: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new NotFoundError(notFound);
  return parsed.data;
}

/** Serves image renditions, document downloads and video text tracks. */
export function mediaRouter({ db, storage }: MediaRouterOptions): Router {
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
    // Uploads are untrusted: always a download.
    return sendStoredFile(res, next, storage, document.file, { downloadName: document.filename, maxAgeMs: ONE_HOUR_MS, notFound });
  });

  router.get(['/video-track/:pk', '/video-track/:pk/'], async (req, res) => {
    const pk = parseParam(rowId, req.params.pk, 'There is no video track at this address.');
    const track = await getVideoTrack(db, pk);
    res.set({ 'Content-Type': 'text/vtt; charset=utf-8', 'Cache-Control': TRACK_CACHE_CONTROL }).send(track.content);
  });

  return router;
}
