import type { Router } from 'express';
import { interpolate } from '../../../client/lib/i18n';
import { DeleteImageAction } from '../../actions/manage-images';
import type { Image } from '../../db/schema';
import { getImagesByIds } from '../../models/images';
import { mediaPolicy } from '../../models/permission-policies';
import { modelViewSetRouter } from '../generic/viewset';
import { addChooserUpload, mediaItemRefusal } from '../media-item-routes';
import { mediaUsage, snippetUsage } from '../media-usage';
import type { AdminContext } from '../types';
import { addImagePreview } from './edit';
import { imageAdmin, TILE_SPEC } from './image-admin';
import { imageForm } from './image-form';
import { imagesListing } from './listing';
import { imagesMultipleRouter } from './multiple';

/**
 * The images back office at Wagtail's addresses: /wagtail/images/ (grid, search, filters,
 * ordering), add/, multiple/add/ (with its per-file endpoints), {id}/ (edit, focal point,
 * replace the file), {id}/preview/{filter_spec}/, {id}/delete/, usage/{id}/ and the chooser's
 * upload at chooser/upload/. Collection permissions follow Wagtail's, owners included.
 */
export function imagesRouter(context: AdminContext): Router {
  const { db, storage } = context;
  const images = imageAdmin(context);
  const form = imageForm(context, images);
  const usageOf = async (image: Image) => ({ usage: await mediaUsage(db, 'image', image.id), snippetUsage: await snippetUsage(db, 'image', image.id) });
  return modelViewSetRouter(context, {
    prefix: '/images/',
    activeNav: 'images',
    load: async (id) => (await getImagesByIds(db, [id])).get(id),
    notFound: 'There is no image with this id.',
    refusal: mediaItemRefusal({ kind: 'images', target: 'image' }),
    listing: imagesListing(context, images),
    form,
    usage: {
      refusal: ({ perms }, image) =>
        !image || mediaPolicy.userHasAnyPermissionForInstance(perms, ['change', 'delete'], image) ? null : 'You do not have permission to see where this image is used.',
      view: async (_request, image) => ({ template: 'images-usage', context: { title: interpolate('Usage of {title}', { title: image.title }), image, ...(await usageOf(image)) } }),
    },
    delete: {
      view: async (_request, image) => ({
        template: 'images-delete',
        context: { title: interpolate('Delete image {title}', { title: image.title }), image, ...(await images.show(image, TILE_SPEC)), ...(await usageOf(image)) },
      }),
      run: async ({ perms }, image) => void (await new DeleteImageAction(db, image, perms, { storage }).execute()),
      message: (image) => interpolate("Image '{title}' deleted.", { title: image.title }),
    },
    routes: (router, core) => {
      // The chooser shows the new image by its tile.
      addChooserUpload(router, context, core, form, 'images', async (image) => {
        const { thumbnail } = await images.show(image, TILE_SPEC);
        return { id: image.id, title: image.title, ...(thumbnail ? { thumbnail_url: thumbnail.url } : {}) };
      });
      router.use(imagesMultipleRouter(context, images));
      addImagePreview(router, context, core, images);
    },
  });
}
