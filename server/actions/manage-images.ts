import type { Db } from '../db/database';
import type { Image } from '../db/schema';
import { createImage, deleteImage, replaceImageFile, setFocalPoint, updateImage, type CreateImageOptions, type FocalPoint, type ImageChanges, type ImageLimits } from '../models/images';
import { lockRowOrThrow } from '../models/row-locks';
import { CreateAction, type NoOptions } from './action';
import { MediaAction, requireAddTo, storageAfterCommit, type MediaActionOptions } from './media-action';

// Images keep their files apart (one key per image), and the model removes stale files (old
// originals, renditions) after its change: inside an action, after the action's commit.

/** Where an image's upload is checked against: the configuration's limits. */
export interface ImageUploadOptions extends MediaActionOptions {
  limits: ImageLimits;
}

/** A new image's fields and upload: the target of CreateImageAction. */
export type NewImage = Omit<CreateImageOptions, 'uploadedBy' | 'limits' | 'collectionId'> & { collectionId: number };

/** Uploads an image into a collection where the actor may add; the actor is its uploader. Audit 'image.create'. */
export class CreateImageAction extends CreateAction<NewImage, Image, ImageUploadOptions> {
  protected checkAgainst(fields: NewImage): void {
    requireAddTo(this.actor, fields.collectionId, 'image');
  }

  protected async perform(trx: Db, fields: NewImage): Promise<Image> {
    const image = await createImage(trx, storageAfterCommit(this.options.storage, trx), { ...fields, uploadedBy: this.actorId, limits: this.options.limits });
    await this.audit(trx, { action: 'image.create', objectType: 'image', objectId: image.id, label: image.title, data: { collection_id: image.collection_id } });
    return image;
  }
}

/** An action on an image, re-read under a row lock. */
abstract class ImageAction<Result, Options = NoOptions> extends MediaAction<Image, Result, Options> {
  protected readonly noun = 'image';

  protected lockTarget(trx: Db, image: Image): Promise<Image> {
    return lockRowOrThrow(trx, 'images', image.id, 'There is no such image.');
  }
}

/** What an image's edit changes: its fields, and its file and focal point when given (null clears the focal point). */
export interface EditImageOptions extends ImageUploadOptions {
  changes: ImageChanges;
  file?: Uint8Array;
  focalPoint?: FocalPoint | null;
}

/**
 * Saves an image's title, alt text, collection (moving needs 'add' there) and tags; replaces its
 * file (Wagtail's "Change image file") and sets its focal point when given. A new picture of
 * another size has its focal point reset, as the old one would not fit it. Audit 'image.edit'.
 */
export class EditImageAction extends ImageAction<Image, EditImageOptions> {
  protected readonly needs = 'change';

  protected checkAgainst(image: Image): void {
    super.checkAgainst(image);
    if (this.options.changes.collectionId !== image.collection_id) requireAddTo(this.actor, this.options.changes.collectionId, 'image');
  }

  protected async perform(trx: Db, image: Image): Promise<Image> {
    const { changes, file, focalPoint, limits } = this.options;
    const storage = storageAfterCommit(this.options.storage, trx);
    let current = file ? await replaceImageFile(trx, storage, image, file, limits) : image;
    current = await updateImage(trx, current, changes);
    const sizeChanged = current.width !== image.width || current.height !== image.height;
    if (focalPoint !== undefined && !sizeChanged) current = await setFocalPoint(trx, storage, current, focalPoint);
    await this.auditItem(trx, 'image.edit', current, {
      title: { before: image.title, after: current.title },
      collection_id: { before: image.collection_id, after: current.collection_id },
      file_replaced: file !== undefined,
      focal_point_changed: focalPoint !== undefined && !sizeChanged,
    });
    return current;
  }
}

/** Deletes an image with its renditions; their files go after the commit. Audit 'image.delete'. */
export class DeleteImageAction extends ImageAction<void> {
  protected readonly needs = 'delete';

  protected async perform(trx: Db, image: Image): Promise<void> {
    await deleteImage(trx, storageAfterCommit(this.options.storage, trx), image);
    await this.auditItem(trx, 'image.delete', image);
  }
}
