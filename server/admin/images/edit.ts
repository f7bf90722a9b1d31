/** The image edit screen (details, focal point, the file, previews) and the preview of a rendition at {id}/preview/{filter_spec}/. */
import type { NextFunction, Router } from 'express';
import { interpolate } from '../../../client/lib/i18n';
import type { Image } from '../../db/schema';
import { ValidationError } from '../../errors';
import type { FormProblems } from '../../forms/problems';
import { focalPointOf, UNREADABLE_IMAGE_MESSAGE } from '../../models/images';
import { mediaPolicy } from '../../models/permission-policies';
import { parseFilterSpec } from '../../models/renditions';
import { formatTags, imageTagNames } from '../../models/tags';
import { sendStoredFile } from '../../views/send-stored-file';
import { loadChecked, type ModelViewsCore } from '../generic/models';
import { viewRequest, type View, type ViewRequest } from '../generic/view';
import { fileHelp, TAGS_HELP } from '../images-form';
import { editableCollections, markSelected } from '../media-admin';
import { mediaUsage } from '../media-usage';
import type { AdminContext } from '../types';
import type { ImageAdmin } from './image-admin';

/** The picture the focal point is picked on. */
const FOCAL_SPEC = 'max-800x600';
/** The specs the edit page previews, as Wagtail's URL generator offers them. */
const PREVIEW_SPECS = ['fill-300x300', 'fill-800x450', 'width-400'] as const;

/** The edit form's values of a stored image. */
export async function imageValues(db: AdminContext['db'], image: Image): Promise<Record<string, unknown>> {
  const tags = await imageTagNames(db, [image.id]);
  const focal = focalPointOf(image);
  return {
    title: image.title,
    description: image.description,
    collection: String(image.collection_id),
    tags: formatTags(tags.get(image.id) ?? []),
    focal_point_x: focal?.x ?? '',
    focal_point_y: focal?.y ?? '',
    focal_point_width: focal?.width ?? '',
    focal_point_height: focal?.height ?? '',
  };
}

/** The edit screen drawn with the form's values and problems. */
export function imageEditView({ db }: Pick<AdminContext, 'db'>, images: ImageAdmin) {
  return async function editView({ req, res, perms }: ViewRequest, image: Image, form: FormProblems): Promise<View> {
    const [collections, shown, usage] = await Promise.all([editableCollections(db, res, image), images.show(image, FOCAL_SPEC), mediaUsage(db, 'image', image.id)]);
    const focal = focalPointOf(image);
    const values = form.values;
    const previewSpec = PREVIEW_SPECS.find((spec) => spec === req.query.preview) ?? PREVIEW_SPECS[0];
    // The focal point and file are part of the address, so a changed one is fetched anew.
    const version = `${image.file_hash.slice(0, 8)}-${focal ? `${focal.x}-${focal.y}-${focal.width}-${focal.height}` : 'none'}`;
    return {
      template: 'images-edit',
      context: {
        title: interpolate('Editing image {title}', { title: image.title }),
        image,
        form,
        values,
        focalImage: shown.thumbnail,
        unreadable: shown.unreadable,
        unreadableMessage: UNREADABLE_IMAGE_MESSAGE,
        collections: markSelected(collections, values.collection),
        showCollections: collections.length > 1,
        canDelete: mediaPolicy.userHasPermissionForInstance(perms, 'delete', image),
        usageCount: usage.length,
        fileHelp: fileHelp(images.limits),
        tagsHelp: TAGS_HELP,
        fileSize: `${Math.round((image.file_size / 1000) * 10) / 10} kB`,
        previewSpecs: PREVIEW_SPECS.map((spec) => ({ spec, selected: spec === previewSpec })),
        previewUrl: `/wagtail/images/${image.id}/preview/${previewSpec}/?v=${version}`,
        previewSpec,
      },
    };
  };
}

/** Serves a rendition of an image for the users who may change it, kept by no shared cache. */
export function addImagePreview(router: Router, context: AdminContext, core: ModelViewsCore<Image>, images: ImageAdmin): void {
  router.get('/images/:pk/preview/:spec/', async (req, res, next: NextFunction) => {
    const image = await loadChecked(core, viewRequest(context, req, res), 'change');
    const spec = String(req.params.spec);
    try {
      parseFilterSpec(spec);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      return res.status(400).type('text/plain').set('Cache-Control', 'no-store').send(`Invalid filter spec: ${spec}`);
    }
    const rendition = await images.rendition(image, spec);
    // Permission-checked: no shared cache may hand it to someone else.
    await sendStoredFile(res, next, context.storage, rendition.file, { notFound: 'The rendition file is missing.', maxAgeMs: 0, private: true });
  });
}
