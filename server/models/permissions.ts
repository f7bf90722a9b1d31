import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { CollectionManagementPermission, CollectionPermission, ObjectPermission, Page, PagePermission, User } from '../db/schema';
import { reviewTaskIdsOf } from './workflows';
import { parentPathOf } from './pages';

/** Every page permission, in the order the group editor shows them. */
export const PAGE_PERMISSIONS: readonly PagePermission[] = ['add', 'change', 'publish', 'bulk_delete', 'lock', 'unlock'];

/** Every collection permission, in the order the group editor shows them. */
export const COLLECTION_PERMISSIONS: readonly CollectionPermission[] = ['add', 'change', 'choose', 'delete'];

/** Every collection management permission, in the order the group editor shows them. */
export const COLLECTION_MANAGEMENT_PERMISSIONS: readonly CollectionManagementPermission[] = ['add_collection', 'change_collection', 'delete_collection'];

/** A collection management grant as a user holds it: on the collection it was given on (`direct`), and on each descendant. */
export interface CollectionManagementGrant {
  collectionId: number;
  permission: CollectionManagementPermission;
  direct: boolean;
}

/** What one user may do, loaded once per request and asked many times. */
export interface UserPermissions {
  user: User;
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
  /** Object permissions (redirects, sites, settings, snippets): see object-permissions.ts. */
  objectGrants: ReadonlyArray<{ model: string; permission: ObjectPermission }>;
}

/** Loads a user's groups' grants; an inactive user gets none. */
export async function loadUserPermissions(db: Db, user: User): Promise<UserPermissions> {
  if (!user.is_active) return { user, canAccessAdmin: false, pageGrants: [], collectionGrants: [], collectionManagementGrants: [], hostGrants: [], reviewTaskIds: [], objectGrants: [] };
  const [admin, pageGrants, collectionRows, hostGrants, reviewTaskIds, objectGrants] = await Promise.all([
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
    inheritedCollectionGrants(db, user.id),
    db
      .selectFrom('user_groups')
      .innerJoin('group_location_permissions as glp', 'glp.group_id', 'user_groups.group_id')
      .select('glp.rlid')
      .where('user_groups.user_id', '=', user.id)
      .where('glp.permission', '=', 'host')
      .execute(),
    reviewTaskIdsOf(db, user.id),
    db
      .selectFrom('user_groups')
      .innerJoin('group_object_permissions as gop', 'gop.group_id', 'user_groups.group_id')
      .select(['gop.model', 'gop.permission'])
      .where('user_groups.user_id', '=', user.id)
      .execute(),
  ]);
  const { collectionGrants, collectionManagementGrants } = splitCollectionGrants(collectionRows);
  return { user, canAccessAdmin: user.is_superuser || admin !== undefined, pageGrants, collectionGrants, collectionManagementGrants, hostGrants, reviewTaskIds, objectGrants };
}

/** Whether the user holds a permission on a page, granted on it or on one of its ancestors. */
export function hasPagePermission(perms: UserPermissions, page: Pick<Page, 'path'>, permission: PagePermission): boolean {
  if (!perms.user.is_active) return false;
  if (perms.user.is_superuser) return true;
  return perms.pageGrants.some((grant) => grant.permission === permission && page.path.startsWith(grant.path));
}

/** One of a user's collection grants, on the collection it was given on (`direct`) or inherited by a descendant. */
interface CollectionGrantRow {
  collectionId: number;
  permission: CollectionPermission | CollectionManagementPermission;
  direct: boolean;
}

/**
 * A user's collection grants with each carried down to the granted collection's descendants,
 * as Wagtail's collection permissions are inherited by child collections.
 */
async function inheritedCollectionGrants(db: Db, userId: number): Promise<CollectionGrantRow[]> {
  const result = await sql<CollectionGrantRow>`
    with recursive granted(collection_id, permission, direct) as (
      select gcp.collection_id, gcp.permission, true
        from user_groups
        join group_collection_permissions gcp on gcp.group_id = user_groups.group_id
       where user_groups.user_id = ${userId}
      union
      select child.id, granted.permission, false
        from collections child
        join granted on child.parent_id = granted.collection_id
    )
    select collection_id as "collectionId", permission, direct from granted`.execute(db);
  return result.rows;
}

const isManagementPermission = (permission: string): permission is CollectionManagementPermission => (COLLECTION_MANAGEMENT_PERMISSIONS as readonly string[]).includes(permission);

/** The media grants and the collection management grants among a user's collection grants: one never stands for the other. */
function splitCollectionGrants(rows: readonly CollectionGrantRow[]): Pick<UserPermissions, 'collectionGrants' | 'collectionManagementGrants'> {
  const collectionGrants: Array<{ collectionId: number; permission: CollectionPermission }> = [];
  const collectionManagementGrants: CollectionManagementGrant[] = [];
  for (const { collectionId, permission, direct } of rows) {
    if (isManagementPermission(permission)) collectionManagementGrants.push({ collectionId, permission, direct });
    else collectionGrants.push({ collectionId, permission });
  }
  return { collectionGrants, collectionManagementGrants };
}

