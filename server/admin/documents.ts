import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { gettext, interpolate } from '../../client/lib/i18n';
import type { Document } from '../db/schema';
import { NotFoundError, ValidationError } from '../errors';
import { collectionOptions, type CollectionOption } from '../models/collections';
import { CreateDocumentAction, DeleteDocumentAction, EditDocumentAction } from '../actions/manage-documents';
import { documentUrl, formatFileSize, getDocument } from '../models/documents';
import { listMedia } from '../models/media-listing';
import { permsOf } from './access';
import { addProblem, emptyProblems, type FormProblems } from '../forms/problems';
import { databaseId } from '../db/database-id';
import {
  addableCollections,
  chosenCollection,
  editableCollections,
  indexListQuery,
  indexView,
  markSelected,
  readIndexQuery,
  requireOnMedia,
  requireSomeMediaPermission,
  textField,
  titleFromFilename,
  uploadedFile,
} from './media-admin';
import { addMediaItemRoutes } from './media-item-routes';
import { flash } from './render';
import type { AdminContext } from './types';
import { mediaPolicy } from '../models/permission-policies';

const title = z.string().trim().max(255, 'A document title is at most 255 characters.');
const NOUN = 'documents';

const documentValues = (document: Document) => emptyProblems({ title: document.title, collection: String(document.collection_id) });

/**
 * /wagtail/documents/ as Wagtail's documents app: the index (search, collection filter,
 * ordering, pages), add, multiple upload, edit (replacing the file), usage and delete, and the
 * chooser's upload. Collection permissions decide each (media-admin.ts).
 */
