/**
 * The two collection policies, as Wagtail's: media in collections (images, documents, videos;
 * CollectionOwnershipPermissionPolicy) and the collections themselves
 * (CollectionManagementPermissionPolicy). Grants on a collection hold for its descendants too;
 * loadUserGrants has already carried them down.
 */
import type { Collection, CollectionManagementPermission, CollectionPermission } from '../../db/schema';
import { BasePermissionPolicy, type UserGrants } from './base';

/** What the media policy must know of an item: where it is and who uploaded it. */
export interface MediaItem {
  collection_id: number;
  uploaded_by_user_id: number | null;
}

/**
 * Media in collections (Wagtail's CollectionOwnershipPermissionPolicy): 'add' and 'choose' on
 * the collection; 'change' or 'delete' on it, or being the uploader who may still add to it.
 */
export class CollectionOwnershipPermissionPolicy extends BasePermissionPolicy<CollectionPermission, MediaItem> {
  /** Whether the user holds the permission on some collection. */
  userHasPermission(perms: UserGrants, action: CollectionPermission): boolean {
    if (!perms.user.is_active) return false;
    return perms.user.is_superuser || perms.collectionGrants.some((grant) => grant.permission === action);
  }

  /** Whether the user may use the media screens at all: any media permission on any collection. */
  userMayUseMedia(perms: UserGrants): boolean {
    return perms.canAccessAdmin && (perms.user.is_superuser || perms.collectionGrants.length > 0);
  }

  /** Wagtail's owner rule on one item: the collection's own permission, or for change and delete, the uploader holding 'add'. */
  userHasPermissionForInstance(perms: UserGrants, action: CollectionPermission, item: MediaItem): boolean {
    if (this.userHasPermissionInCollection(perms, action, item.collection_id)) return true;
    if (action !== 'change' && action !== 'delete') return false;
    return item.uploaded_by_user_id !== null && item.uploaded_by_user_id === perms.user.id && this.userHasPermissionInCollection(perms, 'add', item.collection_id);
  }

  /** Whether the user holds the permission on the media of this collection, granted on it or on an ancestor. */
  userHasPermissionInCollection(perms: UserGrants, action: CollectionPermission, collectionId: number): boolean {
    if (!perms.user.is_active) return false;
    if (perms.user.is_superuser) return true;
    return perms.collectionGrants.some((grant) => grant.collectionId === collectionId && grant.permission === action);
  }

  /** The collections where the user holds the permission; undefined means every collection (active superusers). */
  collectionsUserHasPermissionFor(perms: UserGrants, action: CollectionPermission): number[] | undefined {
    if (perms.user.is_superuser && perms.user.is_active) return undefined;
    if (!perms.user.is_active) return [];
    return [...new Set(perms.collectionGrants.filter((grant) => grant.permission === action).map((grant) => grant.collectionId))];
  }

  /** The collections where the user holds any of the permissions; undefined means every collection. */
  collectionsUserHasAnyPermissionFor(perms: UserGrants, actions: readonly CollectionPermission[]): number[] | undefined {
    const each = actions.map((action) => this.collectionsUserHasPermissionFor(perms, action));
    if (each.some((ids) => ids === undefined)) return undefined;
    return [...new Set(each.flatMap((ids) => ids ?? []))];
  }
}

/** The one policy of images, documents and videos. */
export const mediaPolicy = new CollectionOwnershipPermissionPolicy();

/** A collection as its policy reads it: the root has no parent. */
export type CollectionFields = Pick<Collection, 'id' | 'parent_id'>;

// Who manages collections, as Wagtail's CollectionManagementPermissionPolicy: a permission of its
// own, never implied by the media permissions, granted per collection and inherited by its
// descendants. 'add_collection' adds children under the collection, 'change_collection' renames,
// moves and sets the privacy of it, 'delete_collection' deletes the collections below it (not
// the one it was granted on). Superusers manage every collection.

/** The collections themselves: adding under, renaming, moving, deleting and the privacy of their documents. */
export class CollectionManagementPermissionPolicy extends BasePermissionPolicy<CollectionManagementPermission, Pick<Collection, 'id'>> {
  /** Whether the user holds the permission on some collection (any of them opens the collections screens). */
  userHasPermission(perms: UserGrants, action: CollectionManagementPermission): boolean {
    return perms.canAccessAdmin && (perms.user.is_superuser || perms.collectionManagementGrants.some((grant) => grant.permission === action));
  }

  /** Whether the user holds the permission at this collection, granted on it or on an ancestor. */
  userHasPermissionForInstance(perms: UserGrants, action: CollectionManagementPermission, collection: Pick<Collection, 'id'>): boolean {
    if (!perms.canAccessAdmin || !perms.user.is_active) return false;
    if (perms.user.is_superuser) return true;
    return perms.collectionManagementGrants.some((grant) => grant.collectionId === collection.id && grant.permission === action);
  }

  /** The collections the user may see on the collections screen (undefined: all). */
  instancesUserHasAnyPermissionFor(perms: UserGrants): number[] | undefined {
    if (perms.user.is_superuser && perms.user.is_active) return undefined;
    return [...new Set(perms.collectionManagementGrants.map((grant) => grant.collectionId))];
  }

  /** Whether the user may add a child collection under this one. */
  userCanAddUnder(perms: UserGrants, parentId: number): boolean {
    return this.userHasPermissionForInstance(perms, 'add_collection', { id: parentId });
  }

  /** Why the user may not rename or move this collection, or null. */
  editRefusal(perms: UserGrants, collection: CollectionFields): string | null {
    if (collection.parent_id === null) return 'The root collection cannot be edited.';
    return this.userHasPermissionForInstance(perms, 'change_collection', collection) ? null : 'You do not have permission to edit this collection.';
  }

  /**
   * Why the user may not move this collection to another parent, or null: Wagtail keeps a
   * collection in place when the user's own permissions to manage collections were given on it.
   * Where it may go is asked separately (userCanAddUnder).
   */
  moveRefusal(perms: UserGrants, collection: Pick<Collection, 'id'>): string | null {
    if (perms.user.is_superuser && perms.user.is_active) return null;
    const grantedHere = perms.collectionManagementGrants.some((grant) => grant.direct && grant.collectionId === collection.id);
    return grantedHere ? 'This collection cannot be moved: your permissions to manage collections were given on it.' : null;
  }

  /** Why the user may not delete this collection, or null ('delete_collection' above it; its contents are checked separately). */
  deleteRefusal(perms: UserGrants, collection: CollectionFields): string | null {
    if (collection.parent_id === null) return 'The root collection cannot be deleted.';
    return this.userHasPermissionForInstance(perms, 'delete_collection', { id: collection.parent_id }) ? null : 'You do not have permission to delete this collection.';
  }

  /** Why the user may not change the privacy of this collection, or null ('change_collection' on it, as Wagtail's privacy view). */
  privacyRefusal(perms: UserGrants, collection: CollectionFields): string | null {
    if (collection.parent_id === null) return 'The root collection has no privacy setting.';
    return this.userHasPermissionForInstance(perms, 'change_collection', collection) ? null : 'You do not have permission to change the privacy of this collection.';
  }
}

/** The one policy of the collections screens. */
export const collectionManagementPolicy = new CollectionManagementPermissionPolicy();
