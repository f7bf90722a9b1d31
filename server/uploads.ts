import busboy from 'busboy';
import type { Request, RequestHandler } from 'express';
import { HttpError, PermissionDenied, ValidationError } from './errors';

/** One uploaded file, held in memory after its size was checked as it streamed in. */
export interface UploadedFile {
  /** The form field it was sent in. */
  fieldname: string;
  /** The client's file name, reduced to a safe last path segment (see normaliseFilename). */
  filename: string;
  /** What the client claimed; never trusted for anything but a hint. */
  claimedType: string;
  bytes: Buffer;
}

/** How much one multipart request may carry. */
export interface UploadLimits {
  /** Largest single file, in bytes. */
  maxFileBytes: number;
  /** Most files in one request. */
  maxFiles: number;
}

/** 413: the body is larger than the server accepts; said before the rest of it is read. */
export class PayloadTooLargeError extends HttpError {
  override name = 'PayloadTooLargeError';
  constructor(message: string) {
    super(413, message);
  }
}

declare module 'express-serve-static-core' {
  interface Request {
    /** Files of a multipart/form-data body, parsed by multipartBody; empty for other bodies. */
    files?: UploadedFile[];
  }
}

const MAX_FIELDS = 200;
const MAX_FIELD_BYTES = 100 * 1024;
const MAX_FILENAME_CHARACTERS = 255;

/**
 * A file name fit to store and to send back in Content-Disposition: the last segment of a
 * client path, Unicode NFC, without control characters, quotes or characters Windows refuses,
 * without leading dots, at most 255 characters with its extension kept.
 */
export function normaliseFilename(raw: string): string {
  const base = (raw.split(/[\\/]/).pop() ?? '')
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Cs}"<>:|?*]/gu, '')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+|\s+$/g, '');
  // Counted in code points, so a cut never splits an emoji into a lone surrogate.
  const characters = Array.from(base);
  if (characters.length <= MAX_FILENAME_CHARACTERS) return base;
  const dot = characters.lastIndexOf('.');
  const extension = dot > 0 && characters.length - dot <= 16 ? characters.slice(dot) : [];
  return [...characters.slice(0, MAX_FILENAME_CHARACTERS - extension.length), ...extension].join('');
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / 1_000_000) * 10) / 10} MB`;
}

/**
 * Parses multipart/form-data bodies of signed-in users into `req.body` and `req.files`, before
 * the CSRF check so that the form's token field counts. Each file is counted as it streams and
 * the request is refused with 413 the moment one passes `maxFileBytes`, so no more than the
 * limit is ever held; other bodies pass through untouched.
 */
export function multipartBody(limits: UploadLimits): RequestHandler {
  return (req, _res, next) => {
    if (!req.is('multipart/form-data')) return next();
    // Node closes a connection whose request body was not read when the response ends, so
    // this refusal costs no more than the first packets of the body (the test shows it).
    if (req.session?.userId === undefined) return next(new PermissionDenied('Sign in to upload files.'));
    parseMultipart(req, limits).then(({ fields, files }) => {
      req.body = fields;
      req.files = files;
      next();
    }, next);
  };
}

function parseMultipart(req: Request, limits: UploadLimits): Promise<{ fields: Record<string, string | string[]>; files: UploadedFile[] }> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: { fileSize: limits.maxFileBytes, files: limits.maxFiles, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES },
      });
    } catch (error) {
      reject(new ValidationError('The upload is not a valid multipart form.', { cause: error }));
      return;
    }
    const fields: Record<string, string | string[]> = {};
    const files: UploadedFile[] = [];
    let failed = false;

    // Stop reading at the first problem: the client learns at once, and nothing more is held.
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      req.resume();
      // The rest of the body is not read: the connection cannot carry another request.
      req.res?.setHeader('Connection', 'close');
      reject(error);
    };

    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) return fail(new ValidationError(`The field ${name} is too long.`));
      const existing = fields[name];
      fields[name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
    });
    parser.on('file', (fieldname, stream, info) => {
      const chunks: Buffer[] = [];
      // busboy destroys an unfinished file's stream with an error; unheard, it would end the process.
      stream.on('error', (error: Error) => fail(new ValidationError('The upload was cut off or is not a valid multipart form.', { cause: error })));
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        chunks.length = 0;
        fail(new PayloadTooLargeError(`${normaliseFilename(info.filename ?? '') || 'The file'} is larger than the ${megabytes(limits.maxFileBytes)} limit.`));
      });
      stream.on('end', () => {
        if (failed || info.filename === undefined) return;
        files.push({ fieldname, filename: normaliseFilename(info.filename), claimedType: info.mimeType, bytes: Buffer.concat(chunks) });
      });
    });
    parser.on('filesLimit', () => fail(new ValidationError(`Upload at most ${limits.maxFiles} files at a time.`)));
    parser.on('fieldsLimit', () => fail(new ValidationError('The form has too many fields.')));
    parser.on('error', (error: Error) => fail(new ValidationError('The upload was cut off or is not a valid multipart form.', { cause: error })));
    parser.on('close', () => {
      if (!failed) resolve({ fields, files });
    });
    req.on('aborted', () => fail(new ValidationError('The upload was interrupted.')));
    req.pipe(parser);
  });
}