export function documentsRouter(context: AdminContext): Router {
  const { db, admin, config, storage } = context;
  const router = Router();

  async function loadDocument(req: Request): Promise<Document> {
    const id = databaseId.safeParse(req.params.documentId);
    if (!id.success) throw new NotFoundError('There is no document with this id.');
    return getDocument(db, id.data);
  }

  router.get('/documents/', async (req, res) => {
    const collectionIds = requireSomeMediaPermission(res, NOUN);
    const query = readIndexQuery(req);
    const { rows, total } = await listMedia(db, 'documents', indexListQuery(query, collectionIds));
    const perms = permsOf(res);
    admin.render(req, res, 'documents-index', {
      title: gettext('Documents'),
      activeNav: 'documents',
      ...indexView(query, total, await collectionOptions(db, collectionIds)),
      documents: rows.map((document) => ({
        document,
        url: documentUrl(document),
        size: formatFileSize(document.file_size),
        canEdit: mediaPolicy.userHasPermissionForInstance(perms, 'change', document),
        canDelete: mediaPolicy.userHasPermissionForInstance(perms, 'delete', document),
      })),
    });
  });

  function renderAdd(req: Request, res: Response, collections: CollectionOption[], form: FormProblems, status = 200) {
    admin.render(
      req,
      res,
      'documents-add',
      {
        title: gettext('Add a document'),
        activeNav: 'documents',
        form,
        collections: markSelected(collections, form.values.collection),
        maxBytes: formatFileSize(config.MAX_UPLOAD_BYTES),
      },
      status,
    );
  }

  router.get('/documents/add/', async (req, res) => {
    const collections = await addableCollections(db, res, NOUN);
    renderAdd(req, res, collections, emptyProblems({ collection: String(collections[0]!.id) }));
  });

  /** Creates a document from an add form (page or chooser); the problems per field, or the document. */
  async function addFromForm(req: Request, res: Response, collections: CollectionOption[]): Promise<{ document: Document } | { problems: FormProblems }> {
    const problems = emptyProblems({ title: textField(req, 'title'), collection: textField(req, 'collection') });
    const file = uploadedFile(req, 'file');
    const chosen = chosenCollection(problems.values.collection, collections);
    const typed = title.safeParse(problems.values.title);
    if (!file) addProblem(problems, 'file', gettext('Choose a file to upload.'));
    if ('error' in chosen) addProblem(problems, 'collection', chosen.error);
    if (!typed.success) addProblem(problems, 'title', typed.error.issues[0]!.message);
    if (!file || 'error' in chosen || !typed.success) return { problems };
    try {
      const fields = { title: typed.data || titleFromFilename(file.filename), filename: file.filename, bytes: file.bytes, collectionId: chosen.id };
      const document = await new CreateDocumentAction(db, fields, permsOf(res), { storage }).execute();
      return { document };
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      addProblem(problems, 'file', error.message);
      return { problems };
    }
  }

  router.post('/documents/add/', async (req, res) => {
    const collections = await addableCollections(db, res, NOUN);
    const outcome = await addFromForm(req, res, collections);
    if ('problems' in outcome) return renderAdd(req, res, collections, outcome.problems, 400);
    flash(req, 'success', interpolate("Document '{title}' added.", { title: outcome.document.title }));
    res.redirect(303, '/wagtail/documents/');
  });

  router.post('/documents/chooser/upload/', async (req, res) => {
    const collections = await addableCollections(db, res, NOUN);
    const outcome = await addFromForm(req, res, collections);
    if ('problems' in outcome) return res.status(400).json({ errors: outcome.problems.errors });
    res.status(201).json({ result: { id: outcome.document.id, title: outcome.document.title } });
  });

  async function renderEdit(req: Request, res: Response, document: Document, form: FormProblems, status = 200) {
    const collections = await editableCollections(db, res, document);
    admin.render(
      req,
      res,
      'documents-edit',
      {
        title: interpolate('Editing {title}', { title: document.title }),
        activeNav: 'documents',
        document,
        url: documentUrl(document),
        size: formatFileSize(document.file_size),
        form,
        collections: markSelected(collections, form.values.collection),
        canDelete: mediaPolicy.userHasPermissionForInstance(permsOf(res), 'delete', document),
        maxBytes: formatFileSize(config.MAX_UPLOAD_BYTES),
      },
      status,
    );
  }

  router.get('/documents/edit/:documentId/', async (req, res) => {
    const document = await loadDocument(req);
    requireOnMedia(res, document, 'change', 'document');
    await renderEdit(req, res, document, documentValues(document));
  });

  /** Saves an edit form (the page's or a multiple upload item's); the problems, or the saved document. */
  async function saveEdit(req: Request, res: Response, document: Document): Promise<{ item: Document } | { problems: FormProblems }> {
    requireOnMedia(res, document, 'change', 'document');
    const problems = emptyProblems({ title: textField(req, 'title'), collection: textField(req, 'collection') });
    const chosen = chosenCollection(problems.values.collection, await editableCollections(db, res, document));
    const typed = title.min(1, 'A document needs a title.').safeParse(problems.values.title);
    if ('error' in chosen) addProblem(problems, 'collection', chosen.error);
    if (!typed.success) addProblem(problems, 'title', typed.error.issues[0]!.message);
    if ('error' in chosen || !typed.success) return { problems };
    const file = uploadedFile(req, 'file');
    try {
      return { item: await new EditDocumentAction(db, document, permsOf(res), { title: typed.data, collectionId: chosen.id, file, storage }).execute() };
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      addProblem(problems, 'file', error.message);
      return { problems };
    }
  }

  router.post('/documents/edit/:documentId/', async (req, res) => {
    const document = await loadDocument(req);
    const outcome = await saveEdit(req, res, document);
    if ('problems' in outcome) return renderEdit(req, res, document, outcome.problems, 400);
    flash(req, 'success', interpolate("Document '{title}' updated", { title: outcome.item.title }));
    res.redirect(303, '/wagtail/documents/');
  });

  addMediaItemRoutes(router, context, {
    kind: 'documents',
    target: 'document',
    param: 'documentId',
    load: loadDocument,
    remove: (document, actor) => new DeleteDocumentAction(db, document, actor, { storage }).execute(),
    create: (file, title, collectionId, actor) => new CreateDocumentAction(db, { title, filename: file.filename, bytes: file.bytes, collectionId }, actor, { storage }).execute(),
    saveDetails: saveEdit,
    values: documentValues,
    text: {
      deleteQuestion: gettext('Are you sure you want to delete this document?'),
      deleted: "Document '{title}' deleted.",
      multipleTitle: gettext('Add documents'),
      chooseFile: gettext('Choose a file to upload.'),
    },
  });

  return router;
}