/** The collections where the user holds a permission (inherited ones included); undefined means every collection (superusers). */
export function permittedCollectionIds(perms: UserPermissions, permission: CollectionPermission): number[] | undefined {
  if (perms.user.is_superuser && perms.user.is_active) return undefined;
  if (!perms.user.is_active) return [];
  return [...new Set(perms.collectionGrants.filter((grant) => grant.permission === permission).map((grant) => grant.collectionId))];
}

/** Whether the user holds a permission on the media of a collection, granted on it or on an ancestor. */
export function hasCollectionPermission(perms: UserPermissions, collectionId: number, permission: CollectionPermission): boolean {
  if (!perms.user.is_active) return false;
  if (perms.user.is_superuser) return true;
  return perms.collectionGrants.some((grant) => grant.collectionId === collectionId && grant.permission === permission);
}

/** Whether the user may manage collections at this one (add under it, change it, delete below it), granted on it or on an ancestor. */
export function hasCollectionManagementPermission(perms: UserPermissions, collectionId: number, permission: CollectionManagementPermission): boolean {
  if (!perms.user.is_active) return false;
  if (perms.user.is_superuser) return true;
  return perms.collectionManagementGrants.some((grant) => grant.collectionId === collectionId && grant.permission === permission);
}

/** Media a user may be listed, edited or deleted by collection permissions. */
export interface MediaItem {
  collection_id: number;
  uploaded_by_user_id: number | null;
}

