import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config';

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

/** Where uploaded and generated files live: MEDIA_DIR, else DATA_DIR/media. */
export function mediaRoot(config: Pick<Config, 'MEDIA_DIR' | 'DATA_DIR'>): string {
  // A blank MEDIA_DIR (as `MEDIA_DIR=` in an env file) must not resolve to the working directory.
  const configured = config.MEDIA_DIR?.trim();
  return path.resolve(configured || path.join(config.DATA_DIR, 'media'));
}

/** Files stored under the media root by key (`folder/name`). */
export interface MediaStorage {
  readonly root: string;
  /** The absolute path of a key, for streaming it with res.sendFile. */
  pathOf(key: string): string;
  save(key: string, bytes: Uint8Array): Promise<void>;
  read(key: string): Promise<Buffer>;
  /** Removes the file; a file that is already gone is not an error. */
  remove(key: string): Promise<void>;
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

/** Storage on the local disk under `root`; writes are atomic (temp file, then rename). */
export function createMediaStorage(root: string): MediaStorage {
  const resolvedRoot = path.resolve(root);

  function pathOf(key: string): string {
    if (!isMediaKey(key)) throw new InvalidMediaKeyError(`Not a valid media key: ${JSON.stringify(key)}`);
    return path.join(resolvedRoot, key);
  }

  return {
    root: resolvedRoot,
    pathOf,
    async save(key, bytes) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Readers of the final name must never see a half-written file, and rename within one
      // folder is atomic; the leading dot keeps the temp file outside the key pattern.
      const temp = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        await writeFile(temp, bytes, { flag: 'wx' });
        await rename(temp, target);
      } finally {
        await rm(temp, { force: true });
      }
    },
    read: (key) => readFile(pathOf(key)),
    remove: (key) => rm(pathOf(key), { force: true }),
  };
}
