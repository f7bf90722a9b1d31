import { expect } from 'chai';
import type { Db } from '../../server/db/database';
import { PermissionDenied } from '../../server/errors';
import { loadUserPermissions, type UserPermissions } from '../../server/models/permissions';
import { createAdminUser, type AdminUserOptions } from './admin';

/** A new admin user (createAdminUser's options) with their permissions loaded, as an action's actor. */
export async function actorWith(db: Db, options: AdminUserOptions = {}): Promise<UserPermissions> {
  return loadUserPermissions(db, await createAdminUser(db, options));
}

/** Expects the action to be refused with this error (PermissionDenied by default); answers the error. */
export async function expectRefused(run: Promise<unknown>, kind: abstract new (...args: never[]) => Error = PermissionDenied): Promise<Error> {
  const error = await run.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, 'the action was not refused').to.be.instanceOf(kind);
  return error as Error;
}

/** The audit codes written about one object, oldest first. */
export async function auditCodes(db: Db, objectType: string, objectId: number): Promise<string[]> {
  const rows = await db.selectFrom('admin_log_entries').select('action').where('object_type', '=', objectType).where('object_id', '=', objectId).orderBy('id').execute();
  return rows.map((row) => row.action);
}
