import type { Db } from '../db/database';
import type { Document } from '../db/schema';
import { createDocument, deleteDocument, updateDocument, type CreateDocumentOptions, type UpdateDocumentOptions } from '../models/documents';
import { lockRowOrThrow } from '../models/row-locks';
import { CreateAction, type NoOptions } from './action';
import { MediaAction, requireAddTo, requireMoveTo, type MediaActionOptions } from './media-action';

// The documents model removes an unused file inside the transaction, under the file key's
// advisory lock (two documents may share a file), so these actions hand it the storage as it is.

/** A new document's title, file and collection: the target of CreateDocumentAction. */
export type NewDocument = Omit<CreateDocumentOptions, 'uploadedBy' | 'collectionId'> & { collectionId: number };

/** Uploads a document into a collection where the actor may add; the actor is its uploader. Audit 'document.create'. */
export class CreateDocumentAction extends CreateAction<NewDocument, Document, MediaActionOptions> {
  protected checkAgainst(fields: NewDocument): void {
    requireAddTo(this.actor, fields.collectionId, 'document');
  }

  protected async perform(trx: Db, fields: NewDocument): Promise<Document> {
    const document = await createDocument(trx, this.options.storage, { ...fields, uploadedBy: this.actorId });
    await this.audit(trx, { action: 'document.create', objectType: 'document', objectId: document.id, label: document.title, data: { collection_id: document.collection_id } });
    return document;
  }
}

/** An action on a document, re-read under a row lock. */
abstract class DocumentAction<Result, Options = NoOptions> extends MediaAction<Document, Result, Options> {
  protected readonly noun = 'document';

  protected lockTarget(trx: Db, document: Document): Promise<Document> {
    return lockRowOrThrow(trx, 'documents', document.id, 'There is no such document.');
  }
}

/**
 * Changes a document's title and collection (where the actor may add or change), and its file
 * when one is given. Audit 'document.edit'.
 */
export class EditDocumentAction extends DocumentAction<Document, UpdateDocumentOptions> {
  protected readonly needs = 'change';

  protected checkAgainst(document: Document): void {
    super.checkAgainst(document);
    requireMoveTo(this.actor, document, this.options.collectionId, ['add', 'change']);
  }

  protected async perform(trx: Db, document: Document): Promise<Document> {
    const { storage, ...changes } = this.options;
    const updated = await updateDocument(trx, storage, document, changes);
    await this.auditItem(trx, 'document.edit', updated, {
      title: { before: document.title, after: updated.title },
      collection_id: { before: document.collection_id, after: updated.collection_id },
      file_replaced: changes.file !== undefined,
    });
    return updated;
  }
}

/** Deletes a document, and its file when no other document shares it. Audit 'document.delete'. */
export class DeleteDocumentAction extends DocumentAction<void> {
  protected readonly needs = 'delete';

  protected async perform(trx: Db, document: Document): Promise<void> {
    await deleteDocument(trx, this.options.storage, document);
    await this.auditItem(trx, 'document.delete', document, { filename: document.filename });
  }
}
