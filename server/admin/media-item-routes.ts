import type { Request, Response, Router } from 'express';
import { interpolate } from '../../client/lib/i18n';
import { ValidationError } from '../errors';
import type { UserPermissions } from '../models/permissions';
import type { UploadedFile } from '../uploads';
import { permsOf } from './access';
import type { FormProblems } from '../forms/problems';
import { addableCollections, chosenCollection, editableCollections, markSelected, requireOnMedia, textField, titleFromFilename, uploadedFile, usageView } from './media-admin';
import type { MediaItem } from '../models/permission-policies';
import { flash } from './render';
import type { AdminContext } from './types';

/** What the shared routes need to know of one kind of media item (documents, videos). */
export interface MediaItemKind<Item extends MediaItem & { id: number; title: string }> {
  /** The address segment and menu entry: /wagtail/{kind}/. */
  kind: 'documents' | 'videos';
  /** What usage is looked up as, and what permission refusals name. */
  target: 'document' | 'video';
  /** The route parameter holding the item's id, as in `/documents/delete/:documentId/`. */
  param: string;
  load(req: Request): Promise<Item>;
  /** Runs the item's delete action for the actor. */
  remove(item: Item, actor: UserPermissions): Promise<void>;
  /** Runs the item's create action for the actor, who becomes its uploader. */
  create(file: UploadedFile, title: string, collectionId: number, actor: UserPermissions): Promise<Item>;
  /** Saves the details form (the edit page's or a multiple upload item's). */
  saveDetails(req: Request, res: Response, item: Item): Promise<{ item: Item } | { problems: FormProblems }>;
  /** The details form filled from an item. */
  values(item: Item): FormProblems;
  text: {
    deleteQuestion: string;
    /** The flash after a delete, with {title}. */
    deleted: string;
    multipleTitle: string;
    chooseFile: string;
  };
}

/**
 * The routes documents and videos share, as Wagtail's apps share their views: usage, delete
 * (showing the usage first), and multiple upload (the page, one JSON request per file, per item
 * form and per item delete).
 */
export function addMediaItemRoutes<Item extends MediaItem & { id: number; title: string }>(router: Router, { db, admin, config }: AdminContext, spec: MediaItemKind<Item>): void {
  const base = `/${spec.kind}`;
  const itemId = `:${spec.param}`;
  const editUrl = (item: Item) => `/wagtail${base}/edit/${item.id}/`;

  router.get(`${base}/usage/${itemId}/`, async (req, res) => {
    const item = await spec.load(req);
    requireOnMedia(res, item, 'change', spec.target);
    admin.render(req, res, 'media-usage', {
      title: interpolate('Usage of {title}', { title: item.title }),
      activeNav: spec.kind,
      backUrl: editUrl(item),
      ...(await usageView(db, spec.target, item.id)),
    });
  });

  router.get(`${base}/delete/${itemId}/`, async (req, res) => {
    const item = await spec.load(req);
    requireOnMedia(res, item, 'delete', spec.target);
    admin.render(req, res, 'media-delete', {
      title: interpolate('Delete {title}', { title: item.title }),
      activeNav: spec.kind,
      question: spec.text.deleteQuestion,
      cancelUrl: editUrl(item),
      ...(await usageView(db, spec.target, item.id)),
    });
  });

  router.post(`${base}/delete/${itemId}/`, async (req, res) => {
    const item = await spec.load(req);
    requireOnMedia(res, item, 'delete', spec.target);
    await spec.remove(item, permsOf(res));
    flash(req, 'success', interpolate(spec.text.deleted, { title: item.title }));
    res.redirect(303, `/wagtail${base}/`);
  });

  router.get(`${base}/multiple/add/`, async (req, res) => {
    const collections = await addableCollections(db, res, spec.kind);
    admin.render(req, res, `${spec.kind}-multiple`, {
      title: spec.text.multipleTitle,
      activeNav: spec.kind,
      collections: collections.map(({ id, label }) => ({ id, label })),
      maxBytes: config.MAX_UPLOAD_BYTES,
    });
  });

  async function itemForm(req: Request, res: Response, item: Item, form: FormProblems): Promise<string> {
    const collections = await editableCollections(db, res, item);
    return admin.renderFragment(req, res, 'media-multiple-form', { kind: spec.kind, item, form, collections: markSelected(collections, form.values.collection) });
  }

  router.post(`${base}/multiple/add/`, async (req, res) => {
    const collections = await addableCollections(db, res, spec.kind);
    const file = uploadedFile(req, 'files[]', 'files');
    const chosen = chosenCollection(textField(req, 'collection'), collections);
    if (!file) return res.status(400).json({ success: false, error_message: spec.text.chooseFile });
    if ('error' in chosen) return res.status(400).json({ success: false, error_message: chosen.error });
    try {
      const item = await spec.create(file, titleFromFilename(file.filename), chosen.id, permsOf(res));
      res.json({ success: true, id: item.id, title: item.title, form: await itemForm(req, res, item, spec.values(item)) });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      res.status(400).json({ success: false, error_message: error.message });
    }
  });

  router.post(`${base}/multiple/${itemId}/`, async (req, res) => {
    const item = await spec.load(req);
    const outcome = await spec.saveDetails(req, res, item);
    if ('problems' in outcome) return res.status(400).json({ success: false, form: await itemForm(req, res, item, outcome.problems) });
    res.json({ success: true, form: await itemForm(req, res, outcome.item, spec.values(outcome.item)) });
  });

  router.post(`${base}/multiple/${itemId}/delete/`, async (req, res) => {
    const item = await spec.load(req);
    requireOnMedia(res, item, 'delete', spec.target);
    await spec.remove(item, permsOf(res));
    res.json({ success: true });
  });
}
