import type { CollectionPermission, Image } from '../db/schema';
import { PermissionDenied } from '../errors';
import { collectionOptions, type CollectionOption } from '../models/collections';
import { hasCollectionPermission, permittedCollectionIds, type UserPermissions } from '../models/permissions';
import type { Db } from '../db/database';

/** Permissions that let a user see an image in the listing (Wagtail: any of add, change, delete). */
const LISTING_PERMISSIONS: readonly CollectionPermission[] = ['add', 'change', 'delete'];

/**
 * Wagtail's ownership rule for images: 'change' or 'delete' on the image's collection, or
 * 'add' there when the user uploaded the image.
 */
export function mayOnImage(perms: UserPermissions, image: Pick<Image, 'collection_id' | 'uploaded_by_user_id'>, permission: 'change' | 'delete'): boolean {
  if (hasCollectionPermission(perms, image.collection_id, permission)) return true;
  return image.uploaded_by_user_id !== null && image.uploaded_by_user_id === perms.user.id && hasCollectionPermission(perms, image.collection_id, 'add');
}

/** Refuses (403) unless the user may change or delete the image. */
export function requireOnImage(perms: UserPermissions, image: Image, permission: 'change' | 'delete'): void {
  if (!mayOnImage(perms, image, permission)) {
    throw new PermissionDenied(permission === 'change' ? 'You do not have permission to edit this image.' : 'You do not have permission to delete this image.');
  }
}

/** Collections the listing shows images of; undefined means all (superusers). */
export function listableCollectionIds(perms: UserPermissions): number[] | undefined {
  const ids = new Set<number>();
  for (const permission of LISTING_PERMISSIONS) {
    const permitted = permittedCollectionIds(perms, permission);
    if (!permitted) return undefined;
    for (const id of permitted) ids.add(id);
  }
  return [...ids];
}

/** Collections the user may add images to, in tree order, for upload forms. */
export function addableCollections(db: Db, perms: UserPermissions): Promise<CollectionOption[]> {
  return collectionOptions(db, permittedCollectionIds(perms, 'add'));
}

/** Refuses (403) unless the user may add images somewhere. */
export function requireAnyAdd(perms: UserPermissions): void {
  if (permittedCollectionIds(perms, 'add')?.length === 0) throw new PermissionDenied('You do not have permission to add images.');
}
