import type { Db } from '../db/database';
import type { Group, User } from '../db/schema';
import { PermissionDenied, ValidationError } from '../errors';
import { deleteGroup, saveGroup, type GroupInput } from '../models/groups';
import type { UserPermissions } from '../models/permissions';
import { OBJECT_PERMISSIONS } from '../models/object-permissions';
import { lockRowOrThrow } from '../models/row-locks';
import { deleteUser, saveUser, setUserActive, type UserInput } from '../models/user-admin';
import { createUser, findUserByUsername } from '../models/users';
import { Action, CreateAction, SystemAction, type NoOptions } from './action';
import { userManagementPolicy } from '../models/permission-policies';

// User and group changes share one rule (only user managers) and one audit format.

function requireUserManager(actor: UserPermissions): void {
  if (!userManagementPolicy.userHasAnyPermission(actor, OBJECT_PERMISSIONS)) throw new PermissionDenied('You do not have permission to manage users and groups.');
}

function refuseSelf(actor: UserPermissions, userId: number, what: string): void {
  if (actor.user.id === userId) throw new ValidationError(`You cannot ${what} your own account.`);
}

/** An action of a user manager on a user account, re-read under a row lock. */
abstract class UserAccountAction<Result, Options = NoOptions> extends Action<User, Result, Options> {
  protected lockTarget(trx: Db, user: User): Promise<User> {
    return lockRowOrThrow(trx, 'users', user.id, 'There is no such user.');
  }
}

/** Creates a user with their groups (the target is the new user's fields). Audit 'user.create'. */
export class CreateUserAction extends CreateAction<UserInput, User> {
  protected checkAgainst(): void {
    requireUserManager(this.actor);
  }

  protected async perform(trx: Db, input: UserInput): Promise<User> {
    const user = await saveUser(trx, undefined, input);
    await this.audit(trx, { action: 'user.create', objectType: 'user', objectId: user.id, label: user.username });
    return user;
  }
}

/** What `npm run createsuperuser` was given, already checked against the password rules. */
export interface SuperuserInput {
  username: string;
  email: string;
  password: string;
}

/**
 * A superuser created from the command line, by the system (nobody is signed in to check).
 * Refuses a username taken in any letter case. Audit 'user.create', by nobody.
 */
export class CreateSuperuserAction extends SystemAction<SuperuserInput, void, User> {
  protected async claim(trx: Db): Promise<void> {
    const { username } = this.options;
    if (await findUserByUsername(trx, username)) throw new ValidationError(`the username "${username}" is already taken.`);
  }

  protected async perform(trx: Db): Promise<User> {
    const user = await createUser(trx, { ...this.options, isSuperuser: true });
    await this.audit(trx, { action: 'user.create', objectType: 'user', objectId: user.id, label: user.username, data: { is_superuser: true } });
    return user;
  }
}

/** Updates a user with their groups; nobody deactivates themselves or drops their own superuser status. Audit 'user.edit'. */
export class EditUserAction extends UserAccountAction<User, UserInput> {
  protected checkAgainst(user: User): void {
    requireUserManager(this.actor);
    if (this.actor.user.id === user.id && (!this.options.isActive || !this.options.isSuperuser)) {
      throw new ValidationError('You cannot deactivate your own account or take away your own superuser status.');
    }
  }

  protected async perform(trx: Db, user: User): Promise<User> {
    const saved = await saveUser(trx, user.id, this.options);
    await this.audit(trx, { action: 'user.edit', objectType: 'user', objectId: saved.id, label: saved.username });
    return saved;
  }
}

/** Activates or deactivates a user (the option says which). Audit 'user.activate' / 'user.deactivate'. */
export class SetUserActiveAction extends UserAccountAction<void, { isActive: boolean }> {
  protected checkAgainst(user: User): void {
    requireUserManager(this.actor);
    refuseSelf(this.actor, user.id, 'deactivate');
  }

  protected async perform(trx: Db, user: User): Promise<void> {
    const { isActive } = this.options;
    await setUserActive(trx, user.id, isActive);
    await this.audit(trx, { action: isActive ? 'user.activate' : 'user.deactivate', objectType: 'user', objectId: user.id, label: user.username });
  }
}

/** Deletes a user. Audit 'user.delete'. */
export class DeleteUserAction extends UserAccountAction<void> {
  protected checkAgainst(user: User): void {
    requireUserManager(this.actor);
    refuseSelf(this.actor, user.id, 'delete');
  }

  protected async perform(trx: Db, user: User): Promise<void> {
    await deleteUser(trx, user.id);
    await this.audit(trx, { action: 'user.delete', objectType: 'user', objectId: user.id, label: user.username });
  }
}

/** What a group's audit entry records of its grants. */
function grantsData(input: GroupInput) {
  return { can_access_admin: input.canAccessAdmin, page_grants: input.pageGrants, collection_grants: input.collectionGrants, host_grant: input.hostGrant };
}

/** Creates a group with its grants (the target is the new group's fields). Audit 'group.create'. */
export class CreateGroupAction extends CreateAction<GroupInput, Group> {
  protected checkAgainst(): void {
    requireUserManager(this.actor);
  }

  protected async perform(trx: Db, input: GroupInput): Promise<Group> {
    const group = await saveGroup(trx, undefined, input);
    await this.audit(trx, { action: 'group.create', objectType: 'group', objectId: group.id, label: group.name, data: grantsData(input) });
    return group;
  }
}

/** An action of a user manager on a group, re-read under a row lock. */
abstract class GroupAction<Result, Options = NoOptions> extends Action<Group, Result, Options> {
  protected lockTarget(trx: Db, group: Group): Promise<Group> {
    return lockRowOrThrow(trx, 'groups', group.id, 'There is no such group.');
  }

  protected checkAgainst(): void {
    requireUserManager(this.actor);
  }
}

/** Updates a group with its grants. Audit 'group.edit'. */
export class EditGroupAction extends GroupAction<Group, GroupInput> {
  protected async perform(trx: Db, group: Group): Promise<Group> {
    const saved = await saveGroup(trx, group.id, this.options);
    await this.audit(trx, { action: 'group.edit', objectType: 'group', objectId: saved.id, label: saved.name, data: grantsData(this.options) });
    return saved;
  }
}

/** Deletes a group. Audit 'group.delete'. */
export class DeleteGroupAction extends GroupAction<void> {
  protected async perform(trx: Db, group: Group): Promise<void> {
    await deleteGroup(trx, group.id);
    await this.audit(trx, { action: 'group.delete', objectType: 'group', objectId: group.id, label: group.name });
  }
}
