import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../db/database';
import type { Document } from '../db/schema';
import { withTransaction } from '../db/transaction';
import { NotFoundError, ValidationError } from '../errors';
import { mediaKey, type MediaStorage } from '../media-storage';
import { resolveCollectionId } from './images';
import { slugify } from './slugs';

/** What a document is created from; `filename` is the uploaded name and becomes the download name. */
export interface CreateDocumentOptions {
  title: string;
  filename: string;
  bytes: Uint8Array;
  collectionId?: number;
  uploadedBy?: number;
}

const FILE_SIZE_UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

const createDocumentSchema = z.object({
  title: z.string().trim().min(1, 'A document needs a title.').max(255, 'A document title is at most 255 characters.'),
  // Browsers may send a full client path; only the last segment is the name. Control
  // characters and quotes would break the Content-Disposition header.
  filename: z
    .string()
    .transform((name) => (name.split(/[\\/]/).pop() ?? '').replace(/[\p{Cc}"<>:|?*]/gu, '').trim())
    .pipe(
      z
        .string()
        .max(255, 'A document filename is at most 255 characters.')
        .regex(/^[^.].*\.[A-Za-z0-9]{1,10}$/, 'A document filename needs a name and an extension, such as menu.pdf.'),
    ),
  bytes: z.instanceof(Uint8Array).refine((bytes) => bytes.length > 0, 'The document file is empty.'),
});

/** Stores an uploaded file as a document, recording its size, SHA-1 and lowercase extension. */
export async function createDocument(db: Db, storage: MediaStorage, options: CreateDocumentOptions): Promise<Document> {
  const parsed = createDocumentSchema.safeParse(options);
  if (!parsed.success) throw new ValidationError(parsed.error.issues[0]!.message);
  const { title, filename } = parsed.data;
  const bytes = Buffer.from(parsed.data.bytes);
  const dot = filename.lastIndexOf('.');
  const extension = filename.slice(dot + 1).toLowerCase();
  const fileHash = createHash('sha1').update(bytes).digest('hex');

  return withTransaction(db, async (tx) => {
    const collectionId = await resolveCollectionId(tx, options.collectionId);
    const stem = `${slugify(filename.slice(0, dot)).slice(0, 60).replace(/-+$/, '')}-${fileHash.slice(0, 8)}`;
    const file = await freeDocumentKey(tx, stem, extension);
    const document = await tx
      .insertInto('documents')
      .values({
        title,
        file,
        filename,
        file_extension: extension,
        file_size: bytes.length,
        file_hash: fileHash,
        collection_id: collectionId,
        uploaded_by_user_id: options.uploadedBy ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    // Written after the row so that a refused insert leaves no file behind.
    await storage.save(file, bytes);
    return document;
  });
}

/** One document by id, or NotFoundError. */
export async function getDocument(db: Db, id: number): Promise<Document> {
  const document = await db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();
  if (!document) throw new NotFoundError(`There is no document with id ${id}.`);
  return document;
}

/** The download address of a document: `/documents/{id}/{filename}`. */
export function documentUrl(document: Pick<Document, 'id' | 'filename'>): string {
  return `/documents/${document.id}/${encodeURIComponent(document.filename)}`;
}

/** A file size for people (SPEC §9): decimal units with one decimal, plain bytes below 1000, e.g. '999 B', '1.5 MB'. */
export function formatFileSize(bytes: number): string {
  if (!Number.isSafeInteger(bytes) || bytes < 0) throw new RangeError(`A file size is a whole number of bytes, not ${bytes}.`);
  if (bytes < 1000) return `${bytes} B`;
  let index = 0;
  let rounded = (bytes / 1000).toFixed(1);
  // 999,960 bytes rounds to "1000.0 KB"; that reads better one unit up, as "1.0 MB".
  while (Number(rounded) >= 1000 && index < FILE_SIZE_UNITS.length - 1) {
    index += 1;
    rounded = (bytes / 1000 ** (index + 1)).toFixed(1);
  }
  return `${rounded} ${FILE_SIZE_UNITS[index]}`;
}

async function freeDocumentKey(db: Db, stem: string, extension: string): Promise<string> {
  const preferred = mediaKey('documents', `${stem}.${extension}`);
  const taken = await db.selectFrom('documents').select('id').where('file', '=', preferred).executeTakeFirst();
  return taken ? mediaKey('documents', `${stem}-${randomBytes(3).toString('hex')}.${extension}`) : preferred;
}
