/**
 * What every permission policy answers (Wagtail's permission_policies/base.py): whether a user
 * may do an action on some instance of a kind of thing, and on one instance. A policy holds all
 * the rules of its resource, so views and actions ask it instead of reading grants themselves.
 */
import type { CollectionManagementPermission, CollectionPermission, ObjectPermission, PagePermission, User } from '../../db/schema';

/** A collection management grant as a user holds it: on the collection it was given on (`direct`), and on each descendant. */
export interface CollectionManagementGrant {
  collectionId: number;
  permission: CollectionManagementPermission;
  direct: boolean;
}

/** What the policies read of one user: their flags and their groups' grants (loadUserGrants in ../permissions.ts). */
export interface UserGrants {
  user: Pick<User, 'id' | 'is_active' | 'is_superuser'>;
  canAccessAdmin: boolean;
  /** Page permissions with the path of the page they were granted on. */
  pageGrants: ReadonlyArray<{ path: string; permission: PagePermission }>;
  /** Collection permissions on media, each repeated for every descendant of the collection it was granted on. */
  collectionGrants: ReadonlyArray<{ collectionId: number; permission: CollectionPermission }>;
  /** Permissions to manage collections, likewise repeated for every descendant. */
  collectionManagementGrants: readonly CollectionManagementGrant[];
  /** Locations whose host stand the user runs; a null rlid means every location. */
  hostGrants: ReadonlyArray<{ rlid: number | null }>;
  /** Active moderation tasks one of the user's groups reviews. */
  reviewTaskIds: readonly number[];
  /** Object permissions (redirects, sites, settings, snippets): see ../object-permissions.ts. */
  objectGrants: ReadonlyArray<{ model: string; permission: ObjectPermission }>;
}

/** Decides what users may do with one kind of thing; subclasses say how, at least for any instance. */
export abstract class BasePermissionPolicy<Action extends string, Instance = never> {
  /** Whether the user may do the action on some or all instances. */
  abstract userHasPermission(perms: UserGrants, action: Action): boolean;

  /** Whether the user may do any of the actions on some or all instances. */
  userHasAnyPermission(perms: UserGrants, actions: readonly Action[]): boolean {
    return actions.some((action) => this.userHasPermission(perms, action));
  }

  /** Whether the user may do the action on this instance; as on any instance unless the policy looks closer. */
  userHasPermissionForInstance(perms: UserGrants, action: Action, _instance: Instance): boolean {
    return this.userHasPermission(perms, action);
  }

  /** Whether the user may do any of the actions on this instance. */
  userHasAnyPermissionForInstance(perms: UserGrants, actions: readonly Action[], instance: Instance): boolean {
    return actions.some((action) => this.userHasPermissionForInstance(perms, action, instance));
  }
}

/** Superusers may do everything, nobody else anything: Wagtail's defaults for users, groups and workflows. */
export class SuperuserPermissionPolicy<Action extends string = 'add' | 'change' | 'delete'> extends BasePermissionPolicy<Action> {
  userHasPermission(perms: UserGrants, _action: Action): boolean {
    return perms.user.is_active && perms.user.is_superuser;
  }
}
