import type { Db } from '../db/database';
import { afterCommit } from '../db/transaction';
import type { CollectionPermission } from '../db/schema';
import { PermissionDenied } from '../errors';
import type { MediaStorage } from '../media-storage';
import type { UserPermissions } from '../models/permissions';
import { Action, type NoOptions } from './action';
import { mediaPolicy, type MediaItem } from '../models/permission-policies';

/** What every media action is given besides its target: where the files are. */
export interface MediaActionOptions {
  storage: MediaStorage;
}

/** A media row as the actions know it: collection permissions decide, the title names it in the audit log. */
export type MediaRow = MediaItem & { id: number; title: string };

/**
 * The storage as an action's transaction sees it: files are written at once, and a removal of a
 * file written in this transaction (a model undoing its own failed write) happens at once too;
 * every other removal waits for the commit, so a rollback never leaves rows naming files that
 * are gone. For images and videos, whose models remove files after their change anyway.
 */
export function storageAfterCommit(storage: MediaStorage, trx: Db): MediaStorage {
  const written = new Set<string>();
  return {
    location: storage.location,
    async save(key, bytes) {
      written.add(key);
      await storage.save(key, bytes);
    },
    read: (key) => storage.read(key),
    async remove(key) {
      if (written.has(key)) return storage.remove(key);
      afterCommit(trx, () => storage.remove(key));
    },
    exists: (key) => storage.exists(key),
    stat: (key) => storage.stat(key),
    stream: (key, range) => storage.stream(key, range),
  };
}

/** Refuses unless the actor may add to the collection. */
export function requireAddTo(actor: UserPermissions, collectionId: number, noun: string): void {
  if (!mediaPolicy.userHasPermissionInCollection(actor, 'add', collectionId)) throw new PermissionDenied(`You do not have permission to add ${noun}s to this collection.`);
}

/** Refuses a move to another collection unless the actor holds one of `permissions` there. */
export function requireMoveTo(actor: UserPermissions, item: MediaItem, collectionId: number, permissions: readonly CollectionPermission[]): void {
  if (collectionId === item.collection_id || permissions.some((permission) => mediaPolicy.userHasPermissionInCollection(actor, permission, collectionId))) return;
  throw new PermissionDenied('You do not have permission to use this collection.');
}

/**
 * An action on an image, document or video row (each kind re-reads its own table under a row
 * lock), checked with Wagtail's owner rule for media: 'change' or 'delete' on its collection,
 * or the uploader who may still add there.
 */
export abstract class MediaAction<Row extends MediaRow, Result, Options = NoOptions> extends Action<Row, Result, Options & MediaActionOptions> {
  /** How refusals and the audit log name the kind. */
  protected abstract readonly noun: string;
  /** What the action needs on the item. */
  protected abstract readonly needs: 'change' | 'delete';

  protected checkAgainst(item: Row): void {
    if (mediaPolicy.userHasPermissionForInstance(this.actor, this.needs, item)) return;
    throw new PermissionDenied(this.needs === 'change' ? `You do not have permission to edit this ${this.noun}.` : `You do not have permission to delete this ${this.noun}.`);
  }

  /** Writes the audit entry of a change to this item. */
  protected auditItem(trx: Db, action: string, item: MediaRow, data: Record<string, unknown> = {}) {
    return this.audit(trx, { action, objectType: this.noun, objectId: item.id, label: item.title, data });
  }
}
