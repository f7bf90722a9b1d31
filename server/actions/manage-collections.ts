import type { Db } from '../db/database';
import type { Collection } from '../db/schema';
import { ConflictError, ValidationError } from '../errors';
import { collectionContents, collectionNameTaken, insertCollection, isEmptyCollection, removeCollection, subtreeIds, updateCollection } from '../models/collections';
import type { UserPermissions } from '../models/permissions';
import { replaceCollectionRestriction, type ViewPrivacy } from '../models/view-restrictions';
import { lockRowOrThrow } from '../models/row-locks';
import { Action, CreateAction, refuseWith, type NoOptions } from './action';
import { collectionManagementPolicy } from '../models/permission-policies';

// Collection changes share one audit format and small rules kept in models/collections.ts.

/** A collection's name and place in the tree, as the add and edit forms give them. */
export interface CollectionInput {
  name: string;
  parentId: number;
}

/** Why a collection's name or place was refused, for the form to show beside that field. */
export class CollectionFormError extends ValidationError {
  constructor(field: 'name' | 'parent', message: string) {
    super(message, { field });
  }
}

function ensureMayAddUnder(actor: UserPermissions, parentId: number): void {
  if (!collectionManagementPolicy.userCanAddUnder(actor, parentId)) throw new CollectionFormError('parent', 'You do not have permission to add a collection there.');
}

/** Refuses a name a sibling already has (case-insensitive, as the unique index). */
async function ensureNameIsFree(trx: Db, input: CollectionInput, exceptId?: number): Promise<void> {
  if (await collectionNameTaken(trx, input.name, input.parentId, exceptId))
    throw new CollectionFormError('name', 'A collection with this name already exists in the parent collection.');
}

/** Adds a child collection (the target is its name and parent). Audit 'collection.create'. */
export class CreateCollectionAction extends CreateAction<CollectionInput, Collection> {
  protected checkAgainst(input: CollectionInput): void {
    ensureMayAddUnder(this.actor, input.parentId);
  }

  protected async perform(trx: Db, input: CollectionInput): Promise<Collection> {
    await ensureNameIsFree(trx, input);
    const collection = await insertCollection(trx, input);
    await this.audit(trx, { action: 'collection.create', objectType: 'collection', objectId: collection.id, label: collection.name, data: { parent_id: input.parentId } });
    return collection;
  }
}

/** An action on a collection, re-read under a row lock. */
abstract class CollectionAction<Result, Options = NoOptions> extends Action<Collection, Result, Options> {
  protected lockTarget(trx: Db, collection: Collection): Promise<Collection> {
    return lockRowOrThrow(trx, 'collections', collection.id, 'There is no such collection.');
  }
}

/**
 * Renames a collection and moves it under another parent: never under itself or a descendant,
 * only where the user may add collections, and not the collection the user's permissions to
 * manage collections were given on. Audit 'collection.edit', and 'collection.move' when the
 * parent changed.
 */
export class EditCollectionAction extends CollectionAction<Collection, CollectionInput> {
  protected async checkAgainst(collection: Collection, db: Db): Promise<void> {
    refuseWith(collectionManagementPolicy.editRefusal(this.actor, collection));
    if (this.options.parentId === collection.parent_id) return;
    const unmovable = collectionManagementPolicy.moveRefusal(this.actor, collection);
    if (unmovable !== null) throw new CollectionFormError('parent', unmovable);
    if ((await subtreeIds(db, collection.id)).includes(this.options.parentId))
      throw new CollectionFormError('parent', 'A collection cannot be moved under itself or one of its descendants.');
    // Staying under its parent needs no 'add' there; moving needs it at the destination.
    ensureMayAddUnder(this.actor, this.options.parentId);
  }

  protected async perform(trx: Db, collection: Collection): Promise<Collection> {
    await ensureNameIsFree(trx, this.options, collection.id);
    const updated = await updateCollection(trx, collection.id, this.options);
    const entry = { objectType: 'collection', objectId: updated.id, label: updated.name };
    await this.audit(trx, { ...entry, action: 'collection.edit', data: { name: { before: collection.name, after: updated.name } } });
    if (updated.parent_id !== collection.parent_id)
      await this.audit(trx, { ...entry, action: 'collection.move', data: { parent_id: { before: collection.parent_id, after: updated.parent_id } } });
    return updated;
  }
}

/** Deletes an empty collection; one holding media or child collections is refused. Audit 'collection.delete'. */
export class DeleteCollectionAction extends CollectionAction<void> {
  protected checkAgainst(collection: Collection): void {
    refuseWith(collectionManagementPolicy.deleteRefusal(this.actor, collection));
  }

  protected async perform(trx: Db, collection: Collection): Promise<void> {
    if (!isEmptyCollection(await collectionContents(trx, collection.id))) throw new ConflictError('This collection cannot be deleted, because it is not empty.');
    await removeCollection(trx, collection.id);
    await this.audit(trx, { action: 'collection.delete', objectType: 'collection', objectId: collection.id, label: collection.name });
  }
}

/**
 * Replaces who may see the documents of a collection and its descendants (the option). Audit
 * 'collection.view_restriction.create' or 'collection.view_restriction.delete'.
 */
export class SetCollectionPrivacyAction extends CollectionAction<void, ViewPrivacy> {
  protected checkAgainst(collection: Collection): void {
    refuseWith(collectionManagementPolicy.privacyRefusal(this.actor, collection));
  }

  protected async perform(trx: Db, collection: Collection): Promise<void> {
    const privacy = this.options;
    const removed = await replaceCollectionRestriction(trx, collection.id, privacy);
    if (privacy.type === 'public' && removed === 0) return;
    await this.audit(trx, {
      action: privacy.type === 'public' ? 'collection.view_restriction.delete' : 'collection.view_restriction.create',
      objectType: 'collection',
      objectId: collection.id,
      label: collection.name,
      data: { restriction_type: privacy.type },
    });
  }
}
