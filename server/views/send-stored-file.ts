import type { NextFunction, Response } from 'express';
import { NotFoundError } from '../errors';
import type { MediaStorage } from '../media-storage';

/** How a stored file is sent. */
export interface SendStoredFileOptions {
  /** The Content-Type to send; by default guessed from the key's extension. */
  contentType?: string;
  /** Sent as an attachment with this download name; inline when absent. */
  downloadName?: string;
  maxAgeMs: number;
  immutable?: boolean;
  /** The 404 message when the file is missing from storage. */
  notFound: string;
}

/**
 * Sends a file from media storage, answering byte-range requests (so browsers can seek in a
 * video) and conditional requests; a missing file is a 404. Uploads are untrusted, so the
 * browser is told never to sniff them into something else.
 */
export function sendStoredFile(res: Response, next: NextFunction, storage: MediaStorage, key: string, options: SendStoredFileOptions): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (options.downloadName !== undefined) res.attachment(options.downloadName);
  if (options.contentType) res.type(options.contentType);
  res.sendFile(storage.pathOf(key), { maxAge: options.maxAgeMs, immutable: options.immutable ?? false, dotfiles: 'deny', acceptRanges: true }, (error: (Error & { code?: string }) | undefined) => {
    if (!error || res.headersSent) return;
    next(error.code === 'ENOENT' ? new NotFoundError(options.notFound, { cause: error }) : error);
  });
}
