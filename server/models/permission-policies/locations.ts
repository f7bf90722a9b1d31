import { BasePermissionPolicy, type UserGrants } from './base';

/** Running a location's host stand (wait list, reservations): the 'host' grants of the user's groups, one location or all. */
export class LocationPermissionPolicy extends BasePermissionPolicy<'host', number> {
  /** Whether the user may run the host stand of at least one location (the menu shows the host stand). */
  userHasPermission(perms: UserGrants, _action: 'host'): boolean {
    return perms.canAccessAdmin && (perms.user.is_superuser || perms.hostGrants.length > 0);
  }

  /** Whether the user may run the host stand of this location. */
  userHasPermissionForInstance(perms: UserGrants, _action: 'host', rlid: number): boolean {
    if (!perms.canAccessAdmin) return false;
    if (perms.user.is_superuser) return true;
    return perms.hostGrants.some((grant) => grant.rlid === null || grant.rlid === rlid);
  }

  /** Whether the user may run the host stand of every location (they search all of them). */
  userHasPermissionEverywhere(perms: UserGrants): boolean {
    return perms.canAccessAdmin && (perms.user.is_superuser || perms.hostGrants.some((grant) => grant.rlid === null));
  }
}

/** The one policy of the host stand. */
export const locationPolicy = new LocationPermissionPolicy();
