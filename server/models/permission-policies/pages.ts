/**
 * Pages (Wagtail's PagePermissionPolicy and PagePermissionTester): permissions granted on a
 * page hold for its whole subtree; the tester answers, for one user and one page, each thing
 * the admin offers and each action checks, and says why not where the user is refused.
 */
import type { Page, PagePermission } from '../../db/schema';
import { parentPathOf } from '../pages';
import { BasePermissionPolicy, type UserGrants } from './base';
import { taskReviewPolicy } from './workflows';

/** What the page rules read of a page. */
export type PageFields = Pick<Page, 'path' | 'locked' | 'locked_by' | 'owner' | 'depth' | 'numchild' | 'live' | 'workflow_task_id'>;

/** What Wagtail's delete and move rules must know of a page's subtree, the page itself included. */
export interface SubtreeFacts {
  /** Whether the page or any page below it is live. */
  anyLive: boolean;
  /** The owner of every page of the subtree when they all share one, else null. */
  soleOwner: number | null;
}

/** Whose drafts a user may read: every page's, or those under 'change' grants and their own under 'add' grants. */
export type DraftScope = { all: true } | { all: false; userId: number; changePaths: string[]; ownPaths: string[] };

/** Page permissions granted on pages and held below them. */
export class PagePermissionPolicy extends BasePermissionPolicy<PagePermission, Pick<Page, 'path'>> {
  /** Whether the user holds the permission on some page. */
  userHasPermission(perms: UserGrants, action: PagePermission): boolean {
    if (!perms.user.is_active) return false;
    return perms.user.is_superuser || perms.pageGrants.some((grant) => grant.permission === action);
  }

  /** Whether the user holds the permission on this page, granted on it or on one of its ancestors. */
  userHasPermissionForInstance(perms: UserGrants, action: PagePermission, page: Pick<Page, 'path'>): boolean {
    if (!perms.user.is_active) return false;
    if (perms.user.is_superuser) return true;
    return perms.pageGrants.some((grant) => grant.permission === action && page.path.startsWith(grant.path));
  }

  /**
   * The pages the user may change, as Wagtail's instances_user_has_permission_for(user, 'change'):
   * 'change' above the page, or 'add' above a page they own; the edit rule without locks, which
   * search, history and the reports follow.
   */
  changeableScope(perms: UserGrants): DraftScope {
    if (perms.user.is_active && perms.user.is_superuser) return { all: true };
    const pathsWith = (permission: PagePermission) => (perms.user.is_active ? perms.pageGrants.filter((grant) => grant.permission === permission).map((grant) => grant.path) : []);
    return { all: false, userId: perms.user.id, changePaths: pathsWith('change'), ownPaths: pathsWith('add') };
  }
}

/** The one policy of pages. */
export const pagePolicy = new PagePermissionPolicy();

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
 * What a user may do with one page, following Wagtail's PagePermissionTester: 'change' edits
 * any page in the subtree, 'add' edits the pages the user owns, a lock held by somebody else
 * blocks edits and publishing, and so does a moderation task the user does not review (Wagtail's
 * workflow lock). Whatever changes the public site at once (unpublishing, privacy) needs
 * 'publish', and so does reordering, which moves the page in the live menus. Delete and move are
 * judged on the subtree: without its facts they are refused, so a caller that offers or runs
 * them must load the facts (subtreeFacts in page-listing.ts).
 */
export class PagePermissionTester {
  constructor(
    readonly perms: UserGrants,
    readonly page: PageFields,
    readonly subtree?: SubtreeFacts,
  ) {}

  private has(permission: PagePermission): boolean {
    return pagePolicy.userHasPermissionForInstance(this.perms, permission, this.page);
  }

  private get isRoot(): boolean {
    return this.page.depth <= 1;
  }

  // 'change' on the page, or 'add' on a page the user owns.
  private get mayChange(): boolean {
    const ownsIt = this.page.owner !== null && this.page.owner === this.perms.user.id && this.has('add');
    return !this.isRoot && (this.has('change') || ownsIt);
  }

  private get isHeld(): boolean {
    return this.isLockedAgainst() || this.isInModerationAgainst();
  }

  /** Whether the page is locked against this user (locked by somebody else). */
  isLockedAgainst(): boolean {
    return this.page.locked && this.page.locked_by !== this.perms.user.id;
  }

  /** Whether the page is in moderation against this user: only its task's reviewers may change it. */
  isInModerationAgainst(): boolean {
    return this.page.workflow_task_id !== null && !taskReviewPolicy.userHasPermissionForInstance(this.perms, 'review', this.page.workflow_task_id);
  }

  canEdit(): boolean {
    return this.mayChange && !this.isHeld;
  }

  canAddSubpage(): boolean {
    return this.has('add');
  }

  canPublish(): boolean {
    return !this.isRoot && this.has('publish') && !this.isHeld;
  }

  canUnpublish(): boolean {
    return this.unpublishRefusal() === null;
  }

  canDelete(): boolean {
    return this.subtree !== undefined && this.removalRefusal('delete') === null;
  }

  canMove(): boolean {
    return this.subtree !== undefined && this.removalRefusal('move') === null;
  }

