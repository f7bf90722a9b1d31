import type { Db } from '../db/database';
import type { User } from '../db/schema';
import { PermissionDenied, ValidationError } from '../errors';
import { checkResetToken } from '../models/password-reset';
import { lockRowOrThrow } from '../models/row-locks';
import { passwordIsCurrent, setPassword, updateUserDetails } from '../models/users';
import { Action } from './action';

// A user's changes to their own account: the account page's details and password, and a new
// password chosen through a reset link. Each is audited on the user, without the password.

/** The current password given with a password change is not the user's. */
export class CurrentPasswordError extends ValidationError {
  override name = 'CurrentPasswordError';
  constructor() {
    super('Your current password was entered incorrectly.');
  }
}

/** An action of a user on their own account, re-read under a row lock. */
abstract class OwnAccountAction<Result, Options> extends Action<User, Result, Options> {
  protected lockTarget(trx: Db, user: User): Promise<User> {
    return lockRowOrThrow(trx, 'users', user.id, 'There is no such user.');
  }

  /** Refuses anyone but the account's owner. */
  protected requireOwner(user: User): void {
    if (this.actor.user.id !== user.id) throw new PermissionDenied('You can only change your own account.');
  }
}

/** What the account page's details form saves. */
export interface AccountDetails {
  firstName: string;
  lastName: string;
  email: string;
  currentTimeZone: string;
}

/** Saves the user's own name, email and time zone. Audit 'user.edit' naming the fields that changed. */
export class EditAccountDetailsAction extends OwnAccountAction<User, AccountDetails> {
  protected checkAgainst(user: User): void {
    this.requireOwner(user);
  }

  protected async perform(trx: Db, user: User): Promise<User> {
    const saved = await updateUserDetails(trx, user.id, this.options);
    const fields = ['first_name', 'last_name', 'email', 'current_time_zone'] as const;
    await this.audit(trx, {
      action: 'user.edit',
      objectType: 'user',
      objectId: user.id,
      label: user.username,
      data: { changed: fields.filter((field) => user[field] !== saved[field]) },
    });
    return saved;
  }
}

/**
 * Changes the user's own password, given the current one (checked on the locked row, so two
 * changes cannot both pass with the same old password); every session of theirs ends. Audit
 * 'user.change_password'.
 */
export class ChangePasswordAction extends OwnAccountAction<void, { currentPassword: string; newPassword: string }> {
  protected async checkAgainst(user: User): Promise<void> {
    this.requireOwner(user);
    if (!(await passwordIsCurrent(user, this.options.currentPassword))) throw new CurrentPasswordError();
  }

  protected async perform(trx: Db, user: User): Promise<void> {
    await setPassword(trx, user.id, this.options.newPassword);
    await this.audit(trx, { action: 'user.change_password', objectType: 'user', objectId: user.id, label: user.username });
  }
}

/** What a reset needs: the link's token, the secret that signed it, the new password and the time. */
export interface ResetPasswordOptions {
  token: string;
  secret: string;
  newPassword: string;
  now: Date;
}

/**
 * Sets a new password through a reset link: the actor is the user the link names, and the token
 * is checked on the locked row, so a link is used once even by two requests at the same time
 * (the new password invalidates it). Every session of theirs ends. Audit 'user.reset_password'.
 */
export class ResetPasswordAction extends OwnAccountAction<void, ResetPasswordOptions> {
  protected checkAgainst(user: User): void {
    this.requireOwner(user);
    if (!user.is_active || !checkResetToken(user, this.options.token, this.options.secret, this.options.now)) {
      throw new PermissionDenied('This password reset link is no longer valid.');
    }
  }

  protected async perform(trx: Db, user: User): Promise<void> {
    await setPassword(trx, user.id, this.options.newPassword);
    await this.audit(trx, { action: 'user.reset_password', objectType: 'user', objectId: user.id, label: user.username });
  }
}
