import { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import { gettext, interpolate } from '../../client/lib/i18n';
import type { Image } from '../db/schema';
import { HttpError, NotFoundError, PermissionDenied, ValidationError } from '../errors';
import { collectionOptions } from '../models/collections';
import { createImage, deleteImage, focalPointOf, getImagesByIds, imageLimitsOf, replaceImageFile, setFocalPoint, updateImage, type FocalPoint } from '../models/images';
import { hasCollectionPermission, permittedCollectionIds, type UserPermissions } from '../models/permissions';
import { getRendition, parseFilterSpec, renditionUrl } from '../models/renditions';
import { formatTags, imageTagNames, popularImageTags } from '../models/tags';
import { sendStoredFile } from '../views/send-stored-file';
import { permsOf } from './access';
import { databaseId, emptyProblems, type FormProblems } from './forms';
import { addableCollections, canOnMedia, editableCollections, listedCollectionIds, markSelected, requireOnMedia, textField, titleFromFilename, uploadedFile } from './media-admin';
import { fileHelp, FOCAL_POINT_FIELDS, imageFormValues, readFocalPoint, readImageFields, TAGS_HELP, type ImageFields } from './images-form';
import { IMAGE_ORDERINGS, IMAGES_PER_PAGE, listImages, type ImageOrdering } from './images-listing';
import { mediaUsage } from './media-usage';
import { flash } from './render';
import type { AdminContext } from './types';

/** The listing's tile thumbnails (Wagtail's grid uses max-165x165). */
const TILE_SPEC = 'max-165x165';
/** The picture the focal point is picked on. */
const FOCAL_SPEC = 'max-800x600';
/** The specs the edit page previews, as Wagtail's URL generator offers them. */
const PREVIEW_SPECS = ['fill-300x300', 'fill-800x450', 'width-400'] as const;

const indexQuery = z.object({
  q: z.string().max(200).catch(''),
  collection_id: databaseId.optional().catch(undefined),
  tag: z.string().max(100).catch(''),
  ordering: z.enum(IMAGE_ORDERINGS.map((ordering) => ordering.value) as [ImageOrdering, ...ImageOrdering[]]).catch('-created_at'),
  p: z.coerce.number().int().min(1).max(100_000).catch(1),
});

/** Whether the caller asked for JSON (the multiple upload's and chooser's scripts do). */
function wantsJson(req: Request): boolean {
  return req.accepts(['html', 'json']) === 'json';
}

/**
 * The images back office at Wagtail's addresses: /wagtail/images/ (grid, search, filters,
 * ordering), add/, multiple/add/ (with its per-file endpoints), {id}/ (edit, focal point,
 * replace the file), {id}/preview/{filter_spec}/, {id}/delete/, usage/{id}/ and the chooser's
 * upload at chooser/upload/. Collection permissions follow Wagtail's, owners included.
 */
export function imagesRouter({ db, config, admin, storage }: AdminContext): Router {
  const limits = imageLimitsOf(config);
  const router = Router();

  async function loadImage(req: Request): Promise<Image> {
    const id = databaseId.safeParse(req.params.imageId);
    const image = id.success ? (await getImagesByIds(db, [id.data])).get(id.data) : undefined;
    if (!image) throw new NotFoundError('There is no image with this id.');
    return image;
  }

  async function thumbnail(image: Image, spec: string): Promise<{ url: string; width: number; height: number } | undefined> {
    try {
      const rendition = await getRendition(db, storage, image, spec);
      return { url: renditionUrl(rendition), width: rendition.width, height: rendition.height };
    } catch (error) {
      // A missing original still lists the image, by title, so it can be fixed or deleted.
      if (error instanceof HttpError) throw error;
      return undefined;
    }
  }

  router.get('/images/', async (req, res) => {
    const perms = permsOf(res);
    const query = indexQuery.parse(req.query);
    const visible = listedCollectionIds(perms);
    const filters = { visibleCollectionIds: visible, collectionId: query.collection_id, q: query.q, tag: query.tag, ordering: query.ordering };
    const { images, total } = await listImages(db, filters, (query.p - 1) * IMAGES_PER_PAGE, IMAGES_PER_PAGE);
    const [collections, popularTags] = await Promise.all([collectionOptions(db, visible), popularImageTags(db, visible)]);
    const tiles = await Promise.all(images.map(async (image) => ({ id: image.id, title: image.title, thumbnail: await thumbnail(image, TILE_SPEC) })));
    const pages = Math.max(1, Math.ceil(total / IMAGES_PER_PAGE));
    const linkTo = (page: number) => {
      const params = new URLSearchParams();
      if (query.q) params.set('q', query.q);
      if (query.collection_id) params.set('collection_id', String(query.collection_id));
      if (query.tag) params.set('tag', query.tag);
      if (query.ordering !== '-created_at') params.set('ordering', query.ordering);
      params.set('p', String(page));
      return `/wagtail/images/?${params.toString()}`;
    };
    admin.render(req, res, 'images-index', {
      title: gettext('Images'),
      activeNav: 'images',
      q: query.q,
      tag: query.tag,
      total,
      tiles,
      canAdd: permittedCollectionIds(perms, 'add')?.length !== 0,
      collections: markSelected(collections, query.collection_id === undefined ? undefined : String(query.collection_id)),
      showCollections: collections.length > 1,
      tags: popularTags.map((name) => ({ name, selected: name.toLowerCase() === query.tag.toLowerCase() })),
      orderings: IMAGE_ORDERINGS.map((ordering) => ({ ...ordering, selected: ordering.value === query.ordering })),
      filtered: Boolean(query.q || query.collection_id || query.tag),
      pagination: pages > 1 ? { page: query.p, pages, previous: query.p > 1 ? linkTo(query.p - 1) : undefined, next: query.p < pages ? linkTo(query.p + 1) : undefined } : undefined,
    });
  });

  // ---- Add one image ----

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
        collections: markSelected(collections, problems.values.collection as string | undefined),
        showCollections: collections.length > 1,
        fileHelp: fileHelp(limits),
        tagsHelp: TAGS_HELP,
      },
      status,
    );
  }

  /** Refuses unless the user holds 'add' on the chosen collection (after the form named one of the offered ones). */
  function requireAddTo(perms: UserPermissions, collectionId: number): void {
    if (!hasCollectionPermission(perms, collectionId, 'add')) throw new PermissionDenied('You do not have permission to add images to this collection.');
  }

  /** Creates an image from a checked form and its upload; a refused upload becomes a problem of the file field. */
  async function createFromForm(perms: UserPermissions, fields: ImageFields, bytes: Buffer, problems: FormProblems): Promise<Image | undefined> {
    requireAddTo(perms, fields.collectionId);
    try {
      return await createImage(db, storage, { ...fields, bytes, uploadedBy: perms.user.id, limits });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      (problems.errors.file ??= []).push(error.message);
      problems.formErrors.push(error.message);
      return undefined;
    }
  }

  router.get('/images/add/', async (req, res) => {
    await renderAdd(req, res, emptyProblems({}));
  });

  router.post('/images/add/', async (req, res) => {
    const perms = permsOf(res);
    const file = uploadedFile(req, 'file');
    const { fields, problems } = readImageFields(imageFormValues(req), await addableCollections(db, res, 'images'), file ? titleFromFilename(file.filename) : '');
    if (!file) {
      (problems.errors.file ??= []).push('This field is required.');
      problems.formErrors.push('This field is required.');
    }
    const image = fields && file ? await createFromForm(perms, fields, file.bytes, problems) : undefined;
    if (!image) return renderAdd(req, res, problems, 400);
    flash(req, 'success', interpolate("Image '{title}' added.", { title: image.title }), { link: { url: `/wagtail/images/${image.id}/`, label: 'Edit' } });
    res.redirect(303, '/wagtail/images/');
  });

  // ---- Multiple upload ----

  async function itemForm(req: Request, res: Response, image: Image, problems?: FormProblems): Promise<string> {
    const [collections, tags, thumb] = await Promise.all([editableCollections(db, res, image), imageTagNames(db, [image.id]), thumbnail(image, TILE_SPEC)]);
    const values = problems?.values ?? { title: image.title, description: image.description, collection: String(image.collection_id), tags: formatTags(tags.get(image.id) ?? []) };
    return admin.renderFragment(req, res, 'images-multiple-form', {
      image,
      thumbnail: thumb,
      form: problems ?? emptyProblems(values),
      values,
      prefix: `image-${image.id}`,
      collections: markSelected(collections, values.collection as string),
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
      maxBytes: limits.maxBytes,
      fileHelp: fileHelp(limits),
    });
  });

  router.post('/images/multiple/add/', async (req, res) => {
    const perms = permsOf(res);
    const collections = await addableCollections(db, res, 'images');
    const file = uploadedFile(req, 'files[]');
    if (!file) return res.status(400).json({ success: false, error_message: 'Choose a file to upload.' });
    const { fields, problems } = readImageFields({ title: '', description: '', tags: '', collection: textField(req, 'collection') }, collections, titleFromFilename(file.filename));
    if (!fields) return res.status(400).json({ success: false, error_message: problems.formErrors.join(' ') });
    const image = await createFromForm(perms, fields, file.bytes, problems);
    if (!image) return res.status(400).json({ success: false, error_message: problems.formErrors.join(' ') });
    res.json({ success: true, id: image.id, title: image.title, form: await itemForm(req, res, image) });
  });

  router.post('/images/multiple/:imageId/', async (req, res) => {
    const perms = permsOf(res);
    const image = await loadImage(req);
    requireOnMedia(res, image, 'change', 'image');
    const { fields, problems } = readImageFields(imageFormValues(req), await editableCollections(db, res, image));
    if (fields && fields.collectionId !== image.collection_id) requireAddTo(perms, fields.collectionId);
    const saved = fields ? await updateImage(db, image, fields) : undefined;
    if (!wantsJson(req)) {
      if (saved) flash(req, 'success', interpolate("Image '{title}' updated.", { title: saved.title }));
      return res.redirect(303, saved ? '/wagtail/images/' : `/wagtail/images/${image.id}/`);
    }
    if (!saved) return res.status(400).json({ success: false, form: await itemForm(req, res, image, problems) });
    res.json({ success: true, form: await itemForm(req, res, saved) });
  });

  router.post('/images/multiple/:imageId/delete/', async (req, res) => {
    const image = await loadImage(req);
    requireOnMedia(res, image, 'delete', 'image');
    await deleteImage(db, storage, image);
    if (!wantsJson(req)) return res.redirect(303, '/wagtail/images/');
    res.json({ success: true });
  });

  // ---- Chooser upload ----

  router.post('/images/chooser/upload/', async (req, res) => {
    const perms = permsOf(res);
    const file = uploadedFile(req, 'file');
    const { fields, problems } = readImageFields(imageFormValues(req), await addableCollections(db, res, 'images'), file ? titleFromFilename(file.filename) : '');
    if (!file) (problems.errors.file ??= []).push('This field is required.');
    const image = fields && file ? await createFromForm(perms, fields, file.bytes, problems) : undefined;
    if (!image) return res.status(400).json({ errors: problems.errors });
    const thumb = await thumbnail(image, TILE_SPEC);
    res.status(201).json({ result: { id: image.id, title: image.title, ...(thumb ? { thumbnail_url: thumb.url } : {}) } });
  });

  // ---- Usage ----

  router.get('/images/usage/:imageId/', async (req, res) => {
    const perms = permsOf(res);
    const image = await loadImage(req);
    if (!canOnMedia(perms, image, 'change') && !canOnMedia(perms, image, 'delete')) throw new PermissionDenied('You do not have permission to see where this image is used.');
    admin.render(req, res, 'images-usage', {
      title: interpolate('Usage of {title}', { title: image.title }),
      activeNav: 'images',
      image,
      usage: await mediaUsage(db, 'image', image.id),
    });
  });

  // ---- Edit ----

  async function renderEdit(req: Request, res: Response, image: Image, problems: FormProblems | undefined, status = 200) {
    const perms = permsOf(res);
    const [collections, tags, focalImage, usage] = await Promise.all([
      editableCollections(db, res, image),
      imageTagNames(db, [image.id]),
      thumbnail(image, FOCAL_SPEC),
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
        focalImage,
        collections: markSelected(collections, values.collection as string),
        showCollections: collections.length > 1,
        canDelete: canOnMedia(perms, image, 'delete'),
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
    const image = await loadImage(req);
    requireOnMedia(res, image, 'change', 'image');
    await renderEdit(req, res, image, undefined);
  });

  router.post('/images/:imageId/', async (req, res) => {
    const perms = permsOf(res);
    const image = await loadImage(req);
    requireOnMedia(res, image, 'change', 'image');
    const { fields, problems } = readImageFields(imageFormValues(req), await editableCollections(db, res, image));
    Object.assign(problems.values, Object.fromEntries(FOCAL_POINT_FIELDS.map((name) => [name, textField(req, name)])));
    const focal = readFocalPoint(req, image);
    if ('error' in focal) {
      (problems.errors.focal_point ??= []).push(focal.error);
      problems.formErrors.push(focal.error);
    }
    if (fields && fields.collectionId !== image.collection_id) requireAddTo(perms, fields.collectionId);
    const file = uploadedFile(req, 'file');
    if (!fields || 'error' in focal) return renderEdit(req, res, image, problems, 400);

    let current = image;
    if (file) {
      try {
        current = await replaceImageFile(db, storage, image, file.bytes, limits);
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        (problems.errors.file ??= []).push(error.message);
        problems.formErrors.push(error.message);
        return renderEdit(req, res, image, problems, 400);
      }
    }
    current = await updateImage(db, current, fields);
    // A new picture of another size had its focal point reset; the old one would not fit it.
    const sizeChanged = current.width !== image.width || current.height !== image.height;
    if (!sizeChanged && !sameFocalPoint(focalPointOf(current), focal.focalPoint)) current = await setFocalPoint(db, storage, current, focal.focalPoint);
    flash(req, 'success', interpolate("Image '{title}' updated.", { title: current.title }), { link: { url: `/wagtail/images/${current.id}/`, label: 'Edit' } });
    res.redirect(303, '/wagtail/images/');
  });

  router.get('/images/:imageId/preview/:spec/', async (req, res, next: NextFunction) => {
    const image = await loadImage(req);
    requireOnMedia(res, image, 'change', 'image');
    const spec = String(req.params.spec);
    try {
      parseFilterSpec(spec);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      return res.status(400).type('text/plain').set('Cache-Control', 'no-store').send(`Invalid filter spec: ${spec}`);
    }
    const rendition = await getRendition(db, storage, image, spec);
    res.set('Cache-Control', 'private, no-store');
    sendStoredFile(res, next, storage, rendition.file, { notFound: 'The rendition file is missing.', maxAgeMs: 0 });
  });

  // ---- Delete ----

  router.get('/images/:imageId/delete/', async (req, res) => {
    const image = await loadImage(req);
    requireOnMedia(res, image, 'delete', 'image');
    admin.render(req, res, 'images-delete', {
      title: interpolate('Delete image {title}', { title: image.title }),
      activeNav: 'images',
      image,
      thumbnail: await thumbnail(image, TILE_SPEC),
      usage: await mediaUsage(db, 'image', image.id),
    });
  });

  router.post('/images/:imageId/delete/', async (req, res) => {
    const image = await loadImage(req);
    requireOnMedia(res, image, 'delete', 'image');
    await deleteImage(db, storage, image);
    flash(req, 'success', interpolate("Image '{title}' deleted.", { title: image.title }));
    res.redirect(303, '/wagtail/images/');
  });

  return router;
}

function sameFocalPoint(a: FocalPoint | undefined, b: FocalPoint | null): boolean {
  if (!a || !b) return !a && !b;
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}
