/** What every images back-office view shares: loading an image, its thumbnails, and adding one from a form. */
import type { Request } from 'express';
import type { Image, ImageRendition } from '../../db/schema';
import { HttpError, InsufficientStorageError, NotFoundError, PermissionDenied, ValidationError } from '../../errors';
import { CreateImageAction } from '../../actions/manage-images';
import { getImagesByIds, imageLimitsOf, logUnreadableImage, UnreadableImageError, type ImageLimits } from '../../models/images';
import type { UserPermissions } from '../../models/permissions';
import { getRendition, renditionUrl } from '../../models/renditions';
import { databaseId } from '../../db/database-id';
import { type FormProblems } from '../../forms/problems';
import type { ImageFields } from '../images-form';
import type { AdminContext } from '../types';
import { mediaPolicy } from '../../models/permission-policies';

/** The listing's tile thumbnails (Wagtail's grid uses max-165x165). */
export const TILE_SPEC = 'max-165x165';

/** A rendition shown in a back-office page. */
export interface Thumbnail {
  url: string;
  width: number;
  height: number;
}

/** What a back-office page shows of an image: a rendition, else none, and whether that is because its file cannot be read or the storage is full. */
export interface ShownImage {
  thumbnail?: Thumbnail;
  /** The file does not decode: the image is shown as broken, to have its file replaced. */
  unreadable: boolean;
  /** The rendition could not be stored. */
  storageFull: boolean;
}

/** An upload's outcome: the new image, or the status its refusal answers with (the form's problems say why). */
type UploadOutcome = { image: Image } | { image?: undefined; status: number };

/** The helpers of the images views, bound to the app's database, storage and limits. */
export interface ImageAdmin {
  limits: ImageLimits;
  /** The image the route's `imageId` names; NotFoundError when there is none. */
  loadImage(req: Request): Promise<Image>;
  /** The image's rendition for a spec; an UnreadableImageError (logged the first time) when its file cannot be read. */
  rendition(image: Image, spec: string): Promise<ImageRendition>;
  /** A rendition of the image; none when its original is missing or cannot be read. */
  show(image: Image, spec: string): Promise<ShownImage>;
  /** Refuses unless the user holds 'add' on the chosen collection (after the form named one of the offered ones). */
  requireAddTo(perms: UserPermissions, collectionId: number): void;
  /** Creates an image from checked fields and its upload, in a collection the user may add to; refusals are thrown (isUploadRefusal). */
  create(perms: UserPermissions, fields: ImageFields, bytes: Buffer): Promise<Image>;
  /** As create, a refused upload, or one the full storage cannot keep, becoming a problem of the file field (the multiple upload). */
  createFromForm(perms: UserPermissions, fields: ImageFields, bytes: Buffer, problems: FormProblems): Promise<UploadOutcome>;
}

/** The images views' helpers for one app. */
export function imageAdmin({ db, config, storage, logger }: AdminContext): ImageAdmin {
  const limits = imageLimitsOf(config);

  function requireAddTo(perms: UserPermissions, collectionId: number): void {
    if (!mediaPolicy.userHasPermissionInCollection(perms, 'add', collectionId)) throw new PermissionDenied('You do not have permission to add images to this collection.');
  }

  function create(perms: UserPermissions, fields: ImageFields, bytes: Buffer): Promise<Image> {
    requireAddTo(perms, fields.collectionId);
    return new CreateImageAction(db, { ...fields, bytes }, perms, { storage, limits }).execute();
  }

  async function rendition(image: Image, spec: string): Promise<ImageRendition> {
    try {
      return await getRendition(db, storage, image, spec);
    } catch (error) {
      if (error instanceof UnreadableImageError) logUnreadableImage(logger, error);
      throw error;
    }
  }

  return {
    limits,
    requireAddTo,
    rendition,
    async loadImage(req) {
      const id = databaseId.safeParse(req.params.imageId);
      const image = id.success ? (await getImagesByIds(db, [id.data])).get(id.data) : undefined;
      if (!image) throw new NotFoundError('There is no image with this id.');
      return image;
    },
    async show(image, spec) {
      try {
        const shown = await rendition(image, spec);
        return { thumbnail: { url: renditionUrl(shown), width: shown.width, height: shown.height }, unreadable: false, storageFull: false };
      } catch (error) {
        if (error instanceof UnreadableImageError) return { unreadable: true, storageFull: false };
        if (error instanceof InsufficientStorageError) return { unreadable: false, storageFull: true };
        // A missing original still lists the image, by title, so it can be fixed or deleted.
        if (error instanceof HttpError) throw error;
        return { unreadable: false, storageFull: false };
      }
    },
    create,
    async createFromForm(perms, fields, bytes, problems) {
      try {
        return { image: await create(perms, fields, bytes) };
      } catch (error) {
        if (!isUploadRefusal(error)) throw error;
        (problems.errors.file ??= []).push(error.message);
        problems.formErrors.push(error.message);
        return { status: error.status };
      }
    },
  };
}

/** Whether an upload failed for a reason its form can show: the file was refused (400), or the storage is full (507). */
function isUploadRefusal(error: unknown): error is ValidationError | InsufficientStorageError {
  return error instanceof ValidationError || error instanceof InsufficientStorageError;
}

/** Whether the caller asked for JSON (the multiple upload's and chooser's scripts do). */
export function wantsJson(req: Request): boolean {
  return req.accepts(['html', 'json']) === 'json';
}
