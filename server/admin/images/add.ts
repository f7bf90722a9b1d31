import { Router, type Request, type Response } from 'express';
import { gettext, interpolate } from '../../../client/lib/i18n';
import { permsOf } from '../access';
import { emptyProblems, type FormProblems } from '../../forms/problems';
import { fileHelp, imageFormValues, readImageFields, TAGS_HELP } from '../images-form';
import { addableCollections, markSelected, titleFromFilename, uploadedFile } from '../media-admin';
import { flash } from '../render';
import type { AdminContext } from '../types';
import { TILE_SPEC, type ImageAdmin, type UploadOutcome } from './image-admin';

/** /wagtail/images/add/ (one image, as a page) and chooser/upload/ (the chooser's Upload tab, as JSON). */
export function imagesAddRouter({ db, admin }: AdminContext, images: ImageAdmin): Router {
  const router = Router();

  async function renderAdd(req: Request, res: Response, problems: FormProblems, status = 200) {
    const collections = await addableCollections(db, res, 'images');
    admin.render(
      req,
      res,
      'images-add',
      {
        title: gettext('Add an image'),
        activeNav: 'images',
        form: problems,
        collections: markSelected(collections, problems.values.collection),
        showCollections: collections.length > 1,
        fileHelp: fileHelp(images.limits),
        tagsHelp: TAGS_HELP,
      },
      status,
    );
  }

  /** The add form read with its upload: the image, or undefined with the problems filled in. */
  async function addFromForm(req: Request, res: Response): Promise<UploadOutcome & { problems: FormProblems }> {
    const file = uploadedFile(req, 'file');
    const { fields, problems } = readImageFields(imageFormValues(req), await addableCollections(db, res, 'images'), file ? titleFromFilename(file.filename) : '');
    if (!file) {
      (problems.errors.file ??= []).push('This field is required.');
      problems.formErrors.push('This field is required.');
    }
    const outcome = fields && file ? await images.createFromForm(permsOf(res), fields, file.bytes, problems) : { status: 400 };
    return { ...outcome, problems };
  }

  router.get('/images/add/', async (req, res) => {
    await renderAdd(req, res, emptyProblems({}));
  });

  router.post('/images/add/', async (req, res) => {
    const outcome = await addFromForm(req, res);
    if (!outcome.image) return renderAdd(req, res, outcome.problems, outcome.status);
    const { image } = outcome;
    flash(req, 'success', interpolate("Image '{title}' added.", { title: image.title }), { link: { url: `/wagtail/images/${image.id}/`, label: 'Edit' } });
    res.redirect(303, '/wagtail/images/');
  });

  router.post('/images/chooser/upload/', async (req, res) => {
    const outcome = await addFromForm(req, res);
    if (!outcome.image) return res.status(outcome.status).json({ errors: outcome.problems.errors });
    const { image } = outcome;
    const { thumbnail } = await images.show(image, TILE_SPEC);
    res.status(201).json({ result: { id: image.id, title: image.title, ...(thumbnail ? { thumbnail_url: thumbnail.url } : {}) } });
  });

  return router;
}
