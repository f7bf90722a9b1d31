import type { Db } from '../db/database';
import type { CollectionPermission, Page, PagePermission, User } from '../db/schema';
import { reviewTaskIdsOf } from './workflows';

/** Every page permission, in the order the group editor shows them. */
export const PAGE_PERMISSIONS: readonly PagePermission[] = ['add', 'change', 'publish', 'bulk_delete', 'lock', 'unlock'];

/** Every collection permission, in the order the group editor shows them. */
export const COLLECTION_PERMISSIONS: readonly CollectionPermission[] = ['add', 'change', 'choose', 'delete'];

/** What one user may do, loaded once per request and asked many times. */
export interface UserPermissions {
  user: User;
  canAccessAdmin: boolean;
  /** Page permissions with the path of the page they were granted on. */
  pageGrants: ReadonlyArray<{ path: string; permission: PagePermission }>;
  collectionGrants: ReadonlyArray<{ collectionId: number; permission: CollectionPermission }>;
  /** Locations whose host stand the user runs; a null rlid means every location. */
  hostGrants: ReadonlyArray<{ rlid: number | null }>;
  /** Active moderation tasks one of the user's groups reviews. */
  reviewTaskIds: readonly number[];
}

/** Loads a user's groups' grants; an inactive user gets none. */
export async function loadUserPermissions(db: Db, user: User): Promise<UserPermissions> {
  if (!user.is_active) return { user, canAccessAdmin: false, pageGrants: [], collectionGrants: [], hostGrants: [], reviewTaskIds: [] };
  const [admin, pageGrants, collectionGrants, hostGrants, reviewTaskIds] = await Promise.all([
    db
      .selectFrom('user_groups')
      .innerJoin('groups', 'groups.id', 'user_groups.group_id')
      .select('groups.id')
      .where('user_groups.user_id', '=', user.id)
      .where('groups.can_access_admin', '=', true)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('user_groups')
      .innerJoin('group_page_permissions as gpp', 'gpp.group_id', 'user_groups.group_id')
      .innerJoin('pages', 'pages.id', 'gpp.page_id')
      .select(['pages.path', 'gpp.permission'])
      .where('user_groups.user_id', '=', user.id)
      .execute(),
    db
      .selectFrom('user_groups')
      .innerJoin('group_collection_permissions as gcp', 'gcp.group_id', 'user_groups.group_id')
      .select(['gcp.collection_id as collectionId', 'gcp.permission'])
      .where('user_groups.user_id', '=', user.id)
      .execute(),
    db
      .selectFrom('user_groups')
      .innerJoin('group_location_permissions as glp', 'glp.group_id', 'user_groups.group_id')
      .select('glp.rlid')
      .where('user_groups.user_id', '=', user.id)
      .where('glp.permission', '=', 'host')
      .execute(),
    reviewTaskIdsOf(db, user.id),
  ]);
  return { user, canAccessAdmin: user.is_superuser || admin !== undefined, pageGrants, collectionGrants, hostGrants, reviewTaskIds };
}

/** Whether the user holds a permission on a page, granted on it or on one of its ancestors. */
export function hasPagePermission(perms: UserPermissions, page: Pick<Page, 'path'>, permission: PagePermission): boolean {
  if (!perms.user.is_active) return false;
  if (perms.user.is_superuser) return true;
  return perms.pageGrants.some((grant) => grant.permission === permission && page.path.startsWith(grant.path));
}

/** Whether the user holds a permission on the media of a collection. */
export function hasCollectionPermission(perms: UserPermissions, collectionId: number, permission: CollectionPermission): boolean {
  if (!perms.user.is_active) return false;
  if (perms.user.is_superuser) return true;
  return perms.collectionGrants.some((grant) => grant.collectionId === collectionId && grant.permission === permission);
}

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

/** Whether a page is locked against this user (locked by somebody else). */
export function isLockedAgainst(perms: UserPermissions, page: Pick<Page, 'locked' | 'locked_by'>): boolean {
  return page.locked && page.locked_by !== perms.user.id;
}

/** Whether the user reviews a moderation task (superusers review every task). */
export function canReviewTask(perms: UserPermissions, taskId: number): boolean {
  if (!perms.user.is_active || !perms.canAccessAdmin) return false;
  return perms.user.is_superuser || perms.reviewTaskIds.includes(taskId);
}

/** Whether a page in moderation is held against this user: only its task's reviewers may change it. */
export function isInModerationAgainst(perms: UserPermissions, page: Pick<Page, 'workflow_task_id'>): boolean {
  return page.workflow_task_id !== null && !canReviewTask(perms, page.workflow_task_id);
}

type PageFields = Pick<Page, 'path' | 'locked' | 'locked_by' | 'owner' | 'depth' | 'numchild' | 'live' | 'workflow_task_id'>;

/**
 * What a user may do with one page, following Wagtail's rules: 'change' edits any page in the
 * subtree, 'add' edits the pages the user owns, a lock held by somebody else blocks edits and
 * publishing, and so does a moderation task the user does not review (Wagtail's workflow lock);
 * deleting a page with subpages needs 'bulk_delete' too.
 */
export function pageActionsFor(perms: UserPermissions, page: PageFields) {
  const isRoot = page.depth <= 1;
  const has = (permission: PagePermission) => hasPagePermission(perms, page, permission);
  const ownsIt = page.owner !== null && page.owner === perms.user.id && has('add');
  const canChange = !isRoot && (has('change') || ownsIt);
  const unlocked = !isLockedAgainst(perms, page) && !isInModerationAgainst(perms, page);
  return {
    canEdit: canChange && unlocked,
    canAddSubpage: has('add'),
    canPublish: !isRoot && has('publish') && unlocked,
    canUnpublish: !isRoot && page.live && has('publish') && unlocked,
    canDelete: canChange && unlocked && (page.numchild === 0 || has('bulk_delete')),
    canMove: canChange && unlocked,
    canCopy: !isRoot && canChange,
    canLock: !isRoot && !page.locked && has('lock'),
    canUnlock: !isRoot && page.locked && (page.locked_by === perms.user.id || has('unlock')),
    canViewRevisions: canChange,
    canSetPrivacy: canChange,
  };
}

/** The answers of pageActionsFor. */
export type PageActions = ReturnType<typeof pageActionsFor>;

/** One of the page actions above, by name. */
export type PageActionName = keyof PageActions;

/** Whether the user may do this action on this page. */
export function canOnPage(perms: UserPermissions, page: PageFields, action: PageActionName): boolean {
  return pageActionsFor(perms, page)[action];
}

/** Whether the user may manage users and groups: superusers only, as in Wagtail's defaults. */
export function canManageUsers(perms: UserPermissions): boolean {
  return perms.user.is_active && perms.user.is_superuser;
}

/** Whether the user may manage workflows and tasks: superusers only, as in Wagtail's defaults. */
export function canManageWorkflows(perms: UserPermissions): boolean {
  return perms.user.is_active && perms.user.is_superuser;
}

/** Whether the user with this id is active and may use the back office (staff-only endpoints). */
export async function isStaff(db: Db, userId: number | undefined): Promise<boolean> {
  if (userId === undefined) return false;
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) return false;
  return (await loadUserPermissions(db, user)).canAccessAdmin;
}
