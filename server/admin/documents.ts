import type { Router } from 'express';
import { gettext } from '../../client/lib/i18n';
import { CreateDocumentAction, DeleteDocumentAction } from '../actions/manage-documents';
import type { Document } from '../db/schema';
import { documentUrl, findDocument, formatFileSize } from '../models/documents';
import { listMedia } from '../models/media-listing';
import { mediaPolicy } from '../models/permission-policies';
import { documentForm } from './documents-form';
import { modelViewSetRouter } from './generic/viewset';
import { mediaIndex } from './media-admin';
import { addMediaUploads, mediaItemRefusal, mediaItemViews, type MediaItemKind } from './media-item-routes';
import type { AdminContext } from './types';

/**
 * /wagtail/documents/ as Wagtail's documents app: the index (search, collection filter,
 * ordering, pages), add, multiple upload, edit (replacing the file), usage and delete, and the
 * chooser's upload. Collection permissions decide each (mediaPolicy).
 */
export function documentsRouter(context: AdminContext): Router {
  const { db, storage } = context;
  const kind: MediaItemKind<Document> = {
    kind: 'documents',
    target: 'document',
    remove: (document, actor) => new DeleteDocumentAction(db, document, actor, { storage }).execute(),
    create: (file, title, collectionId, actor) => new CreateDocumentAction(db, { title, filename: file.filename, bytes: file.bytes, collectionId }, actor, { storage }).execute(),
    text: {
      deleteQuestion: gettext('Are you sure you want to delete this document?'),
      deleted: "Document '{title}' deleted.",
      multipleTitle: gettext('Add documents'),
      chooseFile: gettext('Choose a file to upload.'),
    },
  };
  const form = documentForm(context);
  return modelViewSetRouter(context, {
    prefix: '/documents/',
    activeNav: 'documents',
    urls: { edit: 'edit/:pk/', delete: 'delete/:pk/' },
    load: (id) => findDocument(db, id),
    notFound: 'There is no document with this id.',
    refusal: mediaItemRefusal(kind),
    listing: mediaIndex(
      db,
      'documents',
      (query) => listMedia(db, 'documents', query),
      ({ perms }, rows, index) => ({
        template: 'documents-index',
        context: {
          title: gettext('Documents'),
          ...index,
          documents: rows.map((document) => ({
            document,
            url: documentUrl(document),
            size: formatFileSize(document.file_size),
            canEdit: mediaPolicy.userHasPermissionForInstance(perms, 'change', document),
            canDelete: mediaPolicy.userHasPermissionForInstance(perms, 'delete', document),
          })),
        },
      }),
    ),
    form,
    ...mediaItemViews(context, kind),
    routes: (router, core) => addMediaUploads(router, context, core, form, kind, (document) => ({ id: document.id, title: document.title })),
  });
}
