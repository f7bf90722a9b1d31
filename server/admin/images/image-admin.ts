/** What every images back-office view shares: loading an image, its thumbnails, and adding one from a form. */
import type { Request } from 'express';
import type { Image } from '../../db/schema';
import { HttpError, NotFoundError, PermissionDenied, ValidationError } from '../../errors';
import { CreateImageAction } from '../../actions/manage-images';
import { getImagesByIds, imageLimitsOf, type ImageLimits } from '../../models/images';
import { hasCollectionPermission, type UserPermissions } from '../../models/permissions';
import { getRendition, renditionUrl } from '../../models/renditions';
import { databaseId, type FormProblems } from '../forms';
import type { ImageFields } from '../images-form';
import type { AdminContext } from '../types';

/** The listing's tile thumbnails (Wagtail's grid uses max-165x165). */
export const TILE_SPEC = 'max-165x165';

/** A rendition shown in a back-office page. */
export interface Thumbnail {
  url: string;
  width: number;
  height: number;
}

/** The helpers of the images views, bound to the app's database, storage and limits. */
export interface ImageAdmin {
  limits: ImageLimits;
  /** The image the route's `imageId` names; NotFoundError when there is none. */
  loadImage(req: Request): Promise<Image>;
  /** A rendition of the image, or undefined when its original is missing. */
  thumbnail(image: Image, spec: string): Promise<Thumbnail | undefined>;
  /** Refuses unless the user holds 'add' on the chosen collection (after the form named one of the offered ones). */
  requireAddTo(perms: UserPermissions, collectionId: number): void;
  /** Creates an image from a checked form and its upload; a refused upload becomes a problem of the file field. */
  createFromForm(perms: UserPermissions, fields: ImageFields, bytes: Buffer, problems: FormProblems): Promise<Image | undefined>;
}

/** The images views' helpers for one app. */
export function imageAdmin({ db, config, storage }: AdminContext): ImageAdmin {
  const limits = imageLimitsOf(config);

  function requireAddTo(perms: UserPermissions, collectionId: number): void {
    if (!hasCollectionPermission(perms, collectionId, 'add')) throw new PermissionDenied('You do not have permission to add images to this collection.');
  }

  return {
    limits,
    requireAddTo,
    async loadImage(req) {
      const id = databaseId.safeParse(req.params.imageId);
      const image = id.success ? (await getImagesByIds(db, [id.data])).get(id.data) : undefined;
      if (!image) throw new NotFoundError('There is no image with this id.');
      return image;
    },
    async thumbnail(image, spec) {
      try {
        const rendition = await getRendition(db, storage, image, spec);
        return { url: renditionUrl(rendition), width: rendition.width, height: rendition.height };
      } catch (error) {
        // A missing original still lists the image, by title, so it can be fixed or deleted.
        if (error instanceof HttpError) throw error;
        return undefined;
      }
    },
    async createFromForm(perms, fields, bytes, problems) {
      requireAddTo(perms, fields.collectionId);
      try {
        return await new CreateImageAction(db, { ...fields, bytes }, perms, { storage, limits }).execute();
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        (problems.errors.file ??= []).push(error.message);
        problems.formErrors.push(error.message);
        return undefined;
      }
    },
  };
}

/** Whether the caller asked for JSON (the multiple upload's and chooser's scripts do). */
export function wantsJson(req: Request): boolean {
  return req.accepts(['html', 'json']) === 'json';
}