  canReorder(): boolean {
    return this.reorderRefusal() === null;
  }

  canCopy(): boolean {
    return this.mayChange;
  }

  canLock(): boolean {
    return !this.isRoot && !this.page.locked && this.has('lock');
  }

  canUnlock(): boolean {
    return !this.isRoot && this.page.locked && (this.page.locked_by === this.perms.user.id || this.has('unlock'));
  }

  canViewRevisions(): boolean {
    return this.mayChange;
  }

  canSetPrivacy(): boolean {
    return this.privacyRefusal() === null;
  }

  /** Every answer at once, as the templates read them. */
  actions() {
    return {
      canEdit: this.canEdit(),
      canAddSubpage: this.canAddSubpage(),
      canPublish: this.canPublish(),
      canUnpublish: this.canUnpublish(),
      canDelete: this.canDelete(),
      canMove: this.canMove(),
      canReorder: this.canReorder(),
      canCopy: this.canCopy(),
      canLock: this.canLock(),
      canUnlock: this.canUnlock(),
      canViewRevisions: this.canViewRevisions(),
      canSetPrivacy: this.canSetPrivacy(),
    };
  }

  /** Whether the user may do this one action (delete and move need the subtree's facts). */
  can(action: PageActionName): boolean {
    return this.actions()[action];
  }

  // Why the page is held against the user (a lock, a moderation task), or null.
  private holdOn(): string | null {
    if (this.isLockedAgainst()) return 'This page is locked by another user.';
    if (this.isInModerationAgainst()) return 'This page is awaiting moderation: only the reviewers of its current task can change it.';
    return null;
  }

  /** Why the user may not unpublish the page, or null (Wagtail's can_unpublish: 'publish' on a live page). */
  unpublishRefusal(): string | null {
    if (this.isRoot) return 'The root of the page tree cannot be unpublished.';
    if (!this.page.live) return 'This page is not live.';
    return this.holdOn() ?? (this.has('publish') ? null : 'You do not have permission to publish this page, so you cannot unpublish it either.');
  }

  /** Why the user may not change who may see the page, or null (Wagtail's can_set_view_restrictions: as publishing). */
  privacyRefusal(): string | null {
    if (this.isRoot) return 'The root of the page tree has no privacy setting.';
    return this.holdOn() ?? (this.has('publish') ? null : 'You do not have permission to change the privacy of this page: only a user who may publish it can.');
  }

  /**
   * Why the user may not move the page up or down among its siblings, or null (Wagtail's
   * can_reorder_children, asked of the parent: 'publish' there, since the order shows at once in
   * the live menus). A lock or moderation task held by somebody else on the page blocks it too.
   */
  reorderRefusal(): string | null {
    if (this.isRoot) return 'The root of the page tree has no siblings to be ordered among.';
    const held = this.holdOn();
    if (held) return held;
    return pagePolicy.userHasPermissionForInstance(this.perms, 'publish', { path: parentPathOf(this.page.path) })
      ? null
      : 'You do not have permission to reorder these pages: only a user who may publish them can.';
  }

  /**
   * Why the user may not delete (or move) the page with its subtree, or null when they may
   * (Wagtail's can_delete, and can_move which is can_delete without the subpages rule): 'change'
   * may, but a live page in the subtree needs 'publish' too; 'add' alone covers only the user's own
   * pages, and only drafts unless they may publish; deleting subpages needs 'bulk_delete'.
   */
  removalRefusal(verb: 'delete' | 'move'): string | null {
    const subtree = this.subtree;
    if (!subtree) throw new Error('Deleting or moving a page is judged on its subtree: load its facts first.');
    const words = REMOVAL_REFUSALS[verb];
    if (!this.perms.user.is_active) return words.denied;
    if (this.isRoot) return words.root;
    const held = this.holdOn();
    if (held) return held;
    if (this.perms.user.is_superuser) return null;
    if (words.subpages !== null && this.page.numchild > 0 && !this.has('bulk_delete')) return words.subpages;
    if (!this.has('change') && !this.has('add')) return words.denied;
    if (!this.has('change') && subtree.soleOwner !== this.perms.user.id) return words.owner;
    return subtree.anyLive && !this.has('publish') ? words.live : null;
  }

  /**
   * Why the user may not move the page under this destination, or null (Wagtail's can_move_to):
   * the page must be movable, the user needs 'add' at the destination, and moving live pages
   * there publishes into that section, so it needs 'publish' there too.
   */
  moveToRefusal(destination: Pick<Page, 'path'>): string | null {
    const refusal = this.removalRefusal('move');
    if (refusal !== null) return refusal;
    if (!pagePolicy.userHasPermissionForInstance(this.perms, 'add', destination)) return 'You do not have permission to add pages under the destination.';
    if (this.subtree!.anyLive && !pagePolicy.userHasPermissionForInstance(this.perms, 'publish', destination))
      return 'This page or one of its subpages is live, and you do not have permission to publish under the destination.';
    return null;
  }
}

/** The answers of PagePermissionTester.actions(). */
export type PageActions = ReturnType<PagePermissionTester['actions']>;

/** One of the page actions, by name. */
export type PageActionName = keyof PageActions;
