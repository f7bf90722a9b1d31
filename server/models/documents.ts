import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/database';
import type { Document } from '../db/schema';
import { withTransaction } from '../db/transaction';
import { NotFoundError, ValidationError } from '../errors';
import { mediaKey, type MediaStorage } from '../media-storage';
import { resolveCollectionId } from './images';
import { documentContentType, extensionOf } from './media-content';

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

/**
 * Stores an uploaded file as a document, recording its size, SHA-1, lowercase extension and the
 * Content-Type its bytes show (refused when they contradict the name, see media-content.ts).
 * Files are stored by the SHA-256 of their bytes, so the same file uploaded twice is kept once.
 */
export async function createDocument(db: Db, storage: MediaStorage, options: CreateDocumentOptions): Promise<Document> {
  const parsed = createDocumentSchema.safeParse(options);
  if (!parsed.success) throw new ValidationError(parsed.error.issues[0]!.message);
  const { title, filename } = parsed.data;
  const file = await documentFile(filename, parsed.data.bytes);
  return storeDocumentFile(db, storage, file, async (tx) => {
    const collectionId = await resolveCollectionId(tx, options.collectionId);
    return tx
      .insertInto('documents')
      .values({ title, ...file.columns, collection_id: collectionId, uploaded_by_user_id: options.uploadedBy ?? null })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** What an edit changes: the title, the collection, and the file when one is given. */
export interface UpdateDocumentOptions {
  title: string;
  collectionId: number;
  file?: { filename: string; bytes: Uint8Array };
}

/** Changes a document's title and collection, and replaces its file when given (the old one is removed once nothing uses it). */
export async function updateDocument(db: Db, storage: MediaStorage, document: Document, options: UpdateDocumentOptions): Promise<Document> {
  const title = createDocumentSchema.shape.title.safeParse(options.title);
  if (!title.success) throw new ValidationError(title.error.issues[0]!.message);
  const changes = { title: title.data, collection_id: await resolveCollectionId(db, options.collectionId) };
  const update = (tx: Db, columns: Partial<DocumentFile['columns']>) =>
    tx
      .updateTable('documents')
      .set({ ...changes, ...columns })
      .where('id', '=', document.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  if (!options.file) return update(db, {});
  const parsed = createDocumentSchema.pick({ filename: true, bytes: true }).safeParse(options.file);
  if (!parsed.success) throw new ValidationError(parsed.error.issues[0]!.message);
  const file = await documentFile(parsed.data.filename, parsed.data.bytes);
  return storeDocumentFile(db, storage, file, async (tx) => {
    const updated = await update(tx, file.columns);
    if (document.file !== file.columns.file) await removeUnusedDocumentFile(tx, storage, document.file);
    return updated;
  });
}

/** Deletes a document, and its stored file when no other document shares it. */
export async function deleteDocument(db: Db, storage: MediaStorage, document: Document): Promise<void> {
  await withTransaction(db, async (tx) => {
    await lockFileKey(tx, document.file);
    await tx.deleteFrom('documents').where('id', '=', document.id).execute();
    await removeUnusedDocumentFile(tx, storage, document.file);
  });
}

interface DocumentFile {
  bytes: Buffer;
  columns: Pick<Document, 'file' | 'filename' | 'file_extension' | 'file_size' | 'file_hash' | 'content_type'>;
}

async function documentFile(filename: string, data: Uint8Array): Promise<DocumentFile> {
  const bytes = Buffer.from(data);
  const contentType = await documentContentType(filename, bytes);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return {
    bytes,
    columns: {
      file: mediaKey('documents', sha256),
      filename,
      file_extension: extensionOf(filename),
      file_size: bytes.length,
      file_hash: createHash('sha1').update(bytes).digest('hex'),
      content_type: contentType,
    },
  };
}

/**
 * Runs `write` (the row's insert or update) and saves the file in one transaction holding the
 * file key's lock, so a concurrent delete of another document with the same bytes cannot remove
 * the file in between. A failure leaves neither row nor (newly written) file.
 */
async function storeDocumentFile(db: Db, storage: MediaStorage, file: DocumentFile, write: (tx: Db) => Promise<Document>): Promise<Document> {
  let wroteNewFile = false;
  try {
    return await withTransaction(db, async (tx) => {
      await lockFileKey(tx, file.columns.file);
      const shared = await tx.selectFrom('documents').select('id').where('file', '=', file.columns.file).limit(1).executeTakeFirst();
      const document = await write(tx);
      // Saved after the row so that a refused write leaves no file; an existing file is rewritten
      // with the same bytes, which also restores one lost from storage.
      wroteNewFile = !shared;
      await storage.save(file.columns.file, file.bytes);
      return document;
    });
  } catch (error) {
    if (wroteNewFile && !db.isTransaction) await storage.remove(file.columns.file);
    throw error;
  }
}

async function lockFileKey(tx: Db, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`documents:${key}`}))`.execute(tx);
}

async function removeUnusedDocumentFile(tx: Db, storage: MediaStorage, key: string): Promise<void> {
  await lockFileKey(tx, key);
  const other = await tx.selectFrom('documents').select('id').where('file', '=', key).limit(1).executeTakeFirst();
  if (!other) await storage.remove(key);
}

/** One document by id, or undefined. */
export async function findDocument(db: Db, id: number): Promise<Document | undefined> {
  return db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One document by id, or NotFoundError. */
export async function getDocument(db: Db, id: number): Promise<Document> {
  const document = await findDocument(db, id);
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
