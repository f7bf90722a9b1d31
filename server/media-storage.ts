import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NotFound, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { Logger } from 'pino';
import type { Config } from './config';
import { InsufficientStorageError } from './errors';

/** The folders of the media root, one per kind of stored file. */
export const MEDIA_FOLDERS = ['original_images', 'images', 'documents', 'videos', 'video_tracks'] as const;

/** One of the media root's folders. */
export type MediaFolder = (typeof MEDIA_FOLDERS)[number];

// One folder, then one file name that starts with a letter or digit: no separators, no
// leading dot, so a key can name neither a parent directory nor a hidden temp file.
const KEY_PATTERN = new RegExp(`^(?:${MEDIA_FOLDERS.join('|')})/[A-Za-z0-9][A-Za-z0-9._-]{0,200}$`);

/** Raised for a storage key that is malformed or could leave the media folder. */
export class InvalidMediaKeyError extends Error {
  override name = 'InvalidMediaKeyError';
}

/** Raised when a stored file is read that does not exist. */
export class MediaFileMissingError extends Error {
  override name = 'MediaFileMissingError';
  constructor(key: string, options?: ErrorOptions) {
    super(`No stored media file ${JSON.stringify(key)}.`, options);
  }
}

/** Where uploaded and generated files live: MEDIA_DIR, else DATA_DIR/media. */
export function mediaRoot(config: Pick<Config, 'MEDIA_DIR' | 'DATA_DIR'>): string {
  // A blank MEDIA_DIR (as `MEDIA_DIR=` in an env file) must not resolve to the working directory.
  const configured = config.MEDIA_DIR?.trim();
  return path.resolve(configured || path.join(config.DATA_DIR, 'media'));
}

/** Size and modification time of a stored file. */
export interface StoredFileInfo {
  size: number;
  lastModified: Date;
}

/** An inclusive byte range, as HTTP Range headers count. */
export interface ByteRange {
  start: number;
  end: number;
}

/** Files stored by key (`folder/name`), on a local disk or in an S3-compatible bucket. */
export interface MediaStorage {
  /** Where files go, for logs: a folder or an s3:// address. */
  readonly location: string;
  save(key: string, bytes: Uint8Array): Promise<void>;
  /** The whole file; a MediaFileMissingError when there is none. */
  read(key: string): Promise<Buffer>;
  /** Removes the file; a file that is already gone is not an error. */
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  stat(key: string): Promise<StoredFileInfo | undefined>;
  /** The file's bytes (or one range of them) as a stream; a MediaFileMissingError when there is none. */
  stream(key: string, range?: ByteRange): Promise<Readable>;
}

/** Whether a string is a valid storage key. */
export function isMediaKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.includes('..');
}

/** The key of a file name in one of the media folders. */
export function mediaKey(folder: MediaFolder, name: string): string {
  const key = `${folder}/${name}`;
  if (!isMediaKey(key)) throw new InvalidMediaKeyError(`Not a valid media file name: ${JSON.stringify(name)}`);
  return key;
}

function checkedKey(key: string): string {
  if (!isMediaKey(key)) throw new InvalidMediaKeyError(`Not a valid media key: ${JSON.stringify(key)}`);
  return key;
}

function isMissingFile(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ENOENT';
}

// No space left on the device, or the disk quota of the app's user used up.
const FULL_DISK_CODES: readonly unknown[] = ['ENOSPC', 'EDQUOT'];

function isFullDisk(error: unknown): boolean {
  return FULL_DISK_CODES.includes((error as { code?: unknown } | null)?.code);
}

/** Storage on the local disk under `root`; writes are atomic (temp file, then rename). */
export function createMediaStorage(root: string): MediaStorage {
  const resolvedRoot = path.resolve(root);
  const pathOf = (key: string) => path.join(resolvedRoot, checkedKey(key));
  const statOf = async (key: string): Promise<StoredFileInfo | undefined> => {
    try {
      const info = await stat(pathOf(key));
      return info.isFile() ? { size: info.size, lastModified: info.mtime } : undefined;
    } catch (error) {
      if (isMissingFile(error)) return undefined;
      throw error;
    }
  };

  return {
    location: resolvedRoot,
    async save(key, bytes) {
      const target = pathOf(key);
      // Readers of the final name must never see a half-written file, and rename within one
      // folder is atomic; the leading dot keeps the temp file outside the key pattern.
      const temp = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(temp, bytes, { flag: 'wx' });
        await rename(temp, target);
      } catch (error) {
        throw isFullDisk(error) ? new InsufficientStorageError(undefined, { cause: error }) : error;
      } finally {
        await rm(temp, { force: true });
      }
    },
    async read(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        throw isMissingFile(error) ? new MediaFileMissingError(key, { cause: error }) : error;
      }
    },
    remove: (key) => rm(pathOf(key), { force: true }),
    exists: async (key) => (await statOf(key)) !== undefined,
    stat: statOf,
    stream(key, range) {
      const file = pathOf(key);
      // Opening first turns a missing file into an error here rather than mid-response.
      return new Promise((resolve, reject) => {
        const stream = createReadStream(file, range ? { start: range.start, end: range.end } : {});
        stream.once('open', () => resolve(stream));
        stream.once('error', (error) => reject(isMissingFile(error) ? new MediaFileMissingError(key, { cause: error }) : error));
      });
    },
  };
}

