import type { Db } from '../db/database';
import type { Group, User } from '../db/schema';
import { withTransaction } from '../db/transaction';
import { PermissionDenied, ValidationError } from '../errors';
import { writeLogEntry } from '../models/admin-log';
import { deleteGroup, saveGroup, type GroupInput } from '../models/groups';
import { canManageUsers, type UserPermissions } from '../models/permissions';
import { deleteUser, saveUser, setUserActive, type UserInput } from '../models/user-admin';

// User and group changes share one rule (only user managers) and one audit format, so they
// are small functions over that rule rather than one class each.

function requireUserManager(actor: UserPermissions): void {
  if (!canManageUsers(actor)) throw new PermissionDenied('You do not have permission to manage users and groups.');
}

function refuseSelf(actor: UserPermissions, userId: number, what: string): void {
  if (actor.user.id === userId) throw new ValidationError(`You cannot ${what} your own account.`);
}

/** Creates (id undefined) or updates a user with their groups. Audit 'user.create' / 'user.edit'. */
export async function saveUserAccount(db: Db, actor: UserPermissions, id: number | undefined, input: UserInput): Promise<User> {
  requireUserManager(actor);
  if (id !== undefined && actor.user.id === id && (!input.isActive || !input.isSuperuser)) {
    throw new ValidationError('You cannot deactivate your own account or take away your own superuser status.');
  }
  return withTransaction(db, async (trx) => {
    const user = await saveUser(trx, id, input);
    await writeLogEntry(trx, { action: id === undefined ? 'user.create' : 'user.edit', userId: actor.user.id, objectType: 'user', objectId: user.id, label: user.username });
    return user;
  });
}

/** Activates or deactivates a user. Audit 'user.activate' / 'user.deactivate'. */
export async function setUserAccountActive(db: Db, actor: UserPermissions, user: User, isActive: boolean): Promise<void> {
  requireUserManager(actor);
  refuseSelf(actor, user.id, 'deactivate');
  await withTransaction(db, async (trx) => {
    await setUserActive(trx, user.id, isActive);
    await writeLogEntry(trx, { action: isActive ? 'user.activate' : 'user.deactivate', userId: actor.user.id, objectType: 'user', objectId: user.id, label: user.username });
  });
}

/** Deletes a user. Audit 'user.delete'. */
export async function deleteUserAccount(db: Db, actor: UserPermissions, user: User): Promise<void> {
  requireUserManager(actor);
  refuseSelf(actor, user.id, 'delete');
  await withTransaction(db, async (trx) => {
    await deleteUser(trx, user.id);
    await writeLogEntry(trx, { action: 'user.delete', userId: actor.user.id, objectType: 'user', objectId: user.id, label: user.username });
  });
}

/** Creates (id undefined) or updates a group with its grants. Audit 'group.create' / 'group.edit'. */
export async function saveGroupWithGrants(db: Db, actor: UserPermissions, id: number | undefined, input: GroupInput): Promise<Group> {
  requireUserManager(actor);
  return withTransaction(db, async (trx) => {
    const group = await saveGroup(trx, id, input);
    await writeLogEntry(trx, {
      action: id === undefined ? 'group.create' : 'group.edit',
      userId: actor.user.id,
      objectType: 'group',
      objectId: group.id,
      label: group.name,
      data: { can_access_admin: input.canAccessAdmin, page_grants: input.pageGrants, collection_grants: input.collectionGrants, host_grant: input.hostGrant },
    });
    return group;
  });
}

/** Deletes a group. Audit 'group.delete'. */
export async function deleteGroupWithGrants(db: Db, actor: UserPermissions, group: Group): Promise<void> {
  requireUserManager(actor);
  await withTransaction(db, async (trx) => {
    await deleteGroup(trx, group.id);
    await writeLogEntry(trx, { action: 'group.delete', userId: actor.user.id, objectType: 'group', objectId: group.id, label: group.name });
  });
}
