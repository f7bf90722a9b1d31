import { Router, type Request, type Response } from 'express';
import { gettext, interpolate } from '../../../client/lib/i18n';
import type { Image } from '../../db/schema';
import { DeleteImageAction, EditImageAction } from '../../actions/manage-images';
import { formatTags, imageTagNames } from '../../models/tags';
import { permsOf } from '../access';
import { emptyProblems, type FormProblems } from '../../forms/problems';
import { fileHelp, imageFormValues, readImageFields, TAGS_HELP } from '../images-form';
import { addableCollections, editableCollections, markSelected, requireOnMedia, textField, titleFromFilename, uploadedFile } from '../media-admin';
import { flash } from '../render';
import type { AdminContext } from '../types';
import { TILE_SPEC, wantsJson, type ImageAdmin } from './image-admin';

/**
 * /wagtail/images/multiple/add/ as Wagtail's multiple upload: the page, one JSON request per
 * file, and per uploaded image a form to finish its details or delete it.
 */
export function imagesMultipleRouter({ db, admin, storage }: AdminContext, images: ImageAdmin): Router {
  const router = Router();

  async function itemForm(req: Request, res: Response, image: Image, problems?: FormProblems): Promise<string> {
    const [collections, tags, shown] = await Promise.all([editableCollections(db, res, image), imageTagNames(db, [image.id]), images.show(image, TILE_SPEC)]);
    const values = problems?.values ?? { title: image.title, description: image.description, collection: String(image.collection_id), tags: formatTags(tags.get(image.id) ?? []) };
    return admin.renderFragment(req, res, 'images-multiple-form', {
      image,
      ...shown,
      form: problems ?? emptyProblems(values),
      values,
      prefix: `image-${image.id}`,
      collections: markSelected(collections, values.collection),
      showCollections: collections.length > 1,
      tagsHelp: TAGS_HELP,
    });
  }

  router.get('/images/multiple/add/', async (req, res) => {
    const collections = await addableCollections(db, res, 'images');
    admin.render(req, res, 'images-multiple', {
      title: gettext('Add images'),
      activeNav: 'images',
      collections: collections.map(({ id, label }) => ({ id, label })),
      maxBytes: images.limits.maxBytes,
      fileHelp: fileHelp(images.limits),
    });
  });

  router.post('/images/multiple/add/', async (req, res) => {
    const perms = permsOf(res);
    const collections = await addableCollections(db, res, 'images');
    const file = uploadedFile(req, 'files[]');
    if (!file) return res.status(400).json({ success: false, error_message: 'Choose a file to upload.' });
    const { fields, problems } = readImageFields({ title: '', description: '', tags: '', collection: textField(req, 'collection') }, collections, titleFromFilename(file.filename));
    if (!fields) return res.status(400).json({ success: false, error_message: problems.formErrors.join(' ') });
    const outcome = await images.createFromForm(perms, fields, file.bytes, problems);
    if (!outcome.image) return res.status(outcome.status).json({ success: false, error_message: problems.formErrors.join(' ') });
    const { image } = outcome;
    res.json({ success: true, id: image.id, title: image.title, form: await itemForm(req, res, image) });
  });

  router.post('/images/multiple/:imageId/', async (req, res) => {
    const perms = permsOf(res);
    const image = await images.loadImage(req);
    requireOnMedia(res, image, 'change', 'image');
    const { fields, problems } = readImageFields(imageFormValues(req), await editableCollections(db, res, image));
    if (fields && fields.collectionId !== image.collection_id) images.requireAddTo(perms, fields.collectionId);
    const saved = fields ? await new EditImageAction(db, image, perms, { changes: fields, storage, limits: images.limits }).execute() : undefined;
    if (!wantsJson(req)) {
      if (saved) flash(req, 'success', interpolate("Image '{title}' updated.", { title: saved.title }));
      return res.redirect(303, saved ? '/wagtail/images/' : `/wagtail/images/${image.id}/`);
    }
    if (!saved) return res.status(400).json({ success: false, form: await itemForm(req, res, image, problems) });
    res.json({ success: true, form: await itemForm(req, res, saved) });
  });

  router.post('/images/multiple/:imageId/delete/', async (req, res) => {
    const image = await images.loadImage(req);
    requireOnMedia(res, image, 'delete', 'image');
    await new DeleteImageAction(db, image, permsOf(res), { storage }).execute();
    if (!wantsJson(req)) return res.redirect(303, '/wagtail/images/');
    res.json({ success: true });
  });

  return router;
}
