import type { Db } from '../db/database';
import type { Collection } from '../db/schema';
import { withTransaction } from '../db/transaction';
import { ConflictError, ValidationError } from '../errors';
import { writeLogEntry } from '../models/admin-log';
import {
  canAddCollectionUnder,
  collectionContents,
  collectionNameTaken,
  collectionDeleteRefusal,
  collectionEditRefusal,
  collectionPrivacyRefusal,
  insertCollection,
  isEmptyCollection,
  removeCollection,
  subtreeIds,
  updateCollection,
} from '../models/collections';
import type { UserPermissions } from '../models/permissions';
import { replaceCollectionRestriction, type ViewPrivacy } from '../models/view-restrictions';
import { refuseWith } from './page-action';

// Collection changes share one audit format and small rules kept in models/collections.ts, so
// they are functions over those rules rather than one class each (as manage-accounts.ts).

/** A collection's name and place in the tree, as the add and edit forms give them. */
export interface CollectionInput {
  name: string;
  parentId: number;
}

/** Why a collection's name or place was refused, for the form to show beside that field. */
export class CollectionFormError extends ValidationError {
  constructor(
    readonly field: 'name' | 'parent',
    message: string,
  ) {
    super(message);
  }
}

function ensureMayAddUnder(actor: UserPermissions, parentId: number): void {
  if (!canAddCollectionUnder(actor, parentId)) throw new CollectionFormError('parent', 'You do not have permission to add a collection there.');
}

/** Refuses a name a sibling already has (case-insensitive, as the unique index). */
async function ensureNameIsFree(trx: Db, input: CollectionInput, exceptId?: number): Promise<void> {
  if (await collectionNameTaken(trx, input.name, input.parentId, exceptId)) throw new CollectionFormError('name', 'A collection with this name already exists in the parent collection.');
}

/** Adds a child collection. Audit 'collection.create'. */
export async function createCollection(db: Db, actor: UserPermissions, input: CollectionInput): Promise<Collection> {
  return withTransaction(db, async (trx) => {
    ensureMayAddUnder(actor, input.parentId);
    await ensureNameIsFree(trx, input);
    const collection = await insertCollection(trx, input);
    await writeLogEntry(trx, { action: 'collection.create', userId: actor.user.id, objectType: 'collection', objectId: collection.id, label: collection.name, data: { parent_id: input.parentId } });
    return collection;
  });
}

/**
 * Renames a collection and moves it under another parent: never under itself or a descendant,
 * and only where the user may add collections. Audit 'collection.edit', and 'collection.move'
 * when the parent changed.
 */
export async function editCollection(db: Db, actor: UserPermissions, collection: Collection, input: CollectionInput): Promise<Collection> {
  refuseWith(collectionEditRefusal(actor, collection));
  const moved = input.parentId !== collection.parent_id;
  return withTransaction(db, async (trx) => {
    if (moved) {
      if ((await subtreeIds(trx, collection.id)).includes(input.parentId)) throw new CollectionFormError('parent', 'A collection cannot be moved under itself or one of its descendants.');
      // Staying under its parent needs no 'add' there; moving needs it at the destination.
      ensureMayAddUnder(actor, input.parentId);
    }
    await ensureNameIsFree(trx, input, collection.id);
    const updated = await updateCollection(trx, collection.id, input);
    const entry = { userId: actor.user.id, objectType: 'collection', objectId: updated.id, label: updated.name };
    await writeLogEntry(trx, { ...entry, action: 'collection.edit', data: { name: { before: collection.name, after: updated.name } } });
    if (moved) await writeLogEntry(trx, { ...entry, action: 'collection.move', data: { parent_id: { before: collection.parent_id, after: updated.parent_id } } });
    return updated;
  });
}

/** Deletes an empty collection; one holding media or child collections is refused. Audit 'collection.delete'. */
export async function deleteCollection(db: Db, actor: UserPermissions, collection: Collection): Promise<void> {
  refuseWith(collectionDeleteRefusal(actor, collection));
  await withTransaction(db, async (trx) => {
    if (!isEmptyCollection(await collectionContents(trx, collection.id))) throw new ConflictError('This collection cannot be deleted, because it is not empty.');
    await removeCollection(trx, collection.id);
    await writeLogEntry(trx, { action: 'collection.delete', userId: actor.user.id, objectType: 'collection', objectId: collection.id, label: collection.name });
  });
}

/**
 * Replaces who may see the documents of a collection and its descendants. Audit
 * 'collection.view_restriction.create' or 'collection.view_restriction.delete'.
 */
export async function setCollectionPrivacy(db: Db, actor: UserPermissions, collection: Collection, privacy: ViewPrivacy): Promise<void> {
  refuseWith(collectionPrivacyRefusal(actor, collection));
  await withTransaction(db, async (trx) => {
    const removed = await replaceCollectionRestriction(trx, collection.id, privacy);
    if (privacy.type === 'public' && removed === 0) return;
    await writeLogEntry(trx, {
      action: privacy.type === 'public' ? 'collection.view_restriction.delete' : 'collection.view_restriction.create',
      userId: actor.user.id,
      objectType: 'collection',
      objectId: collection.id,
      label: collection.name,
      data: { restriction_type: privacy.type },
    });
  });
}
