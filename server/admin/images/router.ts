import { Router } from 'express';
import type { AdminContext } from '../types';
import { imagesAddRouter } from './add';
import { imagesDeleteRouter } from './delete';
import { imagesEditRouter } from './edit';
import { imageAdmin } from './image-admin';
import { imagesListingRouter } from './listing';
import { imagesMultipleRouter } from './multiple';

/**
 * The images back office at Wagtail's addresses: /wagtail/images/ (grid, search, filters,
 * ordering), add/, multiple/add/ (with its per-file endpoints), {id}/ (edit, focal point,
 * replace the file), {id}/preview/{filter_spec}/, {id}/delete/, usage/{id}/ and the chooser's
 * upload at chooser/upload/. Collection permissions follow Wagtail's, owners included.
 */
export function imagesRouter(context: AdminContext): Router {
  const images = imageAdmin(context);
  const router = Router();
  // In this order: the fixed addresses (add/, multiple/...) before those of one image ({id}/).
  router.use(imagesListingRouter(context, images));
  router.use(imagesAddRouter(context, images));
  router.use(imagesMultipleRouter(context, images));
  router.use(imagesDeleteRouter(context, images));
  router.use(imagesEditRouter(context, images));
  return router;
}
