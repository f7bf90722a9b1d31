import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { NextFunction, Response } from 'express';
import fresh from 'fresh';
import rangeParser from 'range-parser';
import { NotFoundError } from '../errors';
import { MediaFileMissingError, type ByteRange, type MediaStorage, type StoredFileInfo } from '../media-storage';

/** How a stored file is sent. */
export interface SendStoredFileOptions {
  /** The Content-Type to send; by default guessed from the key's extension. */
  contentType?: string;
  /** Sent as an attachment with this download name; inline when absent. */
  downloadName?: string;
  maxAgeMs: number;
  immutable?: boolean;
  /** Only for this visitor (a restricted document): no shared cache may keep it. */
  private?: boolean;
  /** The 404 message when the file is missing from storage. */
  notFound: string;
}

/** The validator of a stored version, as `send` (behind res.sendFile) makes it. */
function entityTag(info: StoredFileInfo): string {
  return `W/"${info.size.toString(16)}-${info.lastModified.getTime().toString(16)}"`;
}

/**
 * The one range to send: undefined for the whole file (no Range header, a malformed one, one
 * that If-Range says is for another version, or several ranges, which are sent whole as `send`
 * does), 'unsatisfiable' when it lies past the end.
 */
function requestedRange(res: Response, info: StoredFileInfo, etag: string): ByteRange | 'unsatisfiable' | undefined {
  const header = res.req.headers.range;
  if (!header) return undefined;
  const ifRange = res.req.get('if-range');
  if (ifRange) {
    const matches = ifRange.includes('"') ? ifRange === etag : Date.parse(ifRange) >= Math.floor(info.lastModified.getTime() / 1000) * 1000;
    if (!matches) return undefined;
  }
  const ranges = rangeParser(info.size, header, { combine: true });
  if (ranges === -1) return 'unsatisfiable';
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return undefined;
  return { start: ranges[0]!.start, end: ranges[0]!.end };
}

/**
 * Sends a file from media storage (local or S3), answering HEAD, byte-range requests (so
 * browsers can seek in a video) and conditional requests; a missing file is a 404. Uploads are
 * untrusted, so the browser is told never to sniff them into something else.
 */
export async function sendStoredFile(res: Response, next: NextFunction, storage: MediaStorage, key: string, options: SendStoredFileOptions): Promise<void> {
  try {
    const info = await storage.stat(key);
    if (!info) return next(new NotFoundError(options.notFound));
    const etag = entityTag(info);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Accept-Ranges', 'bytes');
    // no-transform keeps the compression middleware (and proxies) off: a gzipped byte range
    // would no longer match its Content-Range, and media is compressed already.
    const scope = options.private ? 'private, no-store' : `public, max-age=${Math.floor(options.maxAgeMs / 1000)}${options.immutable ? ', immutable' : ''}`;
    res.setHeader('Cache-Control', `${scope}, no-transform`);
    res.setHeader('Last-Modified', info.lastModified.toUTCString());
    res.setHeader('ETag', etag);
    if (options.downloadName !== undefined) res.attachment(options.downloadName);
    res.type(options.contentType || path.extname(key) || 'application/octet-stream');

    if (fresh(res.req.headers, { etag, 'last-modified': info.lastModified.toUTCString() })) {
      res.status(304).end();
      return;
    }
    const range = requestedRange(res, info, etag);
    if (range === 'unsatisfiable') {
      res.status(416).setHeader('Content-Range', `bytes */${info.size}`);
      res.end();
      return;
    }
    if (range) {
      res.status(206).setHeader('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`);
    }
    res.setHeader('Content-Length', String(range ? range.end - range.start + 1 : info.size));
    if (res.req.method === 'HEAD') {
      res.end();
      return;
    }
    // An empty file has no range to ask storage for.
    if (info.size === 0) {
      res.end();
      return;
    }
    const body = await storage.stream(key, range);
    await pipeline(body, res);
  } catch (error) {
    if (res.headersSent) {
      // Mid-body: a client that went away, or storage that failed; the response cannot change.
      res.destroy();
      return;
    }
    // The file vanished (or storage failed) between stat and read: the error page must not
    // carry the file's length, range or validators.
    for (const header of ['Content-Length', 'Content-Range', 'Content-Disposition', 'ETag', 'Last-Modified', 'Accept-Ranges']) res.removeHeader(header);
    next(error instanceof MediaFileMissingError ? new NotFoundError(options.notFound, { cause: error }) : error);
  }
}
