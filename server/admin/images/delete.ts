import { Router } from 'express';
import { interpolate } from '../../../client/lib/i18n';
import { PermissionDenied } from '../../errors';
import { DeleteImageAction } from '../../actions/manage-images';
import { permsOf } from '../access';
import { requireOnMedia } from '../media-admin';
import { mediaUsage, snippetUsage } from '../media-usage';
import { flash } from '../render';
import type { AdminContext } from '../types';
import { TILE_SPEC, type ImageAdmin } from './image-admin';
import { mediaPolicy } from '../../models/permission-policies';

/** /wagtail/images/usage/{id}/ (where an image is used) and {id}/delete/ (which shows the usage before deleting). */
export function imagesDeleteRouter({ db, admin, storage }: AdminContext, images: ImageAdmin): Router {
  const router = Router();

  router.get('/images/usage/:imageId/', async (req, res) => {
    const perms = permsOf(res);
    const image = await images.loadImage(req);
    if (!mediaPolicy.userHasAnyPermissionForInstance(perms, ['change', 'delete'], image)) throw new PermissionDenied('You do not have permission to see where this image is used.');
    admin.render(req, res, 'images-usage', {
      title: interpolate('Usage of {title}', { title: image.title }),
      activeNav: 'images',
      image,
      usage: await mediaUsage(db, 'image', image.id),
      snippetUsage: await snippetUsage(db, 'image', image.id),
    });
  });

  router.get('/images/:imageId/delete/', async (req, res) => {
    const image = await images.loadImage(req);
    requireOnMedia(res, image, 'delete', 'image');
    admin.render(req, res, 'images-delete', {
      title: interpolate('Delete image {title}', { title: image.title }),
      activeNav: 'images',
      image,
      ...(await images.show(image, TILE_SPEC)),
      usage: await mediaUsage(db, 'image', image.id),
      snippetUsage: await snippetUsage(db, 'image', image.id),
    });
  });

  router.post('/images/:imageId/delete/', async (req, res) => {
    const image = await images.loadImage(req);
    requireOnMedia(res, image, 'delete', 'image');
    await new DeleteImageAction(db, image, permsOf(res), { storage }).execute();
    flash(req, 'success', interpolate("Image '{title}' deleted.", { title: image.title }));
    res.redirect(303, '/wagtail/images/');
  });

  return router;
}
