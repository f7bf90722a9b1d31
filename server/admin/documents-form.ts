/** The document add and edit forms (Wagtail's DocumentForm): title, collection and the file, replaced on edit when one is sent. */
import { z } from 'zod';
import { gettext, interpolate } from '../../client/lib/i18n';
import { CreateDocumentAction, EditDocumentAction } from '../actions/manage-documents';
import type { Document } from '../db/schema';
import { addProblem, emptyProblems } from '../forms/problems';
import { documentUrl, formatFileSize } from '../models/documents';
import { mediaPolicy } from '../models/permission-policies';
import type { UploadedFile } from '../uploads';
import type { ModelForm } from './generic/models';
import { addableCollections, chosenCollection, editableCollections, markSelected, textField, titleFromFilename, uploadedFile } from './media-admin';
import type { AdminContext } from './types';

const title = z.string().trim().max(255, 'A document title is at most 255 characters.');

/** What the form yields: a title (empty on add: the file's name), a collection, and the file (required on add). */
interface DocumentFormData {
  title: string;
  collectionId: number;
  file: UploadedFile | undefined;
}

/** The form, its actions and their messages. */
export function documentForm({ db, config, storage }: Pick<AdminContext, 'db' | 'config' | 'storage'>): ModelForm<Document, DocumentFormData> {
  const maxBytes = formatFileSize(config.MAX_UPLOAD_BYTES);
  return {
    async initial({ res }, document) {
      if (document) return emptyProblems({ title: document.title, collection: String(document.collection_id) });
      return emptyProblems({ collection: String((await addableCollections(db, res, 'documents'))[0]!.id) });
    },
    async read({ req, res }, document) {
      const problems = emptyProblems({ title: textField(req, 'title'), collection: textField(req, 'collection') });
      const chosen = chosenCollection(problems.values.collection, document ? await editableCollections(db, res, document) : await addableCollections(db, res, 'documents'));
      const typed = (document ? title.min(1, 'A document needs a title.') : title).safeParse(problems.values.title);
      const file = uploadedFile(req, 'file');
      if (!document && !file) addProblem(problems, 'file', gettext('Choose a file to upload.'));
      if ('error' in chosen) addProblem(problems, 'collection', chosen.error);
      if (!typed.success) addProblem(problems, 'title', typed.error.issues[0]!.message);
      if (problems.formErrors.length > 0 || 'error' in chosen || !typed.success) return { ok: false, ...problems };
      return { ok: true, data: { title: typed.data, collectionId: chosen.id, file } };
    },
    // A file the upload checks refuse is shown beside the file field.
    refusalField: 'file',
    async view({ res, perms }, document, form) {
      if (!document) {
        const collections = await addableCollections(db, res, 'documents');
        return { template: 'documents-add', context: { title: gettext('Add a document'), form, collections: markSelected(collections, form.values.collection), maxBytes } };
      }
      const collections = await editableCollections(db, res, document);
      return {
        template: 'documents-edit',
        context: {
          title: interpolate('Editing {title}', { title: document.title }),
          document,
          url: documentUrl(document),
          size: formatFileSize(document.file_size),
          form,
          collections: markSelected(collections, form.values.collection),
          canDelete: mediaPolicy.userHasPermissionForInstance(perms, 'delete', document),
          maxBytes,
        },
      };
    },
    create: {
      run: ({ perms }, { title, collectionId, file }) =>
        new CreateDocumentAction(db, { title: title || titleFromFilename(file!.filename), filename: file!.filename, bytes: file!.bytes, collectionId }, perms, { storage }).execute(),
      message: (document) => interpolate("Document '{title}' added.", { title: document.title }),
    },
    edit: {
      run: ({ perms }, document, { title, collectionId, file }) => new EditDocumentAction(db, document, perms, { title, collectionId, file, storage }).execute(),
      message: (document) => interpolate("Document '{title}' updated", { title: document.title }),
    },
  };
}
