/** The image add and edit form (Wagtail's ImageForm): title, alt text, collection, tags, the file, and on edit the focal point. */
import { gettext, interpolate } from '../../../client/lib/i18n';
import { EditImageAction } from '../../actions/manage-images';
import type { Image } from '../../db/schema';
import { InsufficientStorageError } from '../../errors';
import { addProblem, emptyProblems } from '../../forms/problems';
import { focalPointOf, type FocalPoint } from '../../models/images';
import type { ModelForm } from '../generic/models';
import { fileHelp, FOCAL_POINT_FIELDS, imageFormValues, readFocalPoint, readImageFields, TAGS_HELP, type ImageFields } from '../images-form';
import { addableCollections, editableCollections, markSelected, textField, titleFromFilename, uploadedFile } from '../media-admin';
import type { AdminContext } from '../types';
import { imageEditView, imageValues } from './edit';
import type { ImageAdmin } from './image-admin';

/** What the form yields: the checked fields, the upload (required on add), and on edit the focal point when it changed. */
interface ImageFormData {
  fields: ImageFields;
  file: Buffer | undefined;
  focalPoint?: FocalPoint | null;
}

/** The form, its actions, and their messages with Wagtail's "Edit" link. */
export function imageForm(context: Pick<AdminContext, 'db' | 'storage'>, images: ImageAdmin): ModelForm<Image, ImageFormData> {
  const { db, storage } = context;
  const editView = imageEditView(context, images);
  const editLink = (image: Image) => ({ url: `/wagtail/images/${image.id}/`, label: 'Edit' });
  return {
    initial: async (_request, image) => emptyProblems(image ? await imageValues(db, image) : {}),
    async read({ req, res, perms }, image) {
      const file = uploadedFile(req, 'file');
      if (!image) {
        const { fields, problems } = readImageFields(imageFormValues(req), await addableCollections(db, res, 'images'), file ? titleFromFilename(file.filename) : '');
        if (!file) addProblem(problems, 'file', 'This field is required.');
        return fields && file ? { ok: true, data: { fields, file: file.bytes } } : { ok: false, ...problems };
      }
      const { fields, problems } = readImageFields(imageFormValues(req), await editableCollections(db, res, image));
      Object.assign(problems.values, Object.fromEntries(FOCAL_POINT_FIELDS.map((name) => [name, textField(req, name)])));
      const focal = readFocalPoint(req, image);
      if ('error' in focal) addProblem(problems, 'focal_point', focal.error);
      if (fields && fields.collectionId !== image.collection_id) images.requireAddTo(perms, fields.collectionId);
      if (!fields || 'error' in focal) return { ok: false, ...problems };
      return { ok: true, data: { fields, file: file?.bytes, focalPoint: sameFocalPoint(focalPointOf(image), focal.focalPoint) ? undefined : focal.focalPoint } };
    },
    // A refused file, or one the full storage cannot keep (507), is shown beside the file field.
    refusalField: 'file',
    refusedAlso: (error): error is InsufficientStorageError => error instanceof InsufficientStorageError,
    async view(request, image, form) {
      if (image) return editView(request, image, form);
      const collections = await addableCollections(db, request.res, 'images');
      return {
        template: 'images-add',
        context: {
          title: gettext('Add an image'),
          form,
          collections: markSelected(collections, form.values.collection),
          showCollections: collections.length > 1,
          fileHelp: fileHelp(images.limits),
          tagsHelp: TAGS_HELP,
        },
      };
    },
    create: {
      run: ({ perms }, { fields, file }) => images.create(perms, fields, file!),
      message: (image) => interpolate("Image '{title}' added.", { title: image.title }),
      link: editLink,
    },
    edit: {
      run: ({ perms }, image, { fields, file, focalPoint }) => new EditImageAction(db, image, perms, { changes: fields, file, focalPoint, storage, limits: images.limits }).execute(),
      message: (image) => interpolate("Image '{title}' updated.", { title: image.title }),
      link: editLink,
    },
  };
}

function sameFocalPoint(a: FocalPoint | undefined, b: FocalPoint | null): boolean {
  if (!a || !b) return !a && !b;
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}
