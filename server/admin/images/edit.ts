import { Router, type NextFunction, type Request, type Response } from 'express';
import { interpolate } from '../../../client/lib/i18n';
import type { Image } from '../../db/schema';
import { ValidationError } from '../../errors';
import { EditImageAction } from '../../actions/manage-images';
import { focalPointOf, UNREADABLE_IMAGE_MESSAGE, type FocalPoint } from '../../models/images';
import { parseFilterSpec } from '../../models/renditions';
import { formatTags, imageTagNames } from '../../models/tags';
import { sendStoredFile } from '../../views/send-stored-file';
import { permsOf } from '../access';
import { emptyProblems, type FormProblems } from '../../forms/problems';
import { fileHelp, FOCAL_POINT_FIELDS, imageFormValues, readFocalPoint, readImageFields, TAGS_HELP } from '../images-form';
import { editableCollections, markSelected, requireOnMedia, textField, uploadedFile } from '../media-admin';
import { mediaUsage } from '../media-usage';
import { flash } from '../render';
import type { AdminContext } from '../types';
import { isUploadRefusal, type ImageAdmin } from './image-admin';
import { mediaPolicy } from '../../models/permission-policies';

/** The picture the focal point is picked on. */
const FOCAL_SPEC = 'max-800x600';
/** The specs the edit page previews, as Wagtail's URL generator offers them. */
const PREVIEW_SPECS = ['fill-300x300', 'fill-800x450', 'width-400'] as const;

/** /wagtail/images/{id}/: edit the details, focal point and file; {id}/preview/{filter_spec}/ shows a rendition. */
export function imagesEditRouter({ db, admin, storage }: AdminContext, images: ImageAdmin): Router {
  const router = Router();
  const { limits } = images;

  async function renderEdit(req: Request, res: Response, image: Image, problems: FormProblems | undefined, status = 200) {
    const perms = permsOf(res);
    const [collections, tags, shown, usage] = await Promise.all([
      editableCollections(db, res, image),
      imageTagNames(db, [image.id]),
      images.show(image, FOCAL_SPEC),
      mediaUsage(db, 'image', image.id),
    ]);
    const focal = focalPointOf(image);
    const values = problems?.values ?? {
      title: image.title,
      description: image.description,
      collection: String(image.collection_id),
      tags: formatTags(tags.get(image.id) ?? []),
      focal_point_x: focal?.x ?? '',
      focal_point_y: focal?.y ?? '',
      focal_point_width: focal?.width ?? '',
      focal_point_height: focal?.height ?? '',
    };
    const previewSpec = PREVIEW_SPECS.find((spec) => spec === req.query.preview) ?? PREVIEW_SPECS[0];
    // The focal point and file are part of the address, so a changed one is fetched anew.
    const version = `${image.file_hash.slice(0, 8)}-${focal ? `${focal.x}-${focal.y}-${focal.width}-${focal.height}` : 'none'}`;
    admin.render(
      req,
      res,
      'images-edit',
      {
        title: interpolate('Editing image {title}', { title: image.title }),
        activeNav: 'images',
        image,
        form: problems ?? emptyProblems(values),
        values,
        focalImage: shown.thumbnail,
        unreadable: shown.unreadable,
        unreadableMessage: UNREADABLE_IMAGE_MESSAGE,
        collections: markSelected(collections, values.collection),
        showCollections: collections.length > 1,
        canDelete: mediaPolicy.userHasPermissionForInstance(perms, 'delete', image),
        usageCount: usage.length,
        fileHelp: fileHelp(limits),
        tagsHelp: TAGS_HELP,
        fileSize: `${Math.round((image.file_size / 1000) * 10) / 10} kB`,
        previewSpecs: PREVIEW_SPECS.map((spec) => ({ spec, selected: spec === previewSpec })),
        previewUrl: `/wagtail/images/${image.id}/preview/${previewSpec}/?v=${version}`,
        previewSpec,
      },
      status,
    );
  }

  router.get('/images/:imageId/', async (req, res) => {
    const image = await images.loadImage(req);
    requireOnMedia(res, image, 'change', 'image');
    await renderEdit(req, res, image, undefined);
  });

  router.post('/images/:imageId/', async (req, res) => {
    const perms = permsOf(res);
    const image = await images.loadImage(req);
    requireOnMedia(res, image, 'change', 'image');
    const { fields, problems } = readImageFields(imageFormValues(req), await editableCollections(db, res, image));
    Object.assign(problems.values, Object.fromEntries(FOCAL_POINT_FIELDS.map((name) => [name, textField(req, name)])));
    const focal = readFocalPoint(req, image);
    if ('error' in focal) {
      (problems.errors.focal_point ??= []).push(focal.error);
      problems.formErrors.push(focal.error);
    }
    if (fields && fields.collectionId !== image.collection_id) images.requireAddTo(perms, fields.collectionId);
    const file = uploadedFile(req, 'file');
    if (!fields || 'error' in focal) return renderEdit(req, res, image, problems, 400);

    let current: Image;
    try {
      const focalPoint = sameFocalPoint(focalPointOf(image), focal.focalPoint) ? undefined : focal.focalPoint;
      current = await new EditImageAction(db, image, perms, { changes: fields, file: file?.bytes, focalPoint, storage, limits }).execute();
    } catch (error) {
      // Only a new file can be refused here: the fields were checked above.
      if (!isUploadRefusal(error)) throw error;
      (problems.errors.file ??= []).push(error.message);
      problems.formErrors.push(error.message);
      return renderEdit(req, res, image, problems, error.status);
    }
    flash(req, 'success', interpolate("Image '{title}' updated.", { title: current.title }), { link: { url: `/wagtail/images/${current.id}/`, label: 'Edit' } });
    res.redirect(303, '/wagtail/images/');
  });

  router.get('/images/:imageId/preview/:spec/', async (req, res, next: NextFunction) => {
    const image = await images.loadImage(req);
    requireOnMedia(res, image, 'change', 'image');
    const spec = String(req.params.spec);
    try {
      parseFilterSpec(spec);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      return res.status(400).type('text/plain').set('Cache-Control', 'no-store').send(`Invalid filter spec: ${spec}`);
    }
    const rendition = await images.rendition(image, spec);
    // Permission-checked: no shared cache may hand it to someone else.
    await sendStoredFile(res, next, storage, rendition.file, { notFound: 'The rendition file is missing.', maxAgeMs: 0, private: true });
  });

  return router;
}

function sameFocalPoint(a: FocalPoint | undefined, b: FocalPoint | null): boolean {
  if (!a || !b) return !a && !b;
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}