/** Wagtail's owner rule for media: 'change' (or 'delete'), or the uploader who may still add to the collection. */
export function canOnMedia(perms: UserPermissions, item: MediaItem, action: 'change' | 'delete'): boolean {
  if (hasCollectionPermission(perms, item.collection_id, action)) return true;
  return item.uploaded_by_user_id !== null && item.uploaded_by_user_id === perms.user.id && hasCollectionPermission(perms, item.collection_id, 'add');
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

/** What Wagtail's delete and move rules must know of a page's subtree, the page itself included. */
export interface SubtreeFacts {
  /** Whether the page or any page below it is live. */
  anyLive: boolean;
  /** The owner of every page of the subtree when they all share one, else null. */
  soleOwner: number | null;
}

/**
 * What a user may do with one page, following Wagtail's PagePermissionTester: 'change' edits
 * any page in the subtree, 'add' edits the pages the user owns, a lock held by somebody else
 * blocks edits and publishing, and so does a moderation task the user does not review (Wagtail's
 * workflow lock). Whatever changes the public site at once (unpublishing, privacy) needs
 * 'publish', and so does reordering, which moves the page in the live menus. Delete and move are judged on the subtree: without its facts they are refused, so
 * a caller that offers or runs them must load the facts (subtreeFacts in page-listing.ts).
 */
export function pageActionsFor(perms: UserPermissions, page: PageFields, subtree?: SubtreeFacts) {
  const isRoot = page.depth <= 1;
  const has = (permission: PagePermission) => hasPagePermission(perms, page, permission);
  const ownsIt = page.owner !== null && page.owner === perms.user.id && has('add');
  const canChange = !isRoot && (has('change') || ownsIt);
  const unlocked = !isLockedAgainst(perms, page) && !isInModerationAgainst(perms, page);
  return {
    canEdit: canChange && unlocked,
    canAddSubpage: has('add'),
    canPublish: !isRoot && has('publish') && unlocked,
    canUnpublish: unpublishRefusal(perms, page) === null,
    canDelete: subtree !== undefined && removalRefusal(perms, page, subtree, 'delete') === null,
    canMove: subtree !== undefined && removalRefusal(perms, page, subtree, 'move') === null,
    canReorder: reorderRefusal(perms, page) === null,
    canCopy: !isRoot && canChange,
    canLock: !isRoot && !page.locked && has('lock'),
    canUnlock: !isRoot && page.locked && (page.locked_by === perms.user.id || has('unlock')),
    canViewRevisions: canChange,
    canSetPrivacy: privacyRefusal(perms, page) === null,
  };
}

/** The answers of pageActionsFor. */
export type PageActions = ReturnType<typeof pageActionsFor>;

/** One of the page actions above, by name. */
export type PageActionName = keyof PageActions;

/** Whether the user may do this action on this page (delete and move need the subtree's facts). */
export function canOnPage(perms: UserPermissions, page: PageFields, action: PageActionName, subtree?: SubtreeFacts): boolean {
  return pageActionsFor(perms, page, subtree)[action];
}

/** Why the page is held against the user (a lock, a moderation task), or null. */
function holdOn(perms: UserPermissions, page: PageFields): string | null {
  if (isLockedAgainst(perms, page)) return 'This page is locked by another user.';
  if (isInModerationAgainst(perms, page)) return 'This page is awaiting moderation: only the reviewers of its current task can change it.';
  return null;
}

/** Why the user may not unpublish the page, or null (Wagtail's can_unpublish: 'publish' on a live page). */
export function unpublishRefusal(perms: UserPermissions, page: PageFields): string | null {
  if (page.depth <= 1) return 'The root of the page tree cannot be unpublished.';
  if (!page.live) return 'This page is not live.';
  const held = holdOn(perms, page);
  if (held) return held;
  return hasPagePermission(perms, page, 'publish') ? null : 'You do not have permission to publish this page, so you cannot unpublish it either.';
}

/** Why the user may not change who may see the page, or null (Wagtail's can_set_view_restrictions: as publishing). */
export function privacyRefusal(perms: UserPermissions, page: PageFields): string | null {
  if (page.depth <= 1) return 'The root of the page tree has no privacy setting.';
  const held = holdOn(perms, page);
  if (held) return held;
  return hasPagePermission(perms, page, 'publish') ? null : 'You do not have permission to change the privacy of this page: only a user who may publish it can.';
}

/**
 * Why the user may not move the page up or down among its siblings, or null (Wagtail's
 * can_reorder_children, asked of the parent: 'publish' there, since the order shows at once in
 * the live menus). A lock or moderation task held by somebody else on the page blocks it too.
 */
export function reorderRefusal(perms: UserPermissions, page: PageFields): string | null {
  if (page.depth <= 1) return 'The root of the page tree has no siblings to be ordered among.';
  const held = holdOn(perms, page);
  if (held) return held;
  return hasPagePermission(perms, { path: parentPathOf(page.path) }, 'publish') ? null : 'You do not have permission to reorder these pages: only a user who may publish them can.';
}

/** The refusals of deleting and moving, worded for each (a move takes the subtree along). */
const REMOVAL_REFUSALS = {
  delete: {
    denied: 'You do not have permission to delete this page.',
    root: 'The root of the page tree cannot be deleted.',
    subpages: 'This page has subpages, and you do not have permission to delete a page with its subpages.',
    live: 'This page or one of its subpages is live, and you do not have permission to publish: only a user who may publish can delete live pages.',
    owner: 'You may only delete pages you created, and this page or one of its subpages was created by somebody else.',
  },
  move: {
    denied: 'You do not have permission to move this page.',
    root: 'The root of the page tree cannot be moved.',
    subpages: null,
    live: 'This page or one of its subpages is live, and you do not have permission to publish: only a user who may publish can move live pages.',
    owner: 'You may only move pages you created, and this page or one of its subpages was created by somebody else.',
  },
} as const;

/**
 * Why the user may not delete (or move) the page with its subtree, or null when they may
 * (Wagtail's can_delete, and can_move which is can_delete without the subpages rule): 'change'
 * may, but a live page in the subtree needs 'publish' too; 'add' alone covers only the user's own
 * pages, and only drafts unless they may publish; deleting subpages needs 'bulk_delete'.
 */
export function removalRefusal(perms: UserPermissions, page: PageFields, subtree: SubtreeFacts, verb: 'delete' | 'move'): string | null {
  const words = REMOVAL_REFUSALS[verb];
  if (!perms.user.is_active) return words.denied;
  if (page.depth <= 1) return words.root;
  const held = holdOn(perms, page);
  if (held) return held;
  if (perms.user.is_superuser) return null;
  const has = (permission: PagePermission) => hasPagePermission(perms, page, permission);
  if (words.subpages !== null && page.numchild > 0 && !has('bulk_delete')) return words.subpages;
  if (!has('change') && !has('add')) return words.denied;
  if (!has('change') && subtree.soleOwner !== perms.user.id) return words.owner;
  return subtree.anyLive && !has('publish') ? words.live : null;
}

/**
 * Why the user may not move the page under this destination, or null (Wagtail's can_move_to):
 * the page must be movable, the user needs 'add' at the destination, and moving live pages
 * there publishes into that section, so it needs 'publish' there too.
 */
export function moveToRefusal(perms: UserPermissions, page: PageFields, subtree: SubtreeFacts, destination: PageFields): string | null {
  const refusal = removalRefusal(perms, page, subtree, 'move');
  if (refusal !== null) return refusal;
  if (!hasPagePermission(perms, destination, 'add')) return 'You do not have permission to add pages under the destination.';
  if (subtree.anyLive && !hasPagePermission(perms, destination, 'publish'))
    return 'This page or one of its subpages is live, and you do not have permission to publish under the destination.';
  return null;
}

/** Whose drafts a user may read: every page's, or those under 'change' grants and their own under 'add' grants. */
export type DraftScope = { all: true } | { all: false; userId: number; changePaths: string[]; ownPaths: string[] };

/** The pages whose drafts the user may read, the edit rule without locks (search and history follow it). */
export function draftScopeOf(perms: UserPermissions): DraftScope {
  if (perms.user.is_active && perms.user.is_superuser) return { all: true };
  const pathsWith = (permission: PagePermission) => (perms.user.is_active ? perms.pageGrants.filter((grant) => grant.permission === permission).map((grant) => grant.path) : []);
  return { all: false, userId: perms.user.id, changePaths: pathsWith('change'), ownPaths: pathsWith('add') };
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
