import type { UserPermissions } from './permissions';

/** Whether the user may run the host stand (wait list, reservations) of this location. */
export function canHost(perms: UserPermissions, rlid: number): boolean {
  if (!perms.canAccessAdmin) return false;
  if (perms.user.is_superuser) return true;
  return perms.hostGrants.some((grant) => grant.rlid === null || grant.rlid === rlid);
}

/** Whether the user may run the host stand of at least one location (the menu shows the host stand). */
export function canHostAnywhere(perms: UserPermissions): boolean {
  return perms.canAccessAdmin && (perms.user.is_superuser || perms.hostGrants.length > 0);
}

/** Whether the user may run the host stand of every location (they search all of them). */
export function canHostEverywhere(perms: UserPermissions): boolean {
  return perms.canAccessAdmin && (perms.user.is_superuser || perms.hostGrants.some((grant) => grant.rlid === null));
}
