/**
 * What documents and videos share beyond the generic views, as Wagtail's apps share their views:
 * the permission rule of an item, its usage and delete screens, and the multiple upload (the
 * page, one JSON request per file, per item form and per item delete).
 */
import type { Router } from 'express';
import { interpolate } from '../../client/lib/i18n';
import { ValidationError } from '../errors';
import type { FormProblems } from '../forms/problems';
import { mediaPolicy, type MediaItem } from '../models/permission-policies';
import type { UserPermissions } from '../models/permissions';
import type { UploadedFile } from '../uploads';
import { loadChecked, runForm, type ModelDelete, type ModelForm, type ModelObjectView, type ModelViewsCore } from './generic/models';
import { refuse, renderView, viewRequest, type ViewRequest } from './generic/view';
import { addableCollections, chosenCollection, editableCollections, markSelected, textField, titleFromFilename, uploadedFile, usageView } from './media-admin';
import type { AdminContext } from './types';

type Item = MediaItem & { id: number; title: string };

/** What the shared views need to know of one kind of media item. */
export interface MediaItemKind<I extends Item> {
  /** The address segment and menu entry: /wagtail/{kind}/. */
  kind: 'documents' | 'videos';
  /** What usage is looked up as, and what permission refusals name. */
  target: 'document' | 'video';
  /** Runs the item's delete action for the actor. */
  remove(item: I, actor: UserPermissions): Promise<void>;
  /** Runs the item's create action for the actor, who becomes its uploader. */
  create(file: UploadedFile, title: string, collectionId: number, actor: UserPermissions): Promise<I>;
  text: { deleteQuestion: string; /** The flash after a delete, with {title}. */ deleted: string; multipleTitle: string; chooseFile: string };
}

/**
 * The media rule of each view: adding needs 'add' on some collection; an item's change and
 * delete follow mediaPolicy (the uploader's rule included).
 */
export function mediaItemRefusal<I extends Item>({ kind, target }: { kind: 'documents' | 'videos' | 'images'; target: 'document' | 'video' | 'image' }): ModelViewsCore<I>['refusal'] {
  return ({ perms }, action, item) => {
    if (action === 'add')
      return mediaPolicy.collectionsUserHasPermissionFor(perms, 'add')?.length === 0
        ? interpolate('You do not have permission to add {noun}: ask an administrator for the add permission on a collection.', { noun: kind })
        : null;
    if (!item || mediaPolicy.userHasPermissionForInstance(perms, action, item)) return null;
    return interpolate(action === 'change' ? 'You do not have permission to edit this {noun}.' : 'You do not have permission to delete this {noun}.', { noun: target });
  };
}

/** The usage screen and the delete screen (the usage first) of an item. */
export function mediaItemViews<I extends Item>({ db }: Pick<AdminContext, 'db'>, spec: MediaItemKind<I>): { usage: ModelObjectView<I>; delete: ModelDelete<I> } {
  const editUrl = (item: I) => `/wagtail/${spec.kind}/edit/${item.id}/`;
  const refusal = mediaItemRefusal(spec);
  return {
    usage: {
      refusal: (request, item) => refusal(request, 'change', item),
      view: async (_request, item) => ({
        template: 'media-usage',
        context: { title: interpolate('Usage of {title}', { title: item.title }), backUrl: editUrl(item), ...(await usageView(db, spec.target, item.id)) },
      }),
    },
    delete: {
      view: async (_request, item) => ({
        template: 'media-delete',
        context: {
          title: interpolate('Delete {title}', { title: item.title }),
          question: spec.text.deleteQuestion,
          cancelUrl: editUrl(item),
          ...(await usageView(db, spec.target, item.id)),
        },
      }),
      run: ({ perms }, item) => spec.remove(item, perms),
      message: (item) => interpolate(spec.text.deleted, { title: item.title }),
    },
  };
}

/** Serves the chooser's upload of one kind: the add form answered in JSON, 201 with `chosen` of the new item, or its errors. */
export function addChooserUpload<I, Data>(
  router: Router,
  context: AdminContext,
  core: ModelViewsCore<I>,
  form: ModelForm<I, Data>,
  kind: 'documents' | 'videos' | 'images',
  chosen: (item: I) => Record<string, unknown> | Promise<Record<string, unknown>>,
): void {
  router.post(`/${kind}/chooser/upload/`, async (req, res) => {
    const request = viewRequest(context, req, res);
    refuse(core.refusal(request, 'add'));
    const outcome = await runForm(request, form, undefined);
    if (!outcome.ok) return res.status(outcome.status).json({ errors: outcome.problems.errors });
    res.status(201).json({ result: await chosen(outcome.saved) });
  });
}

/**
 * Serves the uploads of documents or videos beside their add form: the chooser's, and the
 * multiple upload (its page, a file at a time, then each item's details form and delete).
 */
export function addMediaUploads<I extends Item, Data>(
  router: Router,
  context: AdminContext,
  core: ModelViewsCore<I>,
  form: ModelForm<I, Data>,
  spec: MediaItemKind<I>,
  chosen: (item: I) => Record<string, unknown> | Promise<Record<string, unknown>>,
): void {
  const { db, admin, config } = context;
  const base = `/${spec.kind}/multiple`;
  addChooserUpload(router, context, core, form, spec.kind, chosen);

  async function itemForm(request: ViewRequest, item: I, problems: FormProblems): Promise<string> {
    const collections = await editableCollections(db, request.res, item);
    return admin.renderFragment(request.req, request.res, 'media-multiple-form', {
      kind: spec.kind,
      item,
      form: problems,
      collections: markSelected(collections, problems.values.collection),
    });
  }

  router.get(`${base}/add/`, async (req, res) => {
    const collections = await addableCollections(db, res, spec.kind);
    renderView(context, viewRequest(context, req, res), core.activeNav, {
      template: `${spec.kind}-multiple`,
      context: { title: spec.text.multipleTitle, collections: collections.map(({ id, label }) => ({ id, label })), maxBytes: config.MAX_UPLOAD_BYTES },
    });
  });

  router.post(`${base}/add/`, async (req, res) => {
    const request = viewRequest(context, req, res);
    const collections = await addableCollections(db, res, spec.kind);
    const file = uploadedFile(req, 'files[]', 'files');
    const chosen = chosenCollection(textField(req, 'collection'), collections);
    if (!file) return res.status(400).json({ success: false, error_message: spec.text.chooseFile });
    if ('error' in chosen) return res.status(400).json({ success: false, error_message: chosen.error });
    try {
      const item = await spec.create(file, titleFromFilename(file.filename), chosen.id, request.perms);
      res.json({ success: true, id: item.id, title: item.title, form: await itemForm(request, item, await form.initial(request, item)) });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      res.status(400).json({ success: false, error_message: error.message });
    }
  });

  router.post(`${base}/:pk/`, async (req, res) => {
    const request = viewRequest(context, req, res);
    const item = await loadChecked(core, request, 'change');
    const outcome = await runForm(request, form, item);
    if (!outcome.ok) return res.status(400).json({ success: false, form: await itemForm(request, item, outcome.problems) });
    res.json({ success: true, form: await itemForm(request, outcome.saved, await form.initial(request, outcome.saved)) });
  });

  router.post(`${base}/:pk/delete/`, async (req, res) => {
    const request = viewRequest(context, req, res);
    const item = await loadChecked(core, request, 'delete');
    await spec.remove(item, request.perms);
    res.json({ success: true });
  });
}