/** Where an S3-compatible bucket is and how to sign in to it. */
export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For MinIO, R2 and other S3-compatible servers; AWS when absent. */
  endpoint?: string;
  /** Both or neither; without them the SDK's default chain (environment, instance role) applies. */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  /** Prepended to every key, so one bucket can hold several sites' media. */
  prefix?: string;
}

// MinIO and other S3-compatible servers refuse a write to a full disk with 507 (MinIO's XMinioStorageFull).
function isS3StorageFull(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 507 || error.name === 'XMinioStorageFull');
}

function isS3NotFound(error: unknown): boolean {
  return error instanceof NoSuchKey || error instanceof NotFound || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);
}

/** Storage in an S3-compatible bucket, so that several app servers share one set of media files. */
export function createS3MediaStorage(options: S3StorageOptions): MediaStorage {
  const client = new S3Client({
    region: options.region,
    // S3-compatible servers lag behind AWS's newer default checksums; send them only where required.
    ...(options.endpoint ? { endpoint: options.endpoint, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
    forcePathStyle: options.forcePathStyle ?? false,
    ...(options.accessKeyId && options.secretAccessKey ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } } : {}),
  });
  const prefix = options.prefix ? options.prefix.replace(/\/*$/, '/') : '';
  const Bucket = options.bucket;
  const objectKey = (key: string) => prefix + checkedKey(key);

  async function stat(key: string): Promise<StoredFileInfo | undefined> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
      return { size: head.ContentLength ?? 0, lastModified: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isS3NotFound(error)) return undefined;
      throw error;
    }
  }

  async function getBody(key: string, range?: ByteRange) {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
      if (!answer.Body) throw new MediaFileMissingError(key);
      return answer.Body;
    } catch (error) {
      throw isS3NotFound(error) ? new MediaFileMissingError(key, { cause: error }) : error;
    }
  }

  return {
    location: `s3://${Bucket}/${prefix}`,
    async save(key, bytes) {
      // S3 writes whole objects: readers see the old object or the new one, never a part.
      try {
        await client.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: bytes, ContentLength: bytes.byteLength }));
      } catch (error) {
        throw isS3StorageFull(error) ? new InsufficientStorageError(undefined, { cause: error }) : error;
      }
    },
    read: async (key) => Buffer.from(await (await getBody(key)).transformToByteArray()),
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    exists: async (key) => (await stat(key)) !== undefined,
    stat,
    async stream(key, range) {
      const body = await getBody(key, range);
      return body instanceof Readable ? body : Readable.fromWeb(body.transformToWebStream() as Parameters<typeof Readable.fromWeb>[0]);
    },
  };
}

/**
 * The storage, logging when it turns out to be full: once, and again only after a file was
 * stored meanwhile, however many uploads and renditions it refuses in between.
 */
export function loggingWhenFull(storage: MediaStorage, logger: Logger): MediaStorage {
  let full = false;
  return {
    ...storage,
    async save(key, bytes) {
      try {
        await storage.save(key, bytes);
        full = false;
      } catch (error) {
        if (error instanceof InsufficientStorageError && !full) {
          full = true;
          logger.error({ location: storage.location, key, err: error.cause }, 'The media storage is full: uploads and new renditions are refused until space is freed');
        }
        throw error;
      }
    },
  };
}

/**
 * The storage the configuration names: the S3 bucket when MEDIA_S3_BUCKET is set, else the
 * local media folder; with a logger, one that logs when it is full (loggingWhenFull).
 */
export function createMediaStorageFromConfig(config: Config, logger?: Logger): MediaStorage {
  const storage = configuredStorage(config);
  return logger ? loggingWhenFull(storage, logger) : storage;
}

function configuredStorage(config: Config): MediaStorage {
  if (!config.MEDIA_S3_BUCKET) return createMediaStorage(mediaRoot(config));
  return createS3MediaStorage({
    bucket: config.MEDIA_S3_BUCKET,
    region: config.MEDIA_S3_REGION,
    endpoint: config.MEDIA_S3_ENDPOINT,
    accessKeyId: config.MEDIA_S3_ACCESS_KEY_ID,
    secretAccessKey: config.MEDIA_S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.MEDIA_S3_FORCE_PATH_STYLE,
    prefix: config.MEDIA_S3_PREFIX,
  });
}
